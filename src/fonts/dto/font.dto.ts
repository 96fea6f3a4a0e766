import { ApiProperty } from '@nestjs/swagger';
import type { FontStyle } from '../font-registry';

export class FontDto {
  @ApiProperty({
    example: 'roboto-bold',
    description: 'Stable id to use as `font` in text elements of a design.',
  })
  handle: string;

  @ApiProperty({ example: 'Roboto' })
  family: string;

  @ApiProperty({ example: 700, description: 'CSS weight: 400 regular, 700 bold.' })
  weight: number;

  @ApiProperty({ enum: ['normal', 'italic'], example: 'normal' })
  style: FontStyle;

  @ApiProperty({ example: 'OFL-1.1', description: "SPDX identifier of the font's license." })
  license: string;
}

export const FONT_LIST_EXAMPLE = {
  data: [
    { handle: 'lobster', family: 'Lobster', weight: 400, style: 'normal', license: 'OFL-1.1' },
    { handle: 'roboto', family: 'Roboto', weight: 400, style: 'normal', license: 'OFL-1.1' },
    { handle: 'roboto-bold', family: 'Roboto', weight: 700, style: 'normal', license: 'OFL-1.1' },
  ],
};

export class FontListDto {
  @ApiProperty({ type: [FontDto], example: FONT_LIST_EXAMPLE.data })
  data: FontDto[];
}
