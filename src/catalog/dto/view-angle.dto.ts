import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsNumber, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import { OptionalText } from '../../common/validation/lenient';
import { NestedList } from '../../common/validation/lists';
import { StringRecord } from '../../common/validation/records';
import { BLEND_MODES, BlendMode } from '../product-definition';
import { Handle } from './handle';

/** Largest side of a view angle or a camera output, in pixels. */
export const MAX_VIEW_PIXELS = 8000;
const LAYER_TYPES = ['image', 'fill', 'design'] as const;
const WHEN = {
  max: 20,
  optional: true,
  description:
    'Render-state values this layer needs (every entry must hold); absent = always drawn.',
  example: { lid: 'open' },
};

/** An integer number of view pixels from `min` to MAX_VIEW_PIXELS. */
const Pixels = (min: number): PropertyDecorator =>
  applyDecorators(
    ApiProperty({ type: 'integer', minimum: min, maximum: MAX_VIEW_PIXELS }),
    IsInt({ message: '$property must be an integer' }),
    Min(min),
    Max(MAX_VIEW_PIXELS),
  );

/**
 * One layer of a view angle. `type` says which fields apply:
 * - `image`: `imageId` (an uploaded catalog image), optional `blend` and `opacity`;
 * - `fill`: `maskImageId` tinted with the colour chosen for `option` (an option whose values have `hex`);
 * - `design`: the design of `location` fitted into the rectangle `x`, `y`, `width`, `height` (view
 *   pixels, top-left before rotation) rotated by `rotation` degrees about its centre, clipped by
 *   `maskImageId` and shaded by `overlayImageId` (both optional, view-sized).
 */
export class LayerDto {
  @ApiProperty({ enum: LAYER_TYPES, example: 'image' })
  @IsIn(LAYER_TYPES, { message: `$property must be one of: ${LAYER_TYPES.join(', ')}` })
  type: 'image' | 'fill' | 'design';

  /** `image` layers: the image drawn. */
  @ApiPropertyOptional({ type: 'integer', minimum: 1, example: 12 })
  @ValidateIf((l: LayerDto) => l.type === 'image')
  @IsInt()
  @Min(1)
  imageId?: number;

  /** `fill` layers (required) and `design` layers (optional): the mask. */
  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  @ValidateIf((l: LayerDto) => l.type === 'fill' || l.maskImageId !== undefined)
  @IsInt()
  @Min(1)
  maskImageId?: number;

  /** `fill` layers: the option whose chosen colour tints the mask. */
  @ApiPropertyOptional({ type: String, example: 'colour', maxLength: 64 })
  @ValidateIf((l: LayerDto) => l.type === 'fill')
  @Handle('colour')
  option?: string;

  /** `design` layers: the location whose design is drawn. */
  @ApiPropertyOptional({ type: String, example: 'front', maxLength: 64 })
  @ValidateIf((l: LayerDto) => l.type === 'design')
  @Handle('front')
  location?: string;

  @ApiPropertyOptional({ type: Number, minimum: -MAX_VIEW_PIXELS, maximum: MAX_VIEW_PIXELS })
  @ValidateIf((l: LayerDto) => l.type === 'design')
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-MAX_VIEW_PIXELS)
  @Max(MAX_VIEW_PIXELS)
  x?: number;

  @ApiPropertyOptional({ type: Number, minimum: -MAX_VIEW_PIXELS, maximum: MAX_VIEW_PIXELS })
  @ValidateIf((l: LayerDto) => l.type === 'design')
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-MAX_VIEW_PIXELS)
  @Max(MAX_VIEW_PIXELS)
  y?: number;

  @ApiPropertyOptional({ type: Number, minimum: 1, maximum: MAX_VIEW_PIXELS })
  @ValidateIf((l: LayerDto) => l.type === 'design')
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(1)
  @Max(MAX_VIEW_PIXELS)
  width?: number;

  @ApiPropertyOptional({ type: Number, minimum: 1, maximum: MAX_VIEW_PIXELS })
  @ValidateIf((l: LayerDto) => l.type === 'design')
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(1)
  @Max(MAX_VIEW_PIXELS)
  height?: number;

  @ApiPropertyOptional({ type: Number, minimum: -360, maximum: 360, example: 0 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-360)
  @Max(360)
  rotation?: number;

  /** `design` layers: a view-sized image multiplied over the design (folds, curvature). */
  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  @IsOptional()
  @IsInt()
  @Min(1)
  overlayImageId?: number;

  @ApiPropertyOptional({ enum: BLEND_MODES, default: 'over' })
  @IsOptional()
  @IsIn(BLEND_MODES, { message: `$property must be one of: ${BLEND_MODES.join(', ')}` })
  blend?: BlendMode;

  @ApiPropertyOptional({ type: Number, minimum: 0, maximum: 1, default: 1 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  opacity?: number;

  @StringRecord(WHEN)
  when?: Record<string, string>;
}

/** A named crop of a view angle (view pixels) and the output size it renders at by default. */
export class CameraDto {
  @Handle('Ortho')
  handle: string;

  @Pixels(0)
  x: number;

  @Pixels(0)
  y: number;

  @Pixels(1)
  width: number;

  @Pixels(1)
  height: number;

  @Pixels(1)
  outputWidth: number;

  @Pixels(1)
  outputHeight: number;
}

/** One picture of the product: native size and layers drawn in order (first = bottom). */
export class ViewAngleDto {
  @Handle('north', 'Free-form, unique within the product (case-insensitive): north, basic-2, boho.')
  handle: string;

  @OptionalText(200, { example: 'Front' })
  name?: string | null;

  @Pixels(1)
  width: number;

  @Pixels(1)
  height: number;

  @NestedList(LayerDto, { max: 50, min: 1 })
  layers: LayerDto[];

  @NestedList(CameraDto, { max: 20, optional: true })
  cameras?: CameraDto[];
}
