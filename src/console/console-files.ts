import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../common/files/project-root';

/**
 * The console's Content-Security-Policy: its own scripts, styles and images only (no inline script
 * or style, no eval), requests to this origin only, never framed, forms only to this origin.
 * Renders and print files are same-origin images and links; `blob:` and `data:` images are the
 * component library's and the browser's own.
 */
export const CONSOLE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The built console (`npm run build`: Vite's output in dist/console). */
export interface ConsoleBuild {
  /** The folder its files are served from. */
  root: string;
  /** index.html, answered for every console path that is not a file (the app routes itself). */
  index: string;
}

/** The console's build, or null when dist/console has none (a checkout not built yet). */
export function loadConsoleBuild(
  root = join(projectRoot(), 'dist', 'console'),
): ConsoleBuild | null {
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) return null;
  return { root, index: readFileSync(indexPath, 'utf8') };
}

/** Vite's hashed output (assets/name-<hash>.js): the same URL always has the same bytes. */
export const HASHED_ASSET = /^assets\/\w[\w.-]*-[\w-]{8,}\.(js|css|svg|png|woff2)$/;
