import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Actor } from '../common/auth/actor';
import { ValidationFailed } from '../common/errors/domain-error';
import { unstorableText } from '../common/validation/validation.pipe';
import { applyTransform } from '../common/images/transform';
import { BoundedPool } from '../common/scheduling/bounded-pool';
import { SingleFlight } from '../common/scheduling/single-flight';
import { withDeadline } from '../common/scheduling/deadline';
import { SharedFlight } from '../common/redis/shared-flight';
import { BlobKeys } from '../common/storage/blob-keys';
import { BlobLinks } from '../common/storage/blob-links';
import { BlobStore } from '../common/storage/blob-store';
import { AppConfig } from '../config/app-config';
import { ClientImages } from './client-images';
import { DesignedRecipeSet, RecipeSetDesignsService } from '../recipesets';
import { ParsedQuery } from './render-query';
import { parseRenderRequest, RenderUrl } from './render-request';
import { enlargedRenderSize } from './transform-plan';
import { RenderInputs, resolveRenderInputs } from './render-inputs';
import { RENDER_INPUT_PIXEL_LIMIT, renderView } from './renderer';
import { RenderTimedOut } from './render.errors';
import { noneMatchHits } from '../common/http/if-none-match';

/**
 * Part of every stored render's key: bump it when the renderer draws differently, so stored
 * renders of the old drawing are no longer used.
 */
export const RENDERER_VERSION = 2;
const RENDERS = 'renders';

interface ResolvedRender {
  url: RenderUrl;
  recipeSet: DesignedRecipeSet;
  inputs: RenderInputs;
}

export type RenderAnswer =
  | { kind: 'redirect'; location: string }
  | { kind: 'not-modified'; etag: string }
  | { kind: 'image'; bytes: Buffer; contentType: string; etag: string };

/**
 * The render route's work (DESIGN §7, §9): a render is stored in the blob store under a key that
 * hashes every input, so the same request maps to the same object and a new design version to a
 * new one. Without transformation the answer redirects to the stored render; with one, it is the
 * transformed bytes with an ETag. Renders run in a bounded pool; concurrent identical misses
 * render once (across instances with Redis); a caller waits at most RENDER_TIMEOUT_MS.
 */
@Injectable()
export class RenderService {
  private readonly pool: BoundedPool;
  /** Transformations of stored renders: lighter, so more at once, and never behind a render. */
  private readonly transforms: BoundedPool;
  private readonly flight = new SingleFlight<Buffer>();

  constructor(
    private readonly config: AppConfig,
    private readonly designs: RecipeSetDesignsService,
    private readonly images: ClientImages,
    private readonly store: BlobStore,
    private readonly keys: BlobKeys,
    private readonly links: BlobLinks,
    private readonly shared: SharedFlight,
  ) {
    const { concurrency, queue, queueWaitMs } = config.render;
    this.pool = new BoundedPool({
      concurrency,
      maxQueued: queue,
      maxWaitMs: queueWaitMs,
      what: 'renders',
    });
    this.transforms = new BoundedPool({
      concurrency: config.render.transformConcurrency,
      maxQueued: queue,
      maxWaitMs: queueWaitMs,
      what: 'image transformations',
    });
  }

  async render(
    actor: Actor,
    ref: string,
    segments: readonly string[],
    query: ParsedQuery,
    ifNoneMatch?: string,
  ): Promise<RenderAnswer> {
    const resolved = await this.resolve(actor, ref, segments, query);
    const { timeoutMs } = this.config.render;
    // The caller waits at most this long; the render itself goes on and is stored for the retry.
    return withDeadline(
      this.answer(resolved, ifNoneMatch),
      timeoutMs,
      () => new RenderTimedOut(timeoutMs),
    );
  }

  /**
   * The stored render of a view angle at its default size, states and camera (rendered on a
   * miss, as the route would): for documents that show the product, such as specification sheets.
   */
  async png(recipeSet: DesignedRecipeSet, viewAngle: string): Promise<Buffer> {
    const inputs = resolveRenderInputs(recipeSet.product.definition, recipeSet.options, {
      viewAngle,
    });
    const key = this.keys.forInputs(RENDERS, renderKeyInputs(recipeSet, inputs), 'png');
    return this.stored({ key, recipeSet, inputs }, 'lookup');
  }

