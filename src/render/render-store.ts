import { Injectable } from '@nestjs/common';
import { LOSSLESS_WEBP_MAX_PIXELS, transformBytes } from '../common/images/image-memory';
import { applyTransform } from '../common/images/transform';
import {
  ImageTransform,
  OUTPUT_FORMATS,
  OutputFormat,
  planLayout,
} from '../common/images/transform-layout';
import { SharedFlight } from '../common/redis/shared-flight';
import { SingleFlight } from '../common/scheduling/single-flight';
import { WorkPools } from '../common/scheduling/work-pools';
import { BlobExtension, BlobKeys } from '../common/storage/blob-keys';
import { BlobStore } from '../common/storage/blob-store';
import { AppConfig } from '../config/app-config';
import { WorkPolicy, WorkQuota } from '../plans';
import { DesignedRecipeSet } from '../recipe-sets';
import { ClientImages } from './client-images';
import { PixelSize, RenderInputs } from './render-inputs';
import { RENDER_INPUT_PIXEL_LIMIT, renderBytes, renderView } from './renderer';
import { RenderParameterInvalid } from './render.errors';

/** Blob-store namespace of transformed renders. */
const TRANSFORMS = 'transforms';

const EXTENSIONS: Record<OutputFormat, BlobExtension> = {
  png: 'png',
  jpeg: 'jpg',
  webp: 'webp',
  gif: 'gif',
};

/**
 * A transformation whose output has more pixels than this (2048 × 2048) costs about what a render
 * does (a 4096² lossless WebP: ~350 MB and seconds of CPU), so it takes a slot of the render pool,
 * where a client holds fewer at once, instead of the lighter transformation pool (issue 24, H6:
 * six such transformations of one client, two at a time, took the process to 1.2 GB).
 */
export const HEAVY_TRANSFORM_PIXELS = 2048 * 2048;

/**
 * The output pixels of `spec` applied to the render drawn from `inputs` (its crop aside, which
 * only ever takes pixels away from the source): known before anything is decoded.
 */
export function transformPixels(inputs: RenderInputs, spec: ImageTransform): number {
  const { width, height } = transformSize(inputs, spec);
  return width * height;
}

function transformSize(inputs: RenderInputs, spec: ImageTransform): PixelSize {
  const { width, height } = inputs.outputSize;
  const turned = spec.rotate === 90 || spec.rotate === 270;
  const layout = planLayout(turned ? height : width, turned ? width : height, spec);
  return { width: layout.canvasWidth, height: layout.canvasHeight };
}

/**
 * Refuses (400) a transformation its encoder cannot make within the image memory budget, known
 * from the render's size before anything is drawn: a lossless WebP over LOSSLESS_WEBP_MAX_PIXELS.
 */
export function checkEncodable(inputs: RenderInputs, spec: ImageTransform): void {
  if (spec.format !== 'webp' || !spec.webpLossless) return;
  const { width, height } = transformSize(inputs, spec);
  if (width * height <= LOSSLESS_WEBP_MAX_PIXELS) return;
  const grouped = (n: number): string => n.toLocaleString('en-US');
  throw new RenderParameterInvalid(
    'webp.lossless',
    'true',
    `The image asked for is ${width} × ${height} = ${grouped(width * height)} pixels; a lossless ` +
      `WebP is made of at most ${grouped(LOSSLESS_WEBP_MAX_PIXELS)} pixels (2048 × 2048). Ask ` +
      `for a smaller size, or for format=png (lossless as well).`,
  );
}

/** A render to look up or draw: its key and what it is drawn from. */
export interface RenderDraw {
  key: string;
  recipeSet: DesignedRecipeSet;
  inputs: RenderInputs;
}

/** How to treat what is stored: use it, know it is missing, or replace it (useCache=false). */
export type Lookup = 'lookup' | 'missing' | 'fresh';

