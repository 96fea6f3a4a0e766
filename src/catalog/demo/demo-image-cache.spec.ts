import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rasterizeSvg } from '../../common/images/images';
import { cachedRaster, fillDemoImageCache } from './demo-image-cache';
import { svgDocument } from './svg';

const square = (colour: string) =>
  svgDocument(40, 40, `<rect width="40" height="40" fill="${colour}"/>`);

describe('demo image cache', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pci-demo-images-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('draws each picture once, and a start reads it instead of drawing it', async () => {
    expect(await fillDemoImageCache([square('red'), square('blue')], dir)).toBe(2);
    expect(await fillDemoImageCache([square('red'), square('blue')], dir)).toBe(0);
    const files = await readdir(dir);
    expect(files).toHaveLength(2);
    // The cached bytes are rasterizeSvg's own.
    const drawn = await rasterizeSvg(square('red'));
    const cached = await Promise.all(
      [square('red'), square('blue')].map((s) => cachedRaster(s, dir)),
    );
    expect(cached).toContainEqual(drawn);
    // What it returns is the file's content (not drawn again).
    for (const file of files) await writeFile(join(dir, file), 'cached');
    expect((await cachedRaster(square('red'), dir)).toString()).toBe('cached');
  });

  it('draws a picture the cache does not hold (a changed drawing)', async () => {
    await fillDemoImageCache([square('red')], dir);
    expect(await cachedRaster(square('green'), dir)).toEqual(await rasterizeSvg(square('green')));
    expect(await cachedRaster(square('green'), join(dir, 'missing'))).toEqual(
      await rasterizeSvg(square('green')),
    );
  });
});
