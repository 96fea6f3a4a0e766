import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { Role } from '../common/auth/role';
import { BodyLimit } from '../common/http/body-limit';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import {
  AcceptedAttemptEnvelopeDto,
  DeliveriesQueryDto,
  DeliveryPageDto,
  QueuedEnvelopeDto,
  ReplayDto,
} from './dto/delivery.dto';
import {
  ClientHandleQueryDto,
  CreatedEndpointEnvelopeDto,
  CreateEndpointDto,
  EndpointEnvelopeDto,
  EndpointListDto,
  SecretEnvelopeDto,
  UpdateEndpointDto,
} from './dto/endpoint.dto';
import { MAX_REPLAY_EVENTS, WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhookEndpointsService } from './webhook-endpoints.service';

const NOT_FOUND = "No such endpoint, or another client's.";
const ADMIN = 'Requires an Admin token (a ServiceAdmin may act for any client).';
const QUEUE_FULL =
  "The client's pending deliveries would pass WEBHOOK_CLIENT_QUEUE_LIMIT (default 20,000),";

/** A client's webhook endpoints, their delivery logs, and sending events again. */
@ApiTags('Webhooks')
@Controller('api/webhooks')
@Authenticated({ role: Role.Admin })
export class WebhookEndpointsController {
  constructor(
    private readonly endpoints: WebhookEndpointsService,
    private readonly deliveries: WebhookDeliveriesService,
  ) {}

  @Post('endpoints')
  @BodyLimit('16kb')
  @ApiOperation({
    operationId: 'createWebhookEndpoint',
    summary: 'Add a webhook endpoint',
    description: `Events of the client (those of \`eventTypes\`, or all) are POSTed to \`url\`, signed per Standard Webhooks (headers webhook-id, webhook-timestamp, webhook-signature) with the secret answered here, and only here. At most WEBHOOK_MAX_ENDPOINTS (default 10) per client, and WEBHOOK_ENDPOINT_DAILY_CREATIONS (default 50) created per UTC day. The URL's host is looked up within the client's own DNS budget (WEBHOOK_DNS_CONCURRENCY at once, WEBHOOK_DNS_LOOKUPS_PER_MINUTE) and WEBHOOK_DNS_TIMEOUT_MS (default 5 s). ${ADMIN}`,
  })
  @ApiCreatedResponse({ type: CreatedEndpointEnvelopeDto })
  @ApiTextError(
    400,
    'An invalid field, or a URL refused: not https, on a port not allowed (WEBHOOK_ALLOWED_PORTS, default 443 and 8443), with credentials, or a host that does not resolve (in time) or resolves to a loopback, private, link-local, metadata or IPv6 transition address.',
    'Invalid request: url: the host 10.0.0.5 is a private address.',
  )
  @ApiTextError(404, 'No such client (ServiceAdmin naming clientHandle).')
  @ApiTextError(409, 'The client has the most endpoints it may have.')
  @ApiTextError(
    429,
    'The client created WEBHOOK_ENDPOINT_DAILY_CREATIONS endpoints today (UTC), or is at its DNS lookup limit; the limit is named, Retry-After says when to try again.',
  )
  create(
    @CurrentActor() actor: Actor,
    @Query() q: ClientHandleQueryDto,
    @Body() dto: CreateEndpointDto,
  ): Promise<CreatedEndpointEnvelopeDto> {
    return this.endpoints.create(actor, q.clientHandle, dto).then((data) => ({ data }));
  }

  @Get('endpoints')
  @ApiOperation({
    operationId: 'listWebhookEndpoints',
    summary: "List the client's webhook endpoints",
    description: `Oldest first; secrets are never shown. ${ADMIN}`,
  })
  @ApiOkResponse({ type: EndpointListDto })
  @ApiTextError(400, 'An invalid clientHandle.')
  @ApiTextError(404, 'No such client (ServiceAdmin naming clientHandle).')
  async list(
    @CurrentActor() actor: Actor,
    @Query() q: ClientHandleQueryDto,
  ): Promise<EndpointListDto> {
    return { data: await this.endpoints.list(actor, q.clientHandle) };
  }

  @Get('endpoints/:id')
  @ApiOperation({
    operationId: 'getWebhookEndpoint',
    summary: 'Read a webhook endpoint',
    description: ADMIN,
  })
  @ApiOkResponse({ type: EndpointEnvelopeDto })
  @ApiTextError(404, NOT_FOUND)
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<EndpointEnvelopeDto> {
    return { data: await this.endpoints.get(actor, id) };
  }