/**
 * Renders and transformed renders in the blob store, each under a key of its inputs: looked up
 * first, else made once however many ask at the same time (in this process and, with Redis,
 * across instances), in the work pools where each client has its share, and counted against the
 * client's plan (policy `render`) only when made. So a repeated render or transformation costs a
 * lookup, and one client's burst waits behind itself.
 */
@Injectable()
export class RenderStore {
  private readonly flight = new SingleFlight<Buffer>();

  constructor(
    private readonly config: AppConfig,
    private readonly images: ClientImages,
    private readonly store: BlobStore,
    private readonly keys: BlobKeys,
    private readonly shared: SharedFlight,
    private readonly pools: WorkPools,
    private readonly quota: WorkQuota,
  ) {}

  /** The stored render under `draw.key`, drawn and stored on a miss (or afresh). */
  render({ key, recipeSet, inputs }: RenderDraw, lookup: Lookup): Promise<Buffer> {
    const draw = async (): Promise<Buffer> => {
      await this.quota.take(recipeSet.clientId, WorkPolicy.Render);
      const { png } = await this.pools.renders.run(recipeSet.clientId, () =>
        this.pools.memory.run(renderBytes(inputs), () =>
          renderView(inputs, recipeSet.design, this.images.forRender(recipeSet.clientId)),
        ),
      );
      // Afresh: whatever is stored under the key is replaced (e.g. repaired).
      await this.store.put(key, png, { replace: lookup === 'fresh' });
      return png;
    };
    return this.once(key, lookup, draw);
  }

  /** The key of a transformation of the render under `renderKey` (`transformKey` names it). */
  transformKey(renderKey: string, transformKey: string, format: OutputFormat): string {
    return this.keys.forInputs(
      TRANSFORMS,
      { render: renderKey, transform: transformKey },
      EXTENSIONS[format],
    );
  }

  /**
   * The render transformed by `transform`, stored under {@link transformKey}: made (from the
   * stored render, drawn first if need be) on a miss or afresh.
   */
  async transformed(
    draw: RenderDraw,
    transform: { key: string; spec: ImageTransform },
    lookup: 'lookup' | 'fresh',
  ): Promise<{ bytes: Buffer; contentType: string }> {
    const key = this.transformKey(draw.key, transform.key, transform.spec.format);
    const make = async (): Promise<Buffer> => {
      const png = await this.render(draw, lookup);
      await this.quota.take(draw.recipeSet.clientId, WorkPolicy.Render);
      const maxSide = this.config.render.maxSide;
      const outputPixels = transformPixels(draw.inputs, transform.spec);
      const pool =
        outputPixels > HEAVY_TRANSFORM_PIXELS ? this.pools.renders : this.pools.transforms;
      const { width, height } = draw.inputs.outputSize;
      const weight = transformBytes(width * height, outputPixels, transform.spec);
      const out = await pool.run(draw.recipeSet.clientId, () =>
        this.pools.memory.run(weight, () =>
          applyTransform(png, transform.spec, {
            maxInputPixels: RENDER_INPUT_PIXEL_LIMIT,
            maxOutputPixels: maxSide * maxSide,
          }),
        ),
      );
      await this.store.put(key, out.bytes, { replace: lookup === 'fresh' });
      return out.bytes;
    };
    const bytes = await this.once(key, lookup, make);
    return { bytes, contentType: OUTPUT_FORMATS[transform.spec.format] };
  }

  /** What is stored under `key`, or `make` it: once for all who ask at the same time. */
  private once(key: string, lookup: Lookup, make: () => Promise<Buffer>): Promise<Buffer> {
    return this.flight.run(key, async () => {
      // Asked to make afresh: nothing another instance stored will do.
      if (lookup === 'fresh') return make();
      const hit = lookup === 'lookup' ? await this.store.get(key) : undefined;
      if (hit) return hit;
      const { queueWaitMs, timeoutMs } = this.config.render;
      return this.shared.run(`render:${key}`, make, {
        lockMs: queueWaitMs + timeoutMs,
        settled: () => this.store.get(key),
      });
    });
  }
}
