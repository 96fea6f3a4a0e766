import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { MessageLocale, messageLocale } from '../common/messages/message-templates';
import { AppConfig } from '../config/app-config';
import { ProductNotFound } from '../catalog';
import { DesignedRecipeSet, RecipeSetDesignsService } from '../recipesets';
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

/**
 * The public page a share link opens (`GET /share/{token}`): the token is the capability, looked
 * up by its hash. An unknown token is 404; a link that expired or was revoked, or whose recipe set
 * may no longer be shared, is 410 (Gone: it existed, and will not work again).
 */
@Injectable()
export class SharePageService {
  constructor(
    private readonly config: AppConfig,
    private readonly repo: ShareLinksRepository,
    private readonly designs: RecipeSetDesignsService,
    private readonly share: ShareService,
    private readonly clock: Clock,
  ) {}

  /** `preferred`: the visitor's language (Accept-Language), for the page of an unknown link. */
  async page(token: string, preferred: string | undefined): Promise<SharePageAnswer> {
    const link = looksLikeCapability(token)
      ? await this.repo.findByHash(capabilityHash(token))
      : null;
    if (!link) return this.error(404, messageLocale(preferred));
    const locale = messageLocale(link.locale);
    if (link.revokedAt || link.expiresAt.getTime() <= this.clock.now().getTime())
      return this.error(410, locale);
    let recipeSet: DesignedRecipeSet | undefined;
    try {
      recipeSet = await this.designs.forJob(link.recipeSetId);
      if (recipeSet) await this.share.checkShareable(recipeSet);
    } catch (err) {
      // Not to be shared any more, or its product is gone: the link no longer works.
      if (err instanceof NotAvailableForSharing || err instanceof ProductNotFound)
        return this.error(410, locale);
      throw err;
    }
    if (!recipeSet) return this.error(410, locale);
    const html = renderSharePage({
      locale,
      productName: recipeSet.product.definition.name,
      pageUrl: `${this.config.baseUrl}/share/${token}`,
      imageUrl: this.share.renderUrl(recipeSet, link.expiresAt),
      expiresAt: link.expiresAt,
    });
    return { status: 200, html, policy: this.policy() };
  }

  private error(status: 404 | 410, locale: MessageLocale): SharePageAnswer {
    const html = renderShareErrorPage(locale, status === 404 ? 'unknown' : 'gone');
    return { status, html, policy: this.policy() };
  }

  /** Renders come from the API (a signed URL) and, after its redirect, from the blob links. */
  private policy(): string {
    return sharePagePolicy([
      new URL(this.config.baseUrl).origin,
      new URL(this.config.cdnUrl).origin,
    ]);
  }
}
