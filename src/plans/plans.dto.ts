import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEnum, IsInt, IsOptional, Max, Min } from 'class-validator';
import { Plan } from '../clients';
import { anyCaseOf } from '../common/validation/any-case';

/**
 * A client's plan: a seeded one by name, or limits of its own (`limit` and `windowSeconds`
 * together, `monthlyCap` optional).
 */
export class SetPlanDto {
  @ApiPropertyOptional({
    enum: Plan,
    description:
      'A seeded plan (its limits apply; limits set earlier are dropped). Any case. Without limit and windowSeconds, required.',
  })
  @Transform(anyCaseOf(Plan))
  @IsOptional()
  @IsEnum(Plan, { message: 'plan must be free, standard or enterprise' })
  plan?: Plan;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 1_000_000, example: 5 })
  @IsOptional()
  @IsInt({ message: 'limit must be an integer' })
  @Min(1)
  @Max(1_000_000)
  limit?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 86_400, example: 60 })
  @IsOptional()
  @IsInt({ message: 'windowSeconds must be an integer' })
  @Min(1)
  @Max(86_400)
  windowSeconds?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: 1_000_000_000,
    nullable: true,
    example: 10_000,
    description: 'Requests per calendar month (UTC) with limits of its own; absent or null: none.',
  })
  @IsOptional()
  @IsInt({ message: 'monthlyCap must be an integer' })
  @Min(0)
  @Max(1_000_000_000)
  monthlyCap?: number | null;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 100_000_000,
    example: 50_000,
    description:
      "Uploaded assets, and active saved assets, the client's library may hold (409 beyond). Alone, it changes only this; with a plan or limits, absent means the plan's.",
  })
  @IsOptional()
  @IsInt({ message: 'libraryAssets must be an integer' })
  @Min(1)
  @Max(100_000_000)
  libraryAssets?: number;
}

export class ClientPlanDto {
  @ApiProperty({ example: 'acme' })
  clientHandle: string;

  @ApiProperty({ example: 'custom', description: 'free, standard, enterprise, or custom.' })
  plan: string;

  @ApiProperty({ example: 5 })
  limit: number;

  @ApiProperty({ example: 60 })
  windowSeconds: number;

  @ApiProperty({ type: Number, nullable: true, example: 10_000 })
  monthlyCap: number | null;

  @ApiProperty({ example: 42, description: 'Requests counted this calendar month (UTC).' })
  usedThisMonth: number;

  @ApiProperty({
    example: 100_000,
    description:
      "Uploaded assets, and active saved assets, the client's library may hold (each; 409 beyond).",
  })
  libraryAssets: number;
}
