import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Authenticated } from '../common/auth/access.decorators';
import { Role } from '../common/auth/role';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import {
  ClientDto,
  ClientSettingsDto,
  CreateClientDto,
  CreateTokenDto,
  IssuedTokenDto,
  TokenDto,
  UpdateClientDto,
} from './clients.dto';
import { ClientsService } from './clients.service';
import { TokensService } from './tokens.service';
import { BodyLimit } from '../common/http/body-limit';

/** Service administration: client accounts and their API tokens. ServiceAdmin only. */
@ApiTags('Admin')
@Authenticated({ role: Role.ServiceAdmin })
@Controller('admin')
export class AdminController {
  constructor(
    private readonly clients: ClientsService,
    private readonly tokens: TokensService,
  ) {}

  @Post('clients')
  @BodyLimit('16kb')
  @ApiOperation({
    operationId: 'createClient',
    summary: 'Create a client account',
    description:
      'Creates a client account with a unique handle (2–64 of a-z, 0-9, "-" and "_"). Issue a token for it with POST /admin/clients/{clientHandle}/tokens. Requires a ServiceAdmin token.',
  })
  @ApiCreatedResponse({ type: ClientDto })
  @ApiTextError(400, 'Invalid handle, name or plan.')
  @ApiTextError(409, 'The handle is taken.')
  createClient(@Body() body: CreateClientDto): Promise<ClientDto> {
    return this.clients.create(body);
  }

  @Get('clients')
  @ApiOperation({
    operationId: 'listClients',
    summary: 'List client accounts',
    description: 'Every client account, by handle. Requires a ServiceAdmin token.',
  })
  @ApiOkResponse({ type: [ClientDto] })
  listClients(): Promise<ClientDto[]> {
    return this.clients.list();
  }

  @Patch('clients/:clientHandle')
  @BodyLimit('16kb')
  @ApiOperation({
    operationId: 'updateClient',
    summary:
      "Change a client's settings: sharing, currency, sign-in and storefront URLs, SKU policy",
    description:
      "Changes the settings the body names and answers all of them as they are now (`{}` changes nothing). `sharingEnabled`: off, POST /api/share/send answers 401 for the client's recipe sets and the pages of links already sent answer 410; on again, those links work until they expire. `currency` (ISO 4217, any case): the currency of the catalog's prices on the availability pages. `signInUrl` (https): where the client's users sign in, linked from the invitation's success page. `storefrontUrl` (https, may hold `{readableId}` and `{productHandle}`): the share page's call to action. null (or \"\") removes a URL. `skuPolicy` (strict, warn or off): how acknowledgements check SKUs against the product (the client's Admins set it with PATCH /api/clients/{clientHandle}/order-settings). Requires a ServiceAdmin token.",
  })
  @ApiOkResponse({
    type: ClientSettingsDto,
    example: {
      handle: 'acme',
      name: 'Acme Apparel',
      sharingEnabled: true,
      currency: 'EUR',
      signInUrl: 'https://shop.example.com/account/sign-in',
      storefrontUrl: 'https://shop.example.com/designs/{readableId}',
      skuPolicy: 'strict',
    },
  })
  @ApiTextError(
    400,
    'sharingEnabled is not a boolean, currency no ISO 4217 code, a URL not an absolute https URL (or a storefront URL with another placeholder), or skuPolicy not strict, warn or off: the message names the value.',
  )
  @ApiTextError(404, 'No such client.')
  // Every setting is optional: no body, like `{}`, changes nothing and answers the settings.
  @ApiBody({ type: UpdateClientDto, required: false })
  updateClient(
    @Param('clientHandle') clientHandle: string,
    @Body() body?: UpdateClientDto,
  ): Promise<ClientSettingsDto> {
    return this.clients.updateSettings(clientHandle, body ?? {});
  }

  @Post('clients/:clientHandle/tokens')
  @BodyLimit('16kb')
  @ApiOperation({
    operationId: 'issueToken',
    summary: 'Issue an API token (the secret is shown once)',
    description:
      "Issues an API token for the client with the given role (a sandbox client's: User or Admin, never ServiceAdmin). The secret is in this response only: the service stores a hash of it. Requires a ServiceAdmin token.",
  })
  @ApiCreatedResponse({ type: IssuedTokenDto })
  @ApiTextError(
    400,
    "Invalid role, label or userId (a user who is not active, or a role above the user's), or a role above Admin for a sandbox client.",
  )
  @ApiTextError(404, 'No such client, or userId names no user of it.')
  issueToken(
    @Param('clientHandle') clientHandle: string,
    @Body() body: CreateTokenDto,
  ): Promise<IssuedTokenDto> {
    return this.tokens.issue(clientHandle, body);
  }

  @Get('clients/:clientHandle/tokens')
  @ApiOperation({
    operationId: 'listTokens',
    summary: "List a client's API tokens (never their secrets)",
    description:
      "The client's tokens, oldest first, with their ids, displayed prefixes, roles, labels, creation, last use and revocation times; never the secrets. Requires a ServiceAdmin token.",
  })
  @ApiOkResponse({ type: [TokenDto] })
  @ApiTextError(404, 'No such client.')
  listTokens(@Param('clientHandle') clientHandle: string): Promise<TokenDto[]> {
    return this.tokens.list(clientHandle);
  }

  @Delete('tokens/:tokenId')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'revokeToken',
    summary: 'Revoke an API token by id or displayed prefix',
    description:
      'Revokes a token by its id or by the prefix shown in listings; it stops working at once. Revoking a revoked token is not an error. Requires a ServiceAdmin token.',
  })
  @ApiNoContentResponse({ description: 'Revoked (or already revoked).' })
  @ApiTextError(404, 'No such token.')
  @ApiTextError(409, 'The prefix matches more than one token.')
  async revokeToken(@Param('tokenId') tokenId: string): Promise<void> {
    await this.tokens.revoke(tokenId);
  }
}
