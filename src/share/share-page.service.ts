import { Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { Role } from '../common/auth/role';
import { Clock } from '../common/clock/clock';
import { messageLocale, MessageLocale } from '../messages';
import { AppConfig } from '../config/app-config';
import { ClientsService, storefrontLink } from '../clients';
import { ProductNotFound } from '../catalog';
import { DesignedRecipeSet, RecipeSetDesignsService } from '../recipe-sets';
import { RenderService } from '../render';
import { renderShareErrorPage, renderSharePage, sharePagePolicy } from './share-page';
import { NotAvailableForSharing } from './share.errors';
import { capabilityHash, looksLikeCapability } from '../common/crypto/capability';
import { ShareService } from './share.service';
import { ShareLinksRepository } from './share-links.repository';

/** The share page's answer: its status, HTML and Content-Security-Policy. */
export interface SharePageAnswer {
  status: 200 | 404 | 410;
  html: string;
  policy: string;
}

/** The share image's answer: a redirect to the stored render, or why there is none. */
export type ShareImageAnswer = { status: 302; location: string } | { status: 404 | 410 };

/** A share link looked up by its token: live (with its recipe set), unknown, or gone. */
type LinkState =
  | { status: 200; locale: MessageLocale; recipeSet: DesignedRecipeSet; expiresAt: Date }
  | { status: 404 }
  | { status: 410; locale: MessageLocale };

/** The tokenId of the actor a live share link renders as (no API token is involved). */
const SHARE_LINK_TOKEN_ID = 'share-link';

/**
 * The public page a share link opens (`GET /share/{token}`) and its image
 * (`GET /share/{token}/image`): the token is the capability, looked up by its hash. An unknown
 * token is 404; a link that expired or was revoked, or whose recipe set may no longer be shared,
 * is 410 (Gone: it existed, and will not work again). The image is checked on every request like
 * the page, so the picture in a share e-mail stops when the link does.
 */
@Injectable()
export class SharePageService {
  constructor(
    private readonly config: AppConfig,
    private readonly repo: ShareLinksRepository,
    private readonly designs: RecipeSetDesignsService,
    private readonly share: ShareService,
    private readonly renders: RenderService,
    private readonly clock: Clock,
    private readonly clients: ClientsService,
  ) {}

  /** `preferred`: the visitor's language (Accept-Language), for the page of an unknown link. */
  async page(token: string, preferred: string | undefined): Promise<SharePageAnswer> {
    const state = await this.link(token);
    if (state.status === 404) return this.error(404, messageLocale(preferred));
    if (state.status === 410) return this.error(410, state.locale);
    const { locale, recipeSet, expiresAt } = state;
    const pageUrl = `${this.config.baseUrl}/share/${token}`;
    const client = await this.clients.settings(recipeSet.clientHandle);
    const productHandle = recipeSet.product.definition.handle;
    const html = renderSharePage({
      locale,
      productName: recipeSet.product.definition.name,
      clientName: client.name,
      pageUrl,
      imageUrl: this.share.imageUrl(recipeSet, pageUrl),
      orderUrl: client.storefrontUrl
        ? storefrontLink(client.storefrontUrl, { readableId: recipeSet.readableId, productHandle })
        : undefined,
      expiresAt,
    });
    return { status: 200, html, policy: this.policy() };
  }

  /** The render the link shows (its product's first view angle), while the link is live. */
  async image(token: string): Promise<ShareImageAnswer> {
    const state = await this.link(token);
    if (state.status !== 200) return { status: state.status };
    const { recipeSet } = state;
    const view = this.share.imageView(recipeSet);
    if (view === undefined) return { status: 404 };
    const actor: Actor = {
      clientId: recipeSet.clientId,
      clientHandle: recipeSet.clientHandle,
      role: Role.User,
      tokenId: SHARE_LINK_TOKEN_ID,
      sandbox: recipeSet.sandbox,
    };
    const answer = await this.renders.render(actor, recipeSet.id, [view], {});
    // Without transformation a render is always a redirect to the stored object.
    if (answer.kind !== 'redirect') throw new Error('a share image must be a stored render');
    return { status: 302, location: answer.location };
  }

  private async link(token: string): Promise<LinkState> {
    const link = looksLikeCapability(token)
      ? await this.repo.findByHash(capabilityHash(token))
      : null;
    if (!link) return { status: 404 };
    const locale = messageLocale(link.locale);
    if (link.revokedAt || link.expiresAt.getTime() <= this.clock.now().getTime())
      return { status: 410, locale };
    let recipeSet: DesignedRecipeSet | undefined;
    try {
      recipeSet = await this.designs.forJob(link.recipeSetId);
      if (recipeSet) await this.share.checkShareable(recipeSet);
    } catch (err) {
      // Not to be shared any more, or its product is gone: the link no longer works.
      if (err instanceof NotAvailableForSharing || err instanceof ProductNotFound)
        return { status: 410, locale };
      throw err;
    }
    if (!recipeSet) return { status: 410, locale };
    return { status: 200, locale, recipeSet, expiresAt: link.expiresAt };
  }

  private error(status: 404 | 410, locale: MessageLocale): SharePageAnswer {
    const html = renderShareErrorPage(locale, status === 404 ? 'unknown' : 'gone');
    return { status, html, policy: this.policy() };
  }

  /** The image comes from the API (the share link's image) and, after its redirect, the blob links. */
  private policy(): string {
    return sharePagePolicy([
      new URL(this.config.baseUrl).origin,
      new URL(this.config.cdnUrl).origin,
    ]);
  }
}
