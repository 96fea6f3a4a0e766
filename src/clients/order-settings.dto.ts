import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { anyCaseOf } from '../common/validation/any-case';
import { DEFAULT_SKU_POLICY, IsSkuPolicy, SKU_POLICIES, SkuPolicy } from './client-settings';
import { SKU_POLICY_TEXT } from './clients.dto';

/** How the client's orders are checked (GET/PATCH /api/clients/{clientHandle}/order-settings). */
export class OrderSettingsDto {
  @ApiProperty({ enum: SKU_POLICIES, example: DEFAULT_SKU_POLICY, description: SKU_POLICY_TEXT })
  skuPolicy: SkuPolicy;
}

export class UpdateOrderSettingsDto {
  @ApiPropertyOptional({ enum: SKU_POLICIES, example: 'warn', description: SKU_POLICY_TEXT })
  @Transform(anyCaseOf(SKU_POLICIES))
  @IsOptional()
  @IsSkuPolicy()
  skuPolicy?: SkuPolicy;
}
