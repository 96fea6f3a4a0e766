import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEnum, IsOptional } from 'class-validator';
import { LenientInt } from '../../common/validation/lenient';
import { anyCaseOf } from '../../common/validation/any-case';
import { UserStatus } from '../../clients';

export const MAX_USER_PAGE_SIZE = 500;

export class ListUsersQueryDto {
  @ApiPropertyOptional({ enum: UserStatus, description: 'Only users in this status (any case).' })
  @Transform(anyCaseOf(UserStatus))
  @IsOptional()
  @IsEnum(UserStatus, { message: 'status must be Invited, Active or Disabled' })
  status?: UserStatus;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 })
  @IsOptional()
  @LenientInt(1, 1_000_000)
  page?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_USER_PAGE_SIZE, default: 100 })
  @IsOptional()
  @LenientInt(1, MAX_USER_PAGE_SIZE)
  pageSize?: number;
}
