import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { Role } from '../common/auth/role';
import { Idempotent } from '../common/idempotency/idempotent.decorator';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { ApiClientHandleParam as CLIENT } from '../common/openapi/client-handle-param';
import { PRODUCT_EXAMPLE } from './catalog.examples';
import { CatalogService } from './catalog.service';
import { ProductEnvelopeDto, ProductInputDto, ProductListEnvelopeDto } from './dto/product.dto';

const PRODUCT = ApiParam({ name: 'productHandle', description: 'Any case.', example: 'demo-tee' });
const INVALID =
  "Invalid product: the field and rule, or the references that do not resolve (unknown location, option, render state or value; an image that is not one of the client's uploads; a camera outside its view).";

/** The Catalog area: a client's products. Reading needs any token of the client; writing, Admin. */
@ApiTags('Catalog')
@Authenticated()
@Controller('api/catalog/:clientHandle/products')
export class ProductsController {
  constructor(private readonly catalog: CatalogService) {}

  @Post()
  @Authenticated({ role: Role.Admin })
  @Idempotent()
  @CLIENT
  @ApiOperation({
    operationId: 'createProduct',
    summary: 'Create a product',
    description:
      'Creates a product of the client: options, SKUs, printable locations, view angles with their layers and cameras, render states and presets. Layer images are uploaded first (POST /api/catalog/{clientHandle}/images) and named by id. Every reference is checked. Requires an Admin token of the client (or ServiceAdmin).',
  })
  @ApiBody({ type: ProductInputDto, examples: { tee: { value: PRODUCT_EXAMPLE } } })
  @ApiCreatedResponse({ type: ProductEnvelopeDto })
  @ApiTextError(400, INVALID)
  @ApiTextError(403, 'The path names another client.')
  @ApiTextError(404, 'No such client (ServiceAdmin).')
  @ApiTextError(409, 'A product with this handle exists, or the catalog is full.')
  async createProduct(
    @CurrentActor() actor: Actor,
    @Param('clientHandle') clientHandle: string,
    @Body() body: ProductInputDto,
  ): Promise<ProductEnvelopeDto> {
    return { data: await this.catalog.create(actor, clientHandle, body) };
  }

  @Get()
  @CLIENT
  @ApiOperation({
    operationId: 'listProducts',
    summary: "List the client's products",
    description: 'Handle, name, version and times of every product, by handle.',
  })
  @ApiOkResponse({ type: ProductListEnvelopeDto })
  @ApiTextError(403, 'The path names another client.')
  @ApiTextError(404, 'No such client (ServiceAdmin).')
  async listProducts(
    @CurrentActor() actor: Actor,
    @Param('clientHandle') clientHandle: string,
  ): Promise<ProductListEnvelopeDto> {
    return { data: await this.catalog.list(actor, clientHandle) };
  }

  @Get(':productHandle')
  @CLIENT
  @PRODUCT
  @ApiOperation({
    operationId: 'getProduct',
    summary: 'Read a product',
    description: 'The whole definition, with its defaults filled in, version and times.',
  })
  @ApiOkResponse({ type: ProductEnvelopeDto })
  @ApiTextError(403, 'The path names another client.')
  @ApiTextError(404, 'No such product (or client).')
  async getProduct(
    @CurrentActor() actor: Actor,
    @Param('clientHandle') clientHandle: string,
    @Param('productHandle') productHandle: string,
  ): Promise<ProductEnvelopeDto> {
    return { data: await this.catalog.get(actor, clientHandle, productHandle) };
  }

  @Put(':productHandle')
  @Authenticated({ role: Role.Admin })
  @CLIENT
  @PRODUCT
  @ApiOperation({
    operationId: 'replaceProduct',
    summary: 'Replace a product',
    description:
      'Replaces the whole definition (the handle stays) and increments the version. Existing designs keep their data; locations they name that the product no longer has are not drawn. Requires an Admin token of the client (or ServiceAdmin).',
  })
  @ApiOkResponse({ type: ProductEnvelopeDto })
  @ApiTextError(400, `${INVALID} Or the body names another handle than the path.`)
  @ApiTextError(403, 'The path names another client.')
  @ApiTextError(404, 'No such product (or client).')
  async replaceProduct(
    @CurrentActor() actor: Actor,
    @Param('clientHandle') clientHandle: string,
    @Param('productHandle') productHandle: string,
    @Body() body: ProductInputDto,
  ): Promise<ProductEnvelopeDto> {
    return { data: await this.catalog.replace(actor, clientHandle, productHandle, body) };
  }

  @Delete(':productHandle')
  @HttpCode(204)
  @Authenticated({ role: Role.Admin })
  @CLIENT
  @PRODUCT
  @ApiOperation({
    operationId: 'deleteProduct',
    summary: 'Delete a product',
    description:
      'Deletes a product no recipe set is designed on (their renders and print files need it). Requires an Admin token of the client (or ServiceAdmin).',
  })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiTextError(403, 'The path names another client.')
  @ApiTextError(404, 'No such product (or client).')
  @ApiTextError(409, 'Recipe sets are designed on the product.')
  deleteProduct(
    @CurrentActor() actor: Actor,
    @Param('clientHandle') clientHandle: string,
    @Param('productHandle') productHandle: string,
  ): Promise<void> {
    return this.catalog.delete(actor, clientHandle, productHandle);
  }
}
