/**
 * An in-memory stand-in for the routes the sandbox check calls (scripts/sandbox-check.ts), as a
 * `fetch`: events are recorded as the real service records them (the worker's print files at
 * once), and each is "delivered" to the endpoints taking it, answered as `answer` says.
 */

type Json = Record<string, unknown>;

export interface FakeEndpoint {
  url: string;
  eventTypes?: string[] | null;
  status?: 'enabled' | 'disabled';
}

export interface FakeOptions {
  sandbox?: boolean;
  role?: string;
  endpoints?: FakeEndpoint[];
  /** The status endpoint `index` (from 0) answers an event; 'never': no attempt is made. */
  answer?: (index: number, type: string) => number | 'never';
  products?: string[];
  /** A route's answer to replace ("POST /api/share/send"): its status and text. */
  fail?: Record<string, { status: number; text: string }>;
}

const ORDER_TYPES = [
  'order.acknowledged',
  'order.warning',
  'order.line_item.status_changed',
  'order.shipment.recorded',
];
const INVITATION_TOKEN = 'T'.repeat(43);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export class FakeSandboxApi {
  readonly calls: string[] = [];
  readonly events: { id: string; type: string; timestamp: string; data: Json }[] = [];
  readonly deliveries: Json[] = [];
  readonly endpoints: (FakeEndpoint & { id: string })[];
  private readonly sequences = new Map<string, number>();
  private readonly messages: Json[] = [];
  private invited?: string;
  private skuPolicy = 'strict';
  private counter = 0;

  constructor(private readonly options: FakeOptions = {}) {
    this.endpoints = (options.endpoints ?? [{ url: 'https://partner.example/hooks' }]).map(
      (e, i) => ({ ...e, id: `ep-${i + 1}` }),
    );
  }

  readonly fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    const method = init?.method ?? 'GET';
    const route = `${method} ${url.pathname}`;
    this.calls.push(route);
    const failure = this.options.fail?.[route];
    if (failure) return Promise.resolve(new Response(failure.text, { status: failure.status }));
    const body =
      typeof init?.body === 'string' && /^(POST|PATCH) \/api\//.test(route)
        ? (JSON.parse(init.body) as Json)
        : {};
    return Promise.resolve(this.route(method, url, body, init));
  };

  private record(type: string, data: Json): string {
    const id = `evt_${++this.counter}`;
    const po = ORDER_TYPES.includes(type) ? (data.purchaseOrderNumber as string) : undefined;
    if (po) this.sequences.set(po, (this.sequences.get(po) ?? 0) + 1);
    const full = {
      clientHandle: 'sbx',
      ...data,
      ...(po ? { sequence: this.sequences.get(po) } : {}),
    };
    this.events.push({ id, type, timestamp: new Date().toISOString(), data: full });
    this.endpoints.forEach((e, index) => {
      if (e.status === 'disabled') return;
      const takes =
        type === 'webhook.ping'
          ? data.endpointId === e.id
          : !e.eventTypes || e.eventTypes.includes(type);
      const status = takes ? (this.options.answer?.(index, type) ?? 200) : 'never';
      if (status === 'never') return;
      const ok = status >= 200 && status < 300;
      this.deliveries.unshift({
        endpointId: e.id,
        id: `att-${this.deliveries.length + 1}`,
        eventId: id,
        eventType: type,
        attempt: 1,
        status: ok ? 'succeeded' : 'failed',
        responseStatus: status,
        error: ok ? null : `HTTP ${status}`,
        createdAt: new Date().toISOString(),
      });
    });
    return id;
  }

  private route(method: string, url: URL, body: Json, init?: RequestInit): Response {
    const p = url.pathname;
    const route = `${method} ${p}`;
    let m: RegExpExecArray | null;
    if (route === 'GET /api/clients/current')
      return json({
        handle: 'sbx',
        name: 'Sandbox',
        role: this.options.role ?? 'Admin',
        sandbox: this.options.sandbox ?? true,
      });
    if (route === 'GET /api/webhooks/endpoints')
      return json({
        data: this.endpoints.map((e) => ({
          id: e.id,
          url: e.url,
          eventTypes: e.eventTypes ?? null,
          status: e.status ?? 'enabled',
        })),
      });
    if ((m = /^POST \/api\/webhooks\/endpoints\/([^/]+)\/test$/.exec(route)))
      return json(
        { data: { attemptId: 'a', eventId: this.record('webhook.ping', { endpointId: m[1] }) } },
        202,
      );
    if ((m = /^GET \/api\/webhooks\/endpoints\/([^/]+)\/deliveries$/.exec(route)))
      return json({ data: this.deliveries.filter((d) => d.endpointId === m![1]), next: null });
    if (route === 'GET /api/events') {
      const after = Number(url.searchParams.get('after')?.split('-')[1] ?? 0);
      const data = this.events.slice(after);
      return json({ data, next: `0-${after + data.length}` });
    }
    if (route === 'GET /api/catalog/sbx/products')
      return json({ data: (this.options.products ?? ['tee']).map((handle) => ({ handle })) });
    if ((m = /^GET \/api\/catalog\/sbx\/products\/([^/]+)$/.exec(route)))
      return json({
        data: {
          handle: m[1],
          locations: [{ handle: 'front', printArea: { widthMm: 300, heightMm: 400 } }],
          skus: [{ sku: 'TEE-WHT-M', options: { colour: 'white', size: 'M' }, unitPrice: 10 }],
        },
      });
    if (route === 'GET /api/clients/sbx/order-settings') return json({ skuPolicy: this.skuPolicy });
    if (route === 'PATCH /api/clients/sbx/order-settings') {
      this.skuPolicy = (body.skuPolicy as string | undefined) ?? this.skuPolicy;
      return json({ skuPolicy: this.skuPolicy });
    }
    if (route === 'POST /api/recipesets') {
      const readableId =
        (body.readableId as string | undefined) ??
        `RS${String(++this.counter).padStart(2, '0')}ABCD`;
      return json({ data: { readableId, status: 'Created' } }, 201);
    }
    if (route === 'POST /api/order/acknowledgement') {
      const po = body.purchaseOrderNumber as string;
      const lines = body.lineItems as { recipeSetId: string; skuQuantities?: { sku: string }[] }[];
      const ids = lines.map((l) => l.recipeSetId);
      this.record('order.acknowledged', { purchaseOrderNumber: po, recipeSetReadableIds: ids });
      const unlisted = lines.flatMap((l) => (l.skuQuantities ?? []).map((q) => q.sku));
      if (this.skuPolicy === 'warn' && unlisted.some((sku) => sku !== 'TEE-WHT-M'))
        this.record('order.warning', { purchaseOrderNumber: po, warningCount: unlisted.length });
      for (const id of ids) {
        this.record('recipe_set.status_changed', { recipeSetReadableId: id, status: 'Ordered' });
        const failing = id.startsWith('FAIL');
        this.record(failing ? 'print_files.failed' : 'print_files.ready', {
          recipeSetReadableId: id,
        });
      }
      return json({ purchaseOrderNumber: po, statuses: [], allSuccessful: true });
    }
    if ((m = /^POST \/api\/sandbox\/orders\/([^/]+)\/(advance|ship)$/.exec(route))) {
      const data = { purchaseOrderNumber: decodeURIComponent(m[1]) };
      if (m[2] === 'advance')
        this.record('order.line_item.status_changed', { ...data, status: body.to });
      else this.record('order.shipment.recorded', data);
      return json({ ...data, status: 'OK', details: `${m[2]} done` });
    }
    if (route === 'POST /api/share/send') {
      this.record('share.sent', {
        recipeSetReadableId: body.recipeSetReadableId,
        emailRecipients: 1,
      });
      return json({ sent: 1, held: 0 });
    }
    if (route === 'POST /api/user/invite') {
      this.invited = body.email as string;
      this.messages.unshift({
        id: 'm1',
        channel: 'email',
        kind: 'invitation',
        to: this.invited,
        subject: 'You are invited',
        text: `Set your password: http://api.test/invitation/${INVITATION_TOKEN}\n`,
        createdAt: new Date().toISOString(),
      });
      return json({ data: { id: 'user-1' } });
    }
    if (route === 'GET /api/sandbox/messages') return json({ data: this.messages });
    if (route === `GET /invitation/${INVITATION_TOKEN}`)
      return new Response(
        '<form method="post"><input type="hidden" name="form" value="F1"></form>',
        {
          headers: {
            'content-type': 'text/html',
            'set-cookie': 'pci_form=C1; Path=/invitation; HttpOnly',
          },
        },
      );
    if (route === `POST /invitation/${INVITATION_TOKEN}`) {
      const form = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
      const cookie = new Headers(init?.headers).get('cookie');
      const password = form.get('password') ?? '';
      if (form.get('form') !== 'F1' || cookie !== 'pci_form=C1')
        return new Response('CSRF', { status: 403 });
      if (password.length < 12 || password !== form.get('confirmation'))
        return new Response('weak', { status: 422 });
      this.record('user.invitation.accepted', { email: this.invited, role: 'User' });
      return new Response('<p>Done</p>', { headers: { 'content-type': 'text/html' } });
    }
    return new Response(`no fake for ${route}`, { status: 404 });
  }
}
