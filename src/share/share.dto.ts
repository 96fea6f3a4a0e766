import { ApiProperty } from '@nestjs/swagger';
import { OptionalText } from '../common/validation/lenient';
import { StringList } from '../common/validation/lists';
import { MAX_RECIPIENTS_PER_SHARE } from './recipients';

/** The spec's UserShare: whom to send a link to the recipe set, in which language. */
export class UserShareDto {
  @StringList({
    max: MAX_RECIPIENTS_PER_SHARE,
    optional: true,
    nullable: true,
    acceptOne: true,
    example: ['jane@example.com'],
    description: `E-mail addresses to send the link to. At most ${MAX_RECIPIENTS_PER_SHARE} recipients in all (addresses and numbers together); duplicates are sent once.`,
  })
  emailAddresses?: string[] | null;

  @StringList({
    max: MAX_RECIPIENTS_PER_SHARE,
    optional: true,
    nullable: true,
    acceptOne: true,
    example: ['+49 151 12345678'],
    description:
      'Telephone numbers to send the link to by SMS, with their country code (`+49…` or `0049…`; spaces, dashes and parentheses are ignored).',
  })
  phoneNumbers?: string[] | null;

  @OptionalText(36, {
    example: 'DEMTEE2A',
    description:
      'The recipe set to share: its readable id or UUID. Required when there are recipients.',
  })
  recipeSetReadableId?: string | null;

  @OptionalText(35, {
    example: 'de',
    description:
      'Language of the messages and the share page: en, de, fr, es or nl (a tag such as de-AT counts as de); any other, or none, is English.',
  })
  locale?: string | null;
}

export class ShareSentDto {
  @ApiProperty({
    type: Number,
    example: 2,
    description:
      'Recipients a link was sent to, or queued to be sent by the delivery job (0 when there was nothing to send).',
  })
  sent: number;

  @ApiProperty({
    type: Number,
    example: 0,
    description:
      "Recipients whose message is held in the outbox and never sent: a sandbox client's (GET /api/sandbox/messages lists them), or all of a channel the server has not configured (SMTP_URL, SMS_WEBHOOK_URL). `sent + held` is the number of recipients.",
  })
  held: number;
}

export class ShareLinkDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'DEMTEE2A' })
  recipeSetReadableId: string;

  @ApiProperty({ enum: ['email', 'sms'] })
  channel: 'email' | 'sms';

  @ApiProperty({ example: 'j***@example.com', description: 'The recipient, masked.' })
  recipient: string;

  @ApiProperty({ example: 'de' })
  locale: string;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revokedAt: string | null;
}

export class ShareLinkListDto {
  @ApiProperty({ type: [ShareLinkDto] })
  data: ShareLinkDto[];
}

/** The query of GET /api/share/links. */
export class ShareLinksQueryDto {
  @OptionalText(36, {
    example: 'DEMTEE2A',
    description: 'Only the links of this recipe set (readable id or UUID).',
  })
  recipeSetReadableId?: string | null;
}
