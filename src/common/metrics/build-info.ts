import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../files/project-root';

/** The version and commit of this build (dist/build-info.json, written by `npm run build`). */
export function buildInfo(root = projectRoot()): { version: string; commit: string } {
  try {
    const info = JSON.parse(readFileSync(join(root, 'dist', 'build-info.json'), 'utf8')) as {
      version?: unknown;
      commit?: unknown;
    };
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : 'unknown');
    return { version: text(info.version), commit: text(info.commit) };
  } catch {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      version: string;
    };
    return { version, commit: 'unknown' };
  }
}
