import { sharp } from './sharp';
import { deflateBytes } from '../compression/zlib';
import { rawOf, Rgba } from './compose';

/**
 * Images and colours as PDF documents (src/common/pdf) hold them: an image's colour and alpha
 * planes, deflated, and `#rrggbb` colours converted to CMYK through an ICC profile as the images
 * are. By libvips and zlib, off the event loop.
 */

/**
 * The image's colour and its alpha as separate raw planes, each deflated (zlib): what a PDF image
 * and its soft mask hold. The colour is the image's RGB, or with `cmykProfile` (an ICC profile's
 * path) CMYK converted through that profile by libvips (perceptual intent). Done by libvips and
 * zlib off the event loop.
 */
export async function deflatedPlanes(
  image: Rgba,
  cmykProfile?: string,
): Promise<{ colour: Buffer; alpha: Buffer; components: 3 | 4 }> {
  const input = () => sharp(image.data, rawOf(image));
  const colourPipeline = input().removeAlpha();
  if (cmykProfile) colourPipeline.withIccProfile(cmykProfile, { attach: false });
  const [colour, alpha] = await Promise.all([
    colourPipeline.raw().toBuffer({ resolveWithObject: true }),
    input().extractChannel(3).raw().toBuffer(),
  ]);
  const components = cmykProfile ? 4 : 3;
  // libvips converts nothing, silently, with a profile it cannot read.
  if (colour.info.channels !== components)
    throw new Error(`colour conversion gave ${colour.info.channels} channels, not ${components}`);
  const [colourZ, alphaZ] = await Promise.all([deflateBytes(colour.data), deflateBytes(alpha)]);
  return { colour: colourZ, alpha: alphaZ, components };
}

/**
 * `#rrggbb` colours in CMYK (0–1 per ink) through the ICC profile at `cmykProfile`, as images are
 * converted (see deflatedPlanes): one row of pixels through libvips.
 */
export async function cmykColours(
  hexes: string[],
  cmykProfile: string,
): Promise<Map<string, [number, number, number, number]>> {
  const unique = [...new Set(hexes.map((h) => h.toLowerCase()))];
  const out = new Map<string, [number, number, number, number]>();
  if (unique.length === 0) return out;
  const row = Buffer.from(
    unique.flatMap((h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16))),
  );
  const { data, info } = await sharp(row, { raw: { width: unique.length, height: 1, channels: 3 } })
    .withIccProfile(cmykProfile, { attach: false })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4)
    throw new Error(`colour conversion gave ${info.channels} channels, not 4`);
  unique.forEach((hex, i) => {
    const [c, m, y, k] = [...data.subarray(i * 4, i * 4 + 4)].map((v) => v / 255);
    out.set(hex, [c, m, y, k]);
  });
  return out;
}
