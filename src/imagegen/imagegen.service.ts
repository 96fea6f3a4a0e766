import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AssetsService, UploadedAssetDto } from '../assets';
import { Actor } from '../common/auth/actor';
import { invalidField } from '../common/errors/domain-error';
import { rasterizeSvg } from '../common/images/images';
import { IMAGE_FORMATS, ImageFormat } from './generators';
import { ImageDrawer } from './image-drawer';

/** A 200 answer: the image. */
export interface GeneratedImage {
  kind: 'image';
  bytes: Buffer;
  contentType: string;
  /** Strong ETag of the bytes: the same request always gives the same one. */
  etag: string;
  fileName: string;
}

/** A 201 answer: the image stored as an uploaded asset of the caller's client. */
export interface SavedImage {
  kind: 'saved';
  asset: UploadedAssetDto;
}

/**
 * Generated images: text in a bundled font, monograms, seeded patterns and QR codes, drawn as SVG
 * (ImageDrawer) and, for PNG, rasterised by libvips; answered, or saved as an uploaded asset.
 * Deterministic: the same request gives the same bytes.
 */
@Injectable()
export class ImageGenService {
  constructor(
    private readonly drawer: ImageDrawer,
    private readonly assets: AssetsService,
  ) {}

  /** The image, or the uploaded asset it was saved as (`save: true`); see ImageDrawer.draw. */
  async generate(
    actor: Actor,
    name: string,
    format: unknown,
    body: unknown,
  ): Promise<GeneratedImage | SavedImage> {
    const drawing = await this.drawer.draw(name, body);
    const wanted = parseFormat(format);
    if (drawing.save) {
      const asset = await this.assets.upload(actor.clientId, {
        bytes: await rasterizeSvg(drawing.svg),
        fileName: `${drawing.generator}.png`,
      });
      return { kind: 'saved', asset };
    }
    const bytes =
      wanted === 'svg' ? Buffer.from(drawing.svg, 'utf8') : await rasterizeSvg(drawing.svg);
    return {
      kind: 'image',
      bytes,
      contentType: IMAGE_FORMATS[wanted],
      etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`,
      fileName: `${drawing.generator}.${wanted}`,
    };
  }
}

/** `format` of the query: png (default) or svg, in any case; a 400 otherwise. */
function parseFormat(value: unknown): ImageFormat {
  if (value === undefined) return 'png';
  const wanted = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  if (wanted === 'png' || wanted === 'svg') return wanted;
  const rule = `must be one of: ${Object.keys(IMAGE_FORMATS).join(', ')}`;
  throw invalidField('format', rule);
}
