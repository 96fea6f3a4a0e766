import { ApiProperty } from '@nestjs/swagger';
import { UserRole } from '../../clients';

/** The signed-in user, as the console shows them. */
export class SessionUserDto {
  @ApiProperty({ format: 'uuid', example: '6f1c2a8e-3b7d-4c59-9e4f-0a2b3c4d5e6f' })
  id: string;

  @ApiProperty({ example: 'jane.doe@example.com' })
  email: string;

  @ApiProperty({ type: String, nullable: true, example: 'Jane' })
  firstName: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'Doe' })
  lastName: string | null;

  @ApiProperty({ enum: UserRole, example: UserRole.Admin })
  role: UserRole;
}

/** The client account the user belongs to. */
export class SessionClientDto {
  @ApiProperty({ example: 'acme' })
  handle: string;

  @ApiProperty({ example: 'Acme Corp' })
  name: string;

  @ApiProperty({ example: false })
  sandbox: boolean;
}

/** A console session: who is signed in, and what a request that changes something must carry. */
export class SessionDto {
  @ApiProperty({ type: SessionUserDto })
  user: SessionUserDto;

  @ApiProperty({ type: SessionClientDto })
  client: SessionClientDto;

  @ApiProperty({
    description:
      'Send it in the X-CSRF-Token header of every request under this session that changes something (POST, PUT, PATCH, DELETE). Derived from the session: the same for its whole life; GET /api/session answers it again.',
    example: 'Q2hhbmdlIG1lOiB0aGlzIGlzIGFuIGV4YW1wbGUgdG9rZW4u',
  })
  csrfToken: string;

  @ApiProperty({
    format: 'date-time',
    description: 'When the session ends however busy (SESSION_LIFETIME_HOURS after sign-in).',
    example: '2026-12-04T20:00:00.000Z',
  })
  expiresAt: string;

  @ApiProperty({
    description:
      'The session ends after this many seconds without a request (SESSION_IDLE_MINUTES).',
    example: 1800,
  })
  idleTimeoutSeconds: number;
}
