import request from 'supertest';
import { DeliveredEvent } from './webhook-receiver';
import { eventually, webhooksApi } from './webhooks';
import { TestApp } from '../setup/test-app';
import { TestClient } from '../factories/clients';
import { DEMO_TEE_SKU, line, order } from '../factories/orders';

/** Requests to the sandbox helpers and what a sandbox test reads back, as `client`. */
export function sandboxApi(t: TestApp, client: TestClient) {
  const auth = { SERVICE_API_TOKEN: client.token };
  const post = (path: string, body: object = {}) =>
    request(t.http).post(`/api/sandbox${path}`).set(auth).send(body);
  const events = webhooksApi(t, client.token);
  return {
    post,
    advance: (po: string, body: object) => post(`/orders/${encodeURIComponent(po)}/advance`, body),
    ship: (po: string, body: object = {}) => post(`/orders/${encodeURIComponent(po)}/ship`, body),
    cancel: (po: string, body: object = {}) =>
      post(`/orders/${encodeURIComponent(po)}/cancel`, body),
    run: (po: string, scenario: string) =>
      post(`/orders/${encodeURIComponent(po)}/run`, { scenario }),
    failPrintFiles: (id: string, reason: string) =>
      post(`/recipesets/${id}/print-files/fail`, { reason }),
    messages: () => request(t.http).get('/api/sandbox/messages').set(auth),
    /** Acknowledges `po` naming `ids`, each with `sku` (200 expected). */
    async acknowledge(po: string, ids: string[], sku = DEMO_TEE_SKU) {
      const res = await request(t.http)
        .post('/api/order/acknowledgement')
        .set(auth)
        .send(
          order(
            po,
            ids.map((id) => line(id, sku)),
          ),
        );
      if (res.status !== 200)
        throw new Error(`acknowledgement answered ${res.status}: ${res.text}`);
    },
    readOrder: (po: string) =>
      request(t.http)
        .get(`/api/order/order-number/${encodeURIComponent(po)}`)
        .set(auth),
    /** The client's events matching `query`, oldest first. */
    events: (query: Record<string, string> = {}) => events.allEvents(query),
    /** Waits until the events matching `query` number at least `count`; answers them. */
    eventsUntil: (query: Record<string, string>, count: number, timeoutMs = 60_000) => {
      let seen: DeliveredEvent[] = [];
      return eventually(
        `${count} events ${JSON.stringify(query)}`,
        async () => {
          seen = await events.allEvents(query);
          return seen.length >= count ? seen : undefined;
        },
        timeoutMs,
        () =>
          `; seen ${JSON.stringify(
            seen.map((e) => [e.type, e.data]),
            null,
            1,
          )}`,
      );
    },
  };
}

/** The type and sequence of order events, and the statuses they name. */
export const orderEventSummary = (events: DeliveredEvent[]) =>
  events.map((e) => ({
    type: e.type,
    sequence: e.data.sequence,
    recipeSetReadableId: e.data.recipeSetReadableId,
    ...(e.type === 'order.line_item.status_changed' ? { status: e.data.status } : {}),
  }));
