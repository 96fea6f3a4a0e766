import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
} from 'class-validator';
import { EVENT_TYPES } from '../../common/events/event-recorder';
import { OneLine } from '../../common/validation/one-line';

/** The event types an endpoint may subscribe to (a ping goes to the endpoint it is sent to). */
export const SUBSCRIBABLE_TYPES = EVENT_TYPES.filter((t) => t !== 'webhook.ping');

const URL_DESCRIPTION =
  'Where events are POSTed: an https URL (http, and private or loopback targets, only where the operator allows them: WEBHOOK_ALLOW_PRIVATE_TARGETS). Hosts that resolve to loopback, private, link-local or cloud metadata addresses are refused, when the endpoint is saved and again at every delivery.';

export class CreateEndpointDto {
  @ApiProperty({
    maxLength: 2048,
    minLength: 1,
    example: 'https://erp.example.com/hooks/customizer',
    description: URL_DESCRIPTION,
  })
  @IsString()
  @MinLength(1)
  @MaxLength(2048)
  url: string;

  @ApiPropertyOptional({
    type: [String],
    enum: SUBSCRIBABLE_TYPES,
    minItems: 1,
    maxItems: SUBSCRIBABLE_TYPES.length,
    nullable: true,
    description:
      'The event types to deliver (a type named twice counts once); omitted or null: all of them (new types too).',
    example: ['order.line_item.status_changed', 'print_files.ready'],
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(SUBSCRIBABLE_TYPES.length)
  @IsIn(SUBSCRIBABLE_TYPES, { each: true })
  eventTypes?: string[] | null;

  @OneLine({ required: false })
  @ApiPropertyOptional({
    maxLength: 500,
    nullable: true,
    example: 'ERP production',
    description: 'One line: control and bidirectional formatting characters are refused.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string | null;
}

/** The fields to change (any of the create body's) and the status. */
export class UpdateEndpointDto extends PartialType(CreateEndpointDto) {
  @ApiPropertyOptional({
    enum: ['enabled', 'disabled'],
    description:
      'disabled: nothing is delivered (pending deliveries fail); enabled: deliveries resume with the next event (replay what was missed).',
  })
  @IsOptional()
  @IsIn(['enabled', 'disabled'])
  status?: 'enabled' | 'disabled';
}

export class EndpointDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'https://erp.example.com/hooks/customizer' })
  url: string;

  @ApiProperty({
    type: [String],
    nullable: true,
    enum: SUBSCRIBABLE_TYPES,
    description: 'null: all event types.',
  })
  eventTypes: string[] | null;

  @ApiProperty({ type: String, nullable: true })
  description: string | null;

  @ApiProperty({ enum: ['enabled', 'disabled'] })
  status: 'enabled' | 'disabled';

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why the service disabled it (410 Gone, or deliveries failing for days).',
    example: null,
  })
  disabledReason: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt: string;
}

export class CreatedEndpointDto extends EndpointDto {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description:
      'The signing secret (Standard Webhooks: `whsec_` and base64). Shown only here and on rotation: keep it.',
  })
  secret: string;
}

export class EndpointEnvelopeDto {
  @ApiProperty({ type: EndpointDto })
  data: EndpointDto;
}

export class CreatedEndpointEnvelopeDto {
  @ApiProperty({ type: CreatedEndpointDto })
  data: CreatedEndpointDto;
}

export class EndpointListDto {
  @ApiProperty({ type: [EndpointDto] })
  data: EndpointDto[];
}

export class SecretDto {
  @ApiProperty({ example: 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD' })
  secret: string;
}

export class SecretEnvelopeDto {
  @ApiProperty({ type: SecretDto })
  data: SecretDto;
}

export class ClientHandleQueryDto {
  @ApiPropertyOptional({
    maxLength: 100,
    description:
      "The client to act for: a ServiceAdmin's choice; an Admin may only name its own client.",
    example: 'acme',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  clientHandle?: string;
}
