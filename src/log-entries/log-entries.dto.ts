import { ApiProperty } from '@nestjs/swagger';

export class LogEntryDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ example: 404 })
  status: number;

  @ApiProperty({ example: 'POST' })
  method: string;

  @ApiProperty({ example: '/api/order/acknowledgement' })
  route: string;

  @ApiProperty({ example: 'RECIPE_SET_NOT_FOUND' })
  code: string;

  @ApiProperty({ example: 'Recipe set ABCD2345 was not found.' })
  message: string;

  @ApiProperty({ example: '5b7c1d2e-0f7a-4a7e-9d54-2b1b7d0c9a61' })
  requestId: string;
}
