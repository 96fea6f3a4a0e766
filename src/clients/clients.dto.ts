import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEnum, IsOptional, IsString, IsUUID, Length, Matches } from 'class-validator';
import { Role } from '../common/auth/role';
import { anyCaseOf } from '../common/validation/any-case';
import { CLIENT_HANDLE_PATTERN, CLIENT_HANDLE_RULE, normalizeClientHandle } from './client-handle';
import {
  DEFAULT_CURRENCY,
  DEFAULT_SKU_POLICY,
  IsCurrency,
  IsPageUrl,
  IsSkuPolicy,
  MAX_URL_LENGTH,
  SKU_POLICIES,
  SkuPolicy,
  toCurrency,
  toPageUrl,
} from './client-settings';
import { Plan } from './entities/client-account.entity';

/** What the SKU policy does, for the settings' documentation. */
export const SKU_POLICY_TEXT = `How acknowledgements check each line item's SKU against its recipe set's product: \`strict\` (${DEFAULT_SKU_POLICY} unless set) refuses a recipe set whose SKU the product does not list or whose options contradict the design (422, nothing stored), \`warn\` accepts it and puts a warning in the print files' manifest, the specification PDF and an \`order.warning\` event, \`off\` does not check. Products without SKUs are never checked.`;

const toHandle = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? normalizeClientHandle(value) : value;

export class CreateClientDto {
  @ApiProperty({
    example: 'acme',
    pattern: CLIENT_HANDLE_PATTERN.source,
    description: 'Unique handle: 2–64 of a-z, 0-9, "-" and "_"; stored lower-case.',
  })
  @Transform(toHandle)
  @IsString()
  @Matches(CLIENT_HANDLE_PATTERN, { message: `handle must be ${CLIENT_HANDLE_RULE}` })
  handle: string;

  @ApiProperty({ example: 'Acme Apparel' })
  @IsString()
  @Length(1, 200)
  name: string;

  @ApiPropertyOptional({ enum: Plan, default: Plan.Standard })
  @Transform(anyCaseOf(Plan))
  @IsOptional()
  @IsEnum(Plan)
  plan?: Plan;

  @ApiPropertyOptional({
    default: false,
    description:
      'A sandbox client: its tokens start with `pci_test_`, nothing reaches a factory, its e-mail and SMS are held, and the /api/sandbox helpers drive its orders. Set at creation, never changed.',
  })
  @IsOptional()
  @IsBoolean()
  sandbox?: boolean;
}

export class ClientDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'acme' })
  handle: string;

  @ApiProperty({ example: 'Acme Apparel' })
  name: string;

  @ApiProperty({ enum: Plan })
  plan: Plan;

  @ApiProperty({
    example: false,
    description:
      'Whether this is a sandbox client (tokens `pci_test_…`, the /api/sandbox helpers).',
  })
  sandbox: boolean;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

/** A client's settings (PATCH /admin/clients/{clientHandle}, `client settings`). */
export class ClientSettingsDto {
  @ApiProperty({ example: 'acme' })
  handle: string;

  @ApiProperty({ example: 'Acme Apparel', description: 'The display name the pages show.' })
  name: string;

  @ApiProperty({
    example: true,
    description: "Whether the client's designs may be shared (POST /api/share/send).",
  })
  sharingEnabled: boolean;

  @ApiProperty({
    example: 'EUR',
    pattern: '^[A-Z]{3}$',
    description: `The currency of the catalog's prices (ISO 4217), as the availability pages show them; ${DEFAULT_CURRENCY} unless set.`,
  })
  currency: string;

  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uri',
    example: 'https://shop.example.com/account/sign-in',
    description:
      "Where the client's users sign in: the invitation's success page links to it. null: none (the page says to use the address the client gave them).",
  })
  signInUrl: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'https://shop.example.com/designs/{readableId}',
    description:
      "The client's storefront: the share page's call to action links to it, with `{readableId}` and `{productHandle}` filled in. null: the page has no link, and names the client to order from.",
  })
  storefrontUrl: string | null;

  @ApiProperty({ enum: SKU_POLICIES, example: DEFAULT_SKU_POLICY, description: SKU_POLICY_TEXT })
  skuPolicy: SkuPolicy;
}

export class UpdateClientDto {
  @ApiPropertyOptional({
    example: false,
    description:
      "Whether the client's designs may be shared; off, POST /api/share/send answers 401 and the client's share pages 410.",
  })
  @IsOptional()
  @IsBoolean()
  sharingEnabled?: boolean;

  @ApiPropertyOptional({
    example: 'EUR',
    description: "The currency of the catalog's prices: an ISO 4217 code (any case).",
  })
  @Transform(toCurrency)
  @IsOptional()
  @IsCurrency()
  currency?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'https://shop.example.com/account/sign-in',
    maxLength: MAX_URL_LENGTH,
    description:
      'Where users sign in: an absolute https URL, linked from the invitation\'s success page. null (or "") removes it.',
  })
  @Transform(toPageUrl)
  @IsOptional()
  @IsPageUrl()
  signInUrl?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'https://shop.example.com/designs/{readableId}',
    maxLength: MAX_URL_LENGTH,
    description:
      'The storefront the share page links to: an absolute https URL that may hold `{readableId}` and `{productHandle}` (filled in, URL-encoded). null (or "") removes it.',
  })
  @Transform(toPageUrl)
  @IsOptional()
  @IsPageUrl(true)
  storefrontUrl?: string | null;

  @ApiPropertyOptional({ enum: SKU_POLICIES, example: 'warn', description: SKU_POLICY_TEXT })
  @Transform(anyCaseOf(SKU_POLICIES))
  @IsOptional()
  @IsSkuPolicy()
  skuPolicy?: SkuPolicy;
}

export class CurrentClientDto extends ClientDto {
  @ApiProperty({ enum: Role, description: 'Role of the calling token.' })
  role: Role;
}

export class CreateTokenDto {
  @ApiProperty({ enum: Role, example: Role.User })
  @Transform(anyCaseOf(Role))
  @IsEnum(Role)
  role: Role;

  @ApiPropertyOptional({ example: 'ERP integration', maxLength: 200 })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  label?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description:
      "A user of the client the token belongs to: it then works only while that user is active, and its role is at most the user's.",
  })
  @IsOptional()
  @IsUUID('all', { message: 'userId must be a UUID' })
  userId?: string;
}

export class TokenDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({
    example: 'pci_Ab3dE9xY',
    description: 'First characters of the token, to recognise it.',
  })
  prefix: string;

  @ApiProperty({ example: 'acme' })
  clientHandle: string;

  @ApiProperty({ enum: Role })
  role: Role;

  @ApiProperty({ type: String, nullable: true })
  label: string | null;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The user it belongs to.',
  })
  userId: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revokedAt: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastUsedAt: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the token stops working by itself; null: it does not expire.',
  })
  expiresAt: string | null;
}

export class IssuedTokenDto extends TokenDto {
  @ApiProperty({
    description: 'The secret. Shown only in this response; store it now.',
    example: 'pci_Ab3dE9xY…',
  })
  token: string;
}