  /**
   * What a render URL asks for, checked against the caller's recipe set and its product: 400 for
   * an invalid parameter, 404 for a recipe set the caller cannot see or an unknown view angle.
   */
  async resolve(
    actor: Actor,
    ref: string,
    segments: readonly string[],
    query: ParsedQuery,
  ): Promise<ResolvedRender> {
    // Like every text the API takes: storable, or 400 naming the parameter.
    const [unstorable] = unstorableText(query);
    if (unstorable)
      throw new ValidationFailed(
        `Invalid request: query parameter ${unstorable} must not contain NUL characters or unpaired surrogates.`,
      );
    const url = parseRenderRequest(segments, query, { maxDimension: this.config.render.maxSide });
    const recipeSet = await this.designs.forRender(actor, ref);
    const resolved = resolveRenderInputs(recipeSet.product.definition, recipeSet.options, {
      viewAngle: url.viewAngle,
      renderStateHandle: url.renderStateHandle,
      states: Object.entries(url.states),
      camera: url.camera,
    });
    // Asked for more pixels than the default render has: drawn at that size (its own stored render).
    const larger = url.transforms
      ? enlargedRenderSize(resolved.outputSize, url.transform, this.config.render.maxSide)
      : undefined;
    const inputs = larger ? { ...resolved, outputSize: larger } : resolved;
    return { url, recipeSet, inputs };
  }

  private async answer(
    { url, recipeSet, inputs }: ResolvedRender,
    ifNoneMatch: string | undefined,
  ): Promise<RenderAnswer> {
    const key = this.keys.forInputs(RENDERS, renderKeyInputs(recipeSet, inputs), 'png');
    const draw = { key, recipeSet, inputs };
    if (!url.transforms) {
      if (!url.useCache) await this.stored(draw, 'fresh');
      else if (!(await this.store.stat(key))) await this.stored(draw, 'missing');
      return { kind: 'redirect', location: this.links.url(key) };
    }
    const etag = `"${createHash('sha256').update(`${key}\n${url.transformKey}`).digest('base64url').slice(0, 32)}"`;
    if (url.useCache && noneMatchHits(ifNoneMatch, etag)) return { kind: 'not-modified', etag };
    const png = await this.stored(draw, url.useCache ? 'lookup' : 'fresh');
    const maxDimension = this.config.render.maxSide;
    const out = await this.transforms.run(() =>
      applyTransform(png, url.transform, {
        maxInputPixels: RENDER_INPUT_PIXEL_LIMIT,
        maxOutputPixels: maxDimension * maxDimension,
      }),
    );
    return { kind: 'image', bytes: out.bytes, contentType: out.contentType, etag };
  }

  /**
   * The stored render under `key`: looked up first (unless `fresh`, or already known `missing`),
   * else rendered and stored, once however many ask at the same time, in this process and (with
   * Redis) across instances.
   */
  private stored(
    { key, recipeSet, inputs }: { key: string; recipeSet: DesignedRecipeSet; inputs: RenderInputs },
    lookup: 'lookup' | 'missing' | 'fresh',
  ): Promise<Buffer> {
    const draw = async (): Promise<Buffer> => {
      const { png } = await this.pool.run(() =>
        renderView(inputs, recipeSet.design, this.images.forRender(recipeSet.clientId)),
      );
      // Afresh: whatever is stored under the key is replaced (e.g. repaired).
      await this.store.put(key, png, { replace: lookup === 'fresh' });
      return png;
    };
    return this.flight.run(key, async () => {
      // Asked to render afresh: nothing another instance stored will do.
      if (lookup === 'fresh') return draw();
      const hit = lookup === 'lookup' ? await this.store.get(key) : undefined;
      if (hit) return hit;
      const { queueWaitMs, timeoutMs } = this.config.render;
      return this.shared.run(`render:${key}`, draw, {
        lockMs: queueWaitMs + timeoutMs,
        settled: () => this.store.get(key),
      });
    });
  }
}

/** Everything a stored render depends on (the key hashes it with a server secret). */
function renderKeyInputs(recipeSet: DesignedRecipeSet, inputs: RenderInputs): unknown {
  return {
    renderer: RENDERER_VERSION,
    recipeSet: recipeSet.id,
    design: recipeSet.version,
    product: [recipeSet.product.id, recipeSet.product.version],
    options: recipeSet.options,
    view: inputs.view.handle,
    states: inputs.states,
    camera: inputs.camera,
    size: inputs.outputSize,
  };
}
