import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Actor } from '../common/auth/actor';
import { ValidationFailed } from '../common/errors/domain-error';
import { UNSTORABLE_RULE, unstorableText } from '../common/validation/storable-text';
import { withDeadline } from '../common/scheduling/deadline';
import { BlobKeys } from '../common/storage/blob-keys';
import { BlobLinks } from '../common/storage/blob-links';
import { BlobStore } from '../common/storage/blob-store';
import { AppConfig } from '../config/app-config';
import { DesignedRecipeSet, RecipeSetDesignsService } from '../recipe-sets';
import { ParsedQuery } from './render-query';
import { parseRenderRequest, RenderUrl } from './render-request';
import { enlargedRenderSize } from './transform-plan';
import { RenderInputs, resolveRenderInputs } from './render-inputs';
import { checkEncodable, RenderStore } from './render-store';
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
 * The render route's work (docs/design.md §7, §9): a render is stored in the blob store under a key
 * that hashes every input, so the same request maps to the same object and a new design version to
 * a new one. Without transformation the answer redirects to the stored render; with one, it is the
 * transformed bytes with an ETag, stored too under a key of the render and the transformation (see
 * {@link RenderStore}: pools shared fairly between clients, single flight, plan counting of work
 * only); a caller waits at most RENDER_TIMEOUT_MS.
 */
@Injectable()
export class RenderService {
  constructor(
    private readonly config: AppConfig,
    private readonly designs: RecipeSetDesignsService,
    private readonly store: BlobStore,
    private readonly keys: BlobKeys,
    private readonly links: BlobLinks,
    private readonly renders: RenderStore,
  ) {}

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
    return this.renders.render({ key, recipeSet, inputs }, 'lookup');
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
        `Invalid request: query parameter ${unstorable} ${UNSTORABLE_RULE}.`,
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
    if (url.transforms) checkEncodable(inputs, url.transform);
    return { url, recipeSet, inputs };
  }

  private async answer(
    { url, recipeSet, inputs }: ResolvedRender,
    ifNoneMatch: string | undefined,
  ): Promise<RenderAnswer> {
    const key = this.keys.forInputs(RENDERS, renderKeyInputs(recipeSet, inputs), 'png');
    const draw = { key, recipeSet, inputs };
    if (!url.transforms) {
      if (!url.useCache) await this.renders.render(draw, 'fresh');
      else if (!(await this.store.stat(key))) await this.renders.render(draw, 'missing');
      return { kind: 'redirect', location: this.links.url(key) };
    }
    const etag = `"${createHash('sha256').update(`${key}\n${url.transformKey}`).digest('base64url').slice(0, 32)}"`;
    if (url.useCache && noneMatchHits(ifNoneMatch, etag)) return { kind: 'not-modified', etag };
    const out = await this.renders.transformed(
      draw,
      { key: url.transformKey, spec: url.transform },
      url.useCache ? 'lookup' : 'fresh',
    );
    return { kind: 'image', bytes: out.bytes, contentType: out.contentType, etag };
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
