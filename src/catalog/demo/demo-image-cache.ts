import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { projectRoot } from '../../common/files/project-root';
import { rasterizeSvg } from '../../common/images/images';

/**
 * The demo pictures rasterised once, at install time (scripts/embedded-template.ts), instead of on
 * a first start: drawing them took seconds of a first start's CPU (more on a busy machine). Each is
 * stored under the hash of its SVG, the rasterising code and sharp's version, so a changed drawing
 * or library is drawn afresh instead of read. The bytes are those rasterizeSvg gives.
 */
export function demoImageCacheDir(root = projectRoot()): string {
  return join(root, 'dist', 'demo-images');
}

let libraryVersion: string | undefined;
function sharpVersion(): string {
  try {
    const file = join(projectRoot(), 'node_modules', 'sharp', 'package.json');
    libraryVersion ??= (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    libraryVersion = 'unknown';
  }
  return libraryVersion;
}

function cacheFile(svg: string, dir: string): string {
  const key = createHash('sha256')
    .update(`${String(rasterizeSvg)}\n${sharpVersion()}\n${svg}`)
    .digest('base64url');
  return join(dir, `${key}.png`);
}

/** `svg` as PNG: from the cache when it holds it, else drawn. */
export async function cachedRaster(svg: string, dir = demoImageCacheDir()): Promise<Buffer> {
  try {
    return await readFile(cacheFile(svg, dir));
  } catch {
    return rasterizeSvg(svg);
  }
}

/** Draws into the cache each of `svgs` it lacks; returns how many it drew. */
export async function fillDemoImageCache(
  svgs: readonly string[],
  dir = demoImageCacheDir(),
): Promise<number> {
  await mkdir(dir, { recursive: true });
  let drawn = 0;
  for (const svg of svgs) {
    const file = cacheFile(svg, dir);
    try {
      await readFile(file);
      continue;
    } catch {
      // Not cached yet: drawn below.
    }
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, await rasterizeSvg(svg));
    await rename(partial, file);
    drawn++;
  }
  return drawn;
}