  @Patch('endpoints/:id')
  @BodyLimit('16kb')
  @ApiOperation({
    operationId: 'updateWebhookEndpoint',
    summary: 'Change a webhook endpoint',
    description: `Changes the fields given. \`status: disabled\` stops deliveries (pending ones fail); \`enabled\` resumes them from the next event (replay what was missed). ${ADMIN}`,
  })
  // Without a body nothing changes (the endpoint is answered as it is).
  @ApiBody({ type: UpdateEndpointDto, required: false })
  @ApiOkResponse({ type: EndpointEnvelopeDto })
  @ApiTextError(400, 'An invalid field, or a URL refused (see POST).')
  @ApiTextError(404, NOT_FOUND)
  @ApiTextError(
    429,
    'The client is at its DNS lookup limit (named); Retry-After says when to try again.',
  )
  async update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() dto?: UpdateEndpointDto,
  ): Promise<EndpointEnvelopeDto> {
    return { data: await this.endpoints.update(actor, id, dto ?? {}) };
  }

  @Delete('endpoints/:id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteWebhookEndpoint',
    summary: 'Delete a webhook endpoint',
    description: `With its delivery log; its pending deliveries are dropped. ${ADMIN}`,
  })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiTextError(404, NOT_FOUND)
  async remove(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<void> {
    await this.endpoints.remove(actor, id);
  }

  @Post('endpoints/:id/rotate-secret')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'rotateWebhookSecret',
    summary: "Replace an endpoint's signing secret",
    description: `Answers the new secret (shown only here). For 24 hours deliveries carry two signatures, under the new and the old secret, so the receiver can switch without losing any. ${ADMIN}`,
  })
  @ApiOkResponse({ type: SecretEnvelopeDto })
  @ApiTextError(404, NOT_FOUND)
  async rotate(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<SecretEnvelopeDto> {
    return { data: { secret: await this.endpoints.rotate(actor, id) } };
  }

  @Post('endpoints/:id/test')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'testWebhookEndpoint',
    summary: 'Send a webhook.ping to an endpoint',
    description: `Queues a \`webhook.ping\` event for this endpoint only; its outcome shows in the delivery log. At most WEBHOOK_PINGS_PER_MINUTE (default 10) per client a minute. ${ADMIN}`,
  })
  @ApiAcceptedResponse({ type: AcceptedAttemptEnvelopeDto })
  @ApiTextError(404, NOT_FOUND)
  @ApiTextError(
    429,
    `${QUEUE_FULL} or over WEBHOOK_PINGS_PER_MINUTE. Retry-After says when to retry.`,
    'Rate limit exceeded: a client may ask for 10 test pings per minute (WEBHOOK_PINGS_PER_MINUTE); retry in 42 s.',
  )
  async test(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
  ): Promise<AcceptedAttemptEnvelopeDto> {
    return { data: await this.endpoints.test(actor, id) };
  }

  @Get('endpoints/:id/deliveries')
  @ApiOperation({
    operationId: 'listWebhookDeliveries',
    summary: "An endpoint's delivery attempts",
    description: `Newest first, at most 100 a page (\`limit\`, default 50); \`next\` is the cursor of the following page. ${ADMIN}`,
  })
  @ApiOkResponse({ type: DeliveryPageDto })
  @ApiTextError(400, 'An invalid status, limit or cursor.')
  @ApiTextError(404, NOT_FOUND)
  deliveriesOf(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() q: DeliveriesQueryDto,
  ): Promise<DeliveryPageDto> {
    return this.deliveries.page(actor, id, q);
  }

  @Post('endpoints/:id/replay')
  @BodyLimit('4kb')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'replayWebhookEvents',
    summary: 'Send the events of a time window again',
    description: `Queues the client's events created in [since, until) that the endpoint takes, in order (at most ${MAX_REPLAY_EVENTS} a replay, WEBHOOK_REPLAYS_PER_HOUR (default 20) replays per client an hour). ${ADMIN}`,
  })
  @ApiAcceptedResponse({ type: QueuedEnvelopeDto })
  @ApiTextError(400, `An invalid date, or more than ${MAX_REPLAY_EVENTS} events in the window.`)
  @ApiTextError(404, NOT_FOUND)
  @ApiTextError(
    429,
    `${QUEUE_FULL} or over WEBHOOK_REPLAYS_PER_HOUR. Retry-After says when to retry.`,
    'Rate limit exceeded: this client has 19950 webhook deliveries pending and this request would queue 100 more; a client may have at most 20000 (WEBHOOK_CLIENT_QUEUE_LIMIT). Retry once some are delivered.',
  )
  async replay(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() dto: ReplayDto,
  ): Promise<QueuedEnvelopeDto> {
    return { data: { queued: await this.deliveries.replay(actor, id, dto) } };
  }

  @Post('deliveries/:id/redeliver')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'redeliverWebhook',
    summary: 'Send a delivered (or failed) event again',
    description: `Sends the event of this attempt again to its endpoint, with the same webhook-id, as a new attempt. ${ADMIN}`,
  })
  @ApiAcceptedResponse({ type: AcceptedAttemptEnvelopeDto })
  @ApiTextError(404, "No such delivery, or another client's.")
  @ApiTextError(429, `${QUEUE_FULL}. Retry-After says when to retry.`)
  async redeliver(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
  ): Promise<AcceptedAttemptEnvelopeDto> {
    return { data: await this.deliveries.redeliver(actor, id) };
  }
}
