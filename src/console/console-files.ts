import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../common/files/project-root';

/** What the console's build has where each answer's nonce goes (console/vite.config.ts). */
export const CSP_NONCE_PLACEHOLDER = 'CONSOLE_CSP_NONCE';

/**
 * The console's Content-Security-Policy for an answer whose nonce is `nonce`: its own scripts, its
 * own styles and the `<style>` elements that carry the answer's nonce (React Aria adds two), no
 * other inline script or style, no eval; requests to this origin only, never framed, forms only
 * to this origin. Renders and print files are same-origin images and links; `blob:` and `data:`
 * images are the component library's and the browser's own.
 */
export const consolePolicy = (nonce: string): string =>
  [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** The page as answered once: a fresh nonce in its tags and in its policy. */
export function consolePage(build: ConsoleBuild): { html: string; policy: string } {
  const nonce = randomBytes(18).toString('base64');
  return {
    html: build.index.replaceAll(CSP_NONCE_PLACEHOLDER, nonce),
    policy: consolePolicy(nonce),
  };
}

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
