import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { newCapability } from '../common/crypto/capability';
import { ClientsService } from '../clients';
import { Actor } from '../common/auth/actor';
import { ClientAccess } from '../common/auth/client-access';
import { Clock } from '../common/clock/clock';
import {
  maskRecipient,
  MessageChannel,
  messageLocale,
  MessageOutbox,
  MessageQuota,
  OutboundMessage,
} from '../messages';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { EventRecorder } from '../common/events/event-recorder';
import { isUuid } from '../common/validation/uuid';
import { AppConfig } from '../config/app-config';
import { DesignedRecipeSet, RecipeSetDesignsService, RecipeStatus } from '../recipe-sets';
import { parseRecipients } from './recipients';
import { ShareLinkDto, ShareSentDto, UserShareDto } from './share.dto';
import {
  InvalidShareRequest,
  NotAvailableForSharing,
  ShareDailyLimitReached,
  ShareDeliveryRefused,
  ShareLinkNotFound,
} from './share.errors';
import { ListedShareLink, NewShareLink, ShareLinksRepository } from './share-links.repository';
import { shareEmail, ShareContent, shareSms } from './share-messages';

/** How long a share link works. */
export const SHARE_LINK_DAYS = 30;
const DAY_MS = 86_400_000;
/**
 * The request sends its messages itself after the commit; their jobs start this much later, and
 * normally find them sent (they send what the request could not).
 */
const JOB_DELAY_SECONDS = 30;
/** How long the request waits for its immediate attempts, in all. */
const DELIVER_NOW_MS = 5_000;

/** Sharing a recipe set (spec: POST /api/share/send), and the share links' administration. */
@Injectable()
export class ShareService {
  constructor(
    private readonly config: AppConfig,
    private readonly designs: RecipeSetDesignsService,
    private readonly clients: ClientsService,
    private readonly outbox: MessageOutbox,
    private readonly quota: MessageQuota,
    private readonly repo: ShareLinksRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly events: EventRecorder,
  ) {}

  /**
   * Sends a link to the recipe set to each recipient: the links, the day's count and the messages
   * are written in one transaction, then each message is attempted at once (a refusal for good
   * is ShareDeliveryRefused, 500; anything else is left to its job).
   */
  async send(actor: Actor, input: UserShareDto | undefined): Promise<ShareSentDto> {
    const parsed = parseRecipients(input?.emailAddresses ?? [], input?.phoneNumbers ?? []);
    if (!parsed.ok) throw new InvalidShareRequest(parsed.field, parsed.problem);
    const { emails, phones } = parsed.recipients;
    const count = emails.length + phones.length;
    const ref = input?.recipeSetReadableId?.trim();
    if (!ref) {
      if (count === 0) return { sent: 0, held: 0 };
      throw new InvalidShareRequest(
        'recipeSetReadableId',
        'recipeSetReadableId is required to share with recipients',
      );
    }
    const recipeSet = await this.designs.forPrint(actor, ref);
    await this.checkShareable(recipeSet);
    if (count === 0) return { sent: 0, held: 0 };

    const locale = messageLocale(input?.locale);
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + SHARE_LINK_DAYS * DAY_MS);
    const content = {
      locale,
      productName: recipeSet.product.definition.name,
      expiresAt,
    };
    const recipients: { channel: MessageChannel; to: string }[] = [
      ...emails.map((to) => ({ channel: 'email' as const, to })),
      ...phones.map((to) => ({ channel: 'sms' as const, to })),
    ];
    const links: NewShareLink[] = [];
    const messages = recipients.map(({ channel, to }): OutboundMessage => {
      const { token, hash } = newCapability();
      links.push({
        id: randomUUID(),
        clientId: recipeSet.clientId,
        recipeSetId: recipeSet.id,
        tokenHash: hash,
        channel,
        recipientHint: maskRecipient(channel, to),
        locale,
        createdAt: now,
        expiresAt,
      });
      const link = `${this.config.baseUrl}/share/${token}`;
      const c: ShareContent = { ...content, link, imageUrl: this.imageUrl(recipeSet, link) };
      const base = {
        kind: 'share',
        locale,
        clientId: recipeSet.clientId,
        to,
      };
      return channel === 'email'
        ? { ...base, channel, email: shareEmail(c) }
        : { ...base, channel, text: shareSms(c) };
    });

