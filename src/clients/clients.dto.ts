import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEnum, IsOptional, IsString, IsUUID, Length, Matches } from 'class-validator';
import { Role } from '../common/auth/role';
import { anyCaseOf } from '../common/validation/any-case';
import { CLIENT_HANDLE_PATTERN, CLIENT_HANDLE_RULE, normalizeClientHandle } from './client-handle';
import { Plan } from './entities/client-account.entity';

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

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

/** A client's sharing switch (PATCH /admin/clients/{clientHandle}). */
export class ClientSharingDto {
  @ApiProperty({ example: 'acme' })
  handle: string;

  @ApiProperty({
    example: false,
    description: "Whether the client's designs may be shared (POST /api/share/send).",
  })
  sharingEnabled: boolean;
}

export class UpdateClientDto {
  @ApiProperty({
    example: false,
    description:
      "Whether the client's designs may be shared; off, POST /api/share/send answers 401 and the client's share pages 410.",
  })
  @IsBoolean()
  sharingEnabled: boolean;
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
