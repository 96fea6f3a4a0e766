import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../common/auth/access.decorators';
import { FONT_LIST_EXAMPLE, FontListDto } from './dto/font.dto';
import { FontsService } from './fonts.service';

@ApiTags('Fonts')
@Controller('api/fonts')
export class FontsController {
  constructor(private readonly fonts: FontsService) {}

  @Get()
  @Authenticated()
  @ApiOperation({
    operationId: 'listFonts',
    summary: 'The fonts text in a design can use',
    description:
      'The fonts bundled with the service, sorted by handle. Text elements of a design name one by its handle; renders and print files draw text from these font files only, so output is the same on every machine. Any token role.',
  })
  @ApiOkResponse({
    type: FontListDto,
    description: 'The bundled fonts.',
    example: FONT_LIST_EXAMPLE,
  })
  listFonts(): FontListDto {
    return { data: this.fonts.list() };
  }
}