    const { ids, held } = await this.uow.run(async () => {
      const limit = this.config.shareDailyLimit;
      const claim = await this.quota.claim(recipeSet.clientId, 'share', count, limit, now);
      if (!claim.granted) throw new ShareDailyLimitReached(limit, claim.usedToday, count);
      await this.repo.insert(links);
      const queued = await this.outbox.enqueueCounted(messages, {
        jobDelaySeconds: JOB_DELAY_SECONDS,
      });
      // Counts, never whom.
      await this.events.record([
        {
          clientId: recipeSet.clientId,
          type: 'share.sent',
          data: {
            recipeSetReadableId: recipeSet.readableId,
            emailRecipients: links.filter((l) => l.channel === 'email').length,
            smsRecipients: links.filter((l) => l.channel === 'sms').length,
            shareLinkIds: links.map((l) => l.id),
          },
        },
      ]);
      return queued;
    });
    const refused = await this.outbox.deliverNow(ids, DELIVER_NOW_MS);
    if (refused.length > 0)
      throw new ShareDeliveryRefused(
        refused.map((r) => r.recipientHint),
        count - refused.length,
      );
    // Held messages (a sandbox client's, or of a channel not configured) are kept, not sent.
    return { sent: count - held, held };
  }

  /** The client's share links, of one recipe set when `ref` names one; newest first. */
  async list(actor: Actor, ref: string | undefined): Promise<ShareLinkDto[]> {
    const recipeSet = ref?.trim() ? await this.designs.forPrint(actor, ref) : undefined;
    const rows = await this.repo.list(recipeSet?.clientId ?? actor.clientId, recipeSet?.id);
    return rows.map(toLinkDto);
  }

  /** Withdraws a link: its page answers 410 from now on (revoking twice is no error). */
  async revoke(actor: Actor, id: string): Promise<void> {
    const link = isUuid(id.trim()) ? await this.repo.findById(id.trim()) : null;
    ClientAccess.owned(actor, link, () => new ShareLinkNotFound(id));
    await this.repo.revoke(id.trim(), this.clock.now());
  }

  /** 401 when the recipe set may not be shared: on hold, cancelled, or sharing switched off. */
  async checkShareable(recipeSet: DesignedRecipeSet): Promise<void> {
    const id = recipeSet.readableId;
    if (recipeSet.status === RecipeStatus.OnHold || recipeSet.status === RecipeStatus.Cancelled)
      throw new NotAvailableForSharing(
        `Recipe set ${id} is ${recipeSet.status}: it is not available for sharing.`,
      );
    if (!recipeSet.product.sharingEnabled)
      throw new NotAvailableForSharing(
        `Sharing is turned off for product ${recipeSet.product.definition.handle}: recipe set ${id} is not available for sharing.`,
      );
    if (!(await this.clients.sharingEnabled(recipeSet.clientHandle)))
      throw new NotAvailableForSharing(
        `Sharing is turned off for client ${recipeSet.clientHandle}: recipe set ${id} is not available for sharing.`,
      );
  }

  /**
   * The image of a share link (`{link}/image`): the recipe set's render from its product's first
   * view angle, served only while the link is live (see SharePageService.image); undefined when
   * the product has no view angle. Not a signed render URL: that would keep working after the
   * link is revoked or sharing is switched off.
   */
  imageUrl(recipeSet: DesignedRecipeSet, link: string): string | undefined {
    return this.imageView(recipeSet) === undefined ? undefined : `${link}/image`;
  }

  /** The view angle a share shows: the product's first. */
  imageView(recipeSet: DesignedRecipeSet): string | undefined {
    return recipeSet.product.definition.viewAngles[0]?.handle;
  }
}

function toLinkDto(l: ListedShareLink): ShareLinkDto {
  return {
    id: l.id,
    recipeSetReadableId: l.recipeSetReadableId,
    channel: l.channel,
    recipient: l.recipientHint,
    locale: l.locale,
    createdAt: l.createdAt.toISOString(),
    expiresAt: l.expiresAt.toISOString(),
    revokedAt: l.revokedAt?.toISOString() ?? null,
  };
}
