import { Exchange } from '../support/processes/http';
import { orderBody } from '../support/processes/orders';
import { expectResponsive, responsivenessDuring } from './support/liveness';
import { useRig } from './support/rig';

/**
 * Finding H1 (issue 24): a JSON object of 250,000 keys (4 MB, under JSON_BODY_LIMIT) cost
 * class-transformer O(n²), 66 s of blocked event loop, and needed no token. Now the public route
 * refuses it by its own body limit, any route refuses it before parsing (JSON_MAX_OBJECT_KEYS),
 * and the liveness check keeps answering meanwhile. The bodies are encoded before the probing
 * starts: encoding 4 MB in this process would hold the probe's own event loop.
 */
const PAD_KEYS = 250_000;
const pad = (): Record<string, number> => {
  const o: Record<string, number> = {};
  for (let i = 0; i < PAD_KEYS; i++) o[`k${i}`] = i;
  return o;
};

describe('Bodies of many keys (H1)', () => {
  const rig = useRig({ client: 'parse', recipeSets: 2 });

  /** GET /health/live one request after another while `start()`'s requests are answered. */
  const probeDuring = async (start: () => Promise<Exchange>) => {
    const measured = await responsivenessDuring(rig.api.baseUrl, start, 5);
    return { res: measured.result, measured };
  };
  // The refusal comes before the body is parsed (its text says which limit refused it), so it is
  // quick and few probes fit in it: they show the service answering meanwhile. How fast is
  // measured by the abuse benchmark suite (the probes here share a CPU with 4 MB bodies being sent
  // from this process).
  const BUDGET = { minProbes: 1 };

  /** POSTs the JSON text `body` `times` times, one after another. */
  const postRepeatedly = async (
    path: string,
    body: string,
    times: number,
    token?: string,
  ): Promise<Exchange> => {
    let last!: Exchange;
    for (let i = 0; i < times; i++) {
      const started = performance.now();
      const res = await fetch(rig.api.baseUrl + path, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { SERVICE_API_TOKEN: token } : {}),
        },
        body,
        signal: AbortSignal.timeout(120_000),
      });
      last = {
        status: res.status,
        contentType: res.headers.get('content-type') ?? '',
        headers: res.headers,
        text: await res.text(),
        ms: performance.now() - started,
      };
    }
    return last;
  };

  it('refuses the 250,000-key body to check-credentials with 413 while /health/live answers', async () => {
    const body = JSON.stringify({ email: 'a@b.co', password: 'x', pad: pad() });
    const { res, measured } = await probeDuring(() =>
      postRepeatedly('/api/user/check-credentials', body, 5),
    );
    expect(res.status).toBe(413);
    expect(res.text).toBe('The request body is larger than the limit of 8kb for this route.');
    expectResponsive(measured, BUDGET);
  });

  it('refuses an acknowledgement padded with 250,000 keys with 413 before parsing it while /health/live answers', async () => {
    const body = JSON.stringify({ ...orderBody('PO-H1-PAD', rig.recipeSets, 0), pad: pad() });
    const { res, measured } = await probeDuring(() =>
      postRepeatedly('/api/order/acknowledgement', body, 5, rig.token),
    );
    expect(res.status).toBe(413);
    expect(res.text).toBe(
      'An object in the JSON body has more than 1000 keys, the limit (JSON_MAX_OBJECT_KEYS).',
    );
    expectResponsive(measured, BUDGET);
  });
});
