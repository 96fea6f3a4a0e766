import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEnum, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { anyCaseOf } from '../../common/validation/any-case';
import { IsPlainEmail } from '../../common/validation/email';
import { UserRole, UserStatus } from '../../clients';

const trimmed = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

/** The invitation request (the spec leaves its fields open). */
export class InviteUserDto {
  @ApiProperty({ example: 'jane.doe@example.com', maxLength: 254, format: 'email' })
  @Transform(trimmed)
  @IsString()
  @MaxLength(254)
  @IsPlainEmail()
  email: string;

  @ApiPropertyOptional({ example: 'Jane', maxLength: 100 })
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  @MaxLength(100)
  firstName?: string;

  @ApiPropertyOptional({ example: 'Doe', maxLength: 100 })
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  @MaxLength(100)
  lastName?: string;

  @ApiPropertyOptional({ enum: UserRole, default: UserRole.User, description: 'Any case.' })
  @Transform(anyCaseOf(UserRole))
  @IsOptional()
  @IsEnum(UserRole, { message: 'role must be User or Admin' })
  role?: UserRole;

  @ApiPropertyOptional({
    example: 'de',
    description:
      'Language of the invitation and the acceptance page (a language tag; en, de, fr, es and nl are written, others get en).',
  })
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$/, {
    message: 'locale must be a language tag such as de or de-AT',
  })
  @MaxLength(35)
  locale?: string;
}

/** A change an Admin makes to a user: disable, enable (Active), or the role. */
export class UpdateUserDto {
  @ApiPropertyOptional({
    enum: [UserStatus.Active, UserStatus.Disabled],
    description:
      'Disabled: the user can no longer sign in and their API tokens stop working. Active: enabled again (a user who never accepted the invitation goes back to Invited).',
  })
  @Transform(anyCaseOf(UserStatus))
  @IsOptional()
  @IsIn([UserStatus.Active, UserStatus.Disabled], { message: 'status must be Active or Disabled' })
  status?: UserStatus.Active | UserStatus.Disabled;

  @ApiPropertyOptional({ enum: UserRole })
  @Transform(anyCaseOf(UserRole))
  @IsOptional()
  @IsEnum(UserRole, { message: 'role must be User or Admin' })
  role?: UserRole;
}

export class UserDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'jane.doe@example.com' })
  email: string;

  @ApiProperty({ type: String, nullable: true, example: 'Jane' })
  firstName: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'Doe' })
  lastName: string | null;

  @ApiProperty({ enum: UserRole })
  role: UserRole;

  @ApiProperty({ enum: UserStatus })
  status: UserStatus;

  @ApiProperty({ example: 'de' })
  locale: string;

  @ApiProperty({ example: 'acme' })
  clientHandle: string;

  @ApiProperty({ format: 'date-time', description: 'When the (last) invitation was sent.' })
  invitedDate: string;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the invitation expires (null once accepted).',
  })
  invitationExpiresDate: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  acceptedDate: string | null;

  @ApiProperty({ format: 'date-time' })
  lastModification: string;
}

export class UserEnvelopeDto {
  @ApiProperty({ type: UserDto })
  data: UserDto;
}

export class UserListDto {
  @ApiProperty({ type: [UserDto] })
  data: UserDto[];
}

/** The Credentials request of the spec. */
export class CredentialsDto {
  @ApiProperty({ example: 'jane.doe@example.com' })
  @IsString()
  @MaxLength(1000)
  email: string;

  @ApiProperty({ example: 'violet tractor 42 sings', format: 'password' })
  @IsString()
  @MaxLength(1000)
  password: string;
}
