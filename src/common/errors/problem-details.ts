import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERROR_CODES, ErrorCode } from './error-codes';

export const PROBLEM_JSON = 'application/problem+json';

class ProblemFieldError {
  @ApiProperty({ example: 'lineItems[0].quantity' })
  field: string;

  @ApiProperty({ example: 'quantity must be an integer' })
  message: string;
}

/** RFC 9457 problem document: every 500, and every error for clients that ask for it. */
export class ProblemDetails {
  @ApiProperty({ example: 'about:blank' })
  type: string;

  @ApiProperty({ example: 'Internal Server Error' })
  title: string;

  @ApiProperty({ example: 500 })
  status: number;

  @ApiProperty({
    example:
      'An unexpected error occurred. Details: http://localhost:3000/logentry/detail/3f0c3f5e-7d4b-4a53-9a43-1f0b0c8f4c11',
  })
  detail: string;

  @ApiPropertyOptional({
    enum: [...ERROR_CODES],
    enumName: 'ErrorCode',
    example: 'INTERNAL_ERROR',
    description: 'Stable machine-readable code.',
  })
  code?: ErrorCode;

  @ApiPropertyOptional({ example: '5b7c1d2e-0f7a-4a7e-9d54-2b1b7d0c9a61' })
  requestId?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Id of the persisted log entry, when one exists.',
  })
  logId?: string;

  @ApiPropertyOptional({ type: [ProblemFieldError], description: 'Invalid fields (400 only).' })
  errors?: ProblemFieldError[];
}
