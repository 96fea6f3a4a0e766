import { Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { SIGNATURE_PARAMS, UrlSigner } from '../common/auth/signed-urls';
import { pathAmbiguity, rawPathOf } from '../common/auth/unambiguous-path';
import { Clock } from '../common/clock/clock';
import { invalidField } from '../common/errors/domain-error';
import { AppConfig } from '../config/app-config';
import {
  DEFAULT_SIGNED_URL_SECONDS,
  SignedRenderUrlDto,
  SignRenderUrlDto,
} from './render-links.dto';
import { UnsignableUrl } from './render.errors';
import { RenderService } from './render.service';

/** The path every render URL starts with (then the recipe set, the view angle, …). */
export const RENDER_PATH = '/api/assets/generated/recipeset/readable/';

/**
 * Signed render URLs for `<img>` tags and e-mails (docs/design.md §9): a caller signs a render URL
 * of one of its recipe sets; the signed URL then works without the API token until it expires. The
 * URL is checked as the render route would check it, so a link never fails for a reason known now.
 */
@Injectable()
export class RenderLinksService {
  constructor(
    private readonly config: AppConfig,
    private readonly renders: RenderService,
    private readonly signer: UrlSigner,
    private readonly clock: Clock,
  ) {}

  async sign(actor: Actor, input: SignRenderUrlDto): Promise<SignedRenderUrlDto> {
    const max = this.config.signedUrlMaxSeconds;
    const seconds = input.expiresInSeconds ?? Math.min(DEFAULT_SIGNED_URL_SECONDS, max);
    if (seconds > max)
      throw invalidField('expiresInSeconds', `must be at most ${max} (SIGNED_URL_MAX_SECONDS)`);
    const { path, ref, segments, query } = renderUrlParts(input.url);
    const { url, recipeSet } = await this.renders.resolve(actor, ref, segments, query);
    // Every use of such a link would render afresh: not something to hand to the public.
    if (!url.useCache) throw new UnsignableUrl('useCache=false cannot be signed.');
    // Whole seconds: what the URL carries is what the answer says.
    const expiresAt = new Date(Math.floor(this.clock.now().getTime() / 1000 + seconds) * 1000);
    const signed = this.signer.sign(path, { clientHandle: recipeSet.clientHandle, expiresAt });
    return { url: `${this.config.baseUrl}${signed}`, expiresAt: expiresAt.toISOString() };
  }
}

/** The parts of a render URL (absolute or a path) the render route would see. */
function renderUrlParts(text: string): {
  path: string;
  ref: string;
  segments: string[];
  query: Record<string, string | string[]>;
} {
  let url: URL;
  try {
    url = new URL(text, 'http://relative.invalid');
  } catch {
    throw new UnsignableUrl('it is not a URL.');
  }
  if (
    !['http:', 'https:'].includes(url.protocol) ||
    (!/^https?:/i.test(text) && !text.startsWith('/'))
  )
    throw new UnsignableUrl('it must be an http(s) URL or a path starting with /.');
  // As given (a URL parser would resolve `..` and `\`) and as parsed: the route refuses both.
  const given = rawPathOf(text.replace(/#.*$/s, '').replace(/^https?:\/\/[^/?\\]*/i, ''));
  const problem = pathAmbiguity(given) ?? pathAmbiguity(url.pathname);
  if (problem !== undefined) throw new UnsignableUrl(`its path contains ${problem}.`);
  if (!url.pathname.toLowerCase().startsWith(RENDER_PATH))
    throw new UnsignableUrl(
      `only render URLs (${RENDER_PATH}{readableId}/{viewAngle}…) can be signed.`,
    );
  let parts: string[];
  try {
    parts = url.pathname
      .slice(RENDER_PATH.length)
      .split('/')
      .filter(Boolean)
      .map((s) => decodeURIComponent(s));
  } catch {
    throw new UnsignableUrl('its path has a malformed percent-encoding.');
  }
  const [ref, ...segments] = parts;
  if (!ref || segments.length === 0)
    throw new UnsignableUrl('it names no recipe set and view angle.');
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    if ((SIGNATURE_PARAMS as readonly string[]).includes(name)) continue;
    const had = query[name];
    query[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return { path: `${url.pathname}${url.search}`, ref, segments, query };
}
