import { call } from '../support/processes/http';
import { useRig } from './support/rig';

const CLIENT = 'plan-limits';

/**
 * A plan's limit holds across API instances: two processes on one database and one Redis count
 * together, so a plan of 5 requests a minute gives the sixth request a 429 whichever instance
 * answers it.
 */
describe('Plan limits across two API instances sharing Redis', () => {
  const rig = useRig({ client: CLIENT, recipeSets: 1, redis: true, instances: 2 });

  it('answers the 6th request of a 5-a-minute plan 429, with Retry-After and the RateLimit headers', async () => {
    const plan = JSON.parse(
      await rig.env.cli('client', 'set-plan', CLIENT, '--limit', '5', '--window', '60'),
    ) as { limit: number };
    expect(plan.limit).toBe(5);
    const send = (i: number) =>
      call(rig.apis[i % 2].baseUrl, 'POST', '/api/imagegen/qr', {
        token: rig.token,
        headers: { clientHandle: CLIENT },
        body: { text: `request ${i}` },
      });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await send(i));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.headers.get('ratelimit'))).toEqual(
      [4, 3, 2, 1, 0].map((r): unknown =>
        expect.stringMatching(new RegExp(`^"plan";r=${r};t=\\d+$`)),
      ),
    );
    const sixth = await send(5);
    expect(sixth.status).toBe(429);
    expect(sixth.text).toBe('Rate limit exceeded.');
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(sixth.headers.get('ratelimit-policy')).toBe('"plan";q=5;w=60');
    expect(sixth.headers.get('ratelimit')).toMatch(/^"plan";r=0;t=\d+$/);
    // And on the first instance too: the count is shared.
    expect((await send(6)).status).toBe(429);
  });
});
