import { ContractChecker, RecordedResponse } from './contract';

const checker = new ContractChecker();
const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const response = (patch: Partial<RecordedResponse>): RecordedResponse => ({
  method: 'GET',
  url: '/health/live',
  status: 200,
  contentType: 'application/json; charset=utf-8',
  body: json({ status: 'ok' }),
  ...patch,
});

describe('ContractChecker (against the committed openapi.json)', () => {
  it('accepts a conforming response, with a trailing slash and another path case', () => {
    expect(checker.check(response({ url: '/HEALTH/live/' }))).toEqual([]);
  });

  it('flags an undocumented status', () => {
    expect(checker.check(response({ status: 418 }))).toEqual([
      'GET /health/live -> 418: status not documented',
    ]);
  });

  it('flags an undocumented content type', () => {
    expect(checker.check(response({ contentType: 'text/html' }))).toEqual([
      'GET /health/live -> 200: content type text/html not documented (declared: application/json)',
    ]);
  });

  it('flags a body that does not match the schema, and accepts null where the document says nullable', () => {
    const [problem] = checker.check(
      response({
        method: 'POST',
        url: '/api/order/status',
        body: json({ purchaseOrderNumber: 1, status: 'Maybe' }),
      }),
    );
    expect(problem).toMatch(/^POST \/api\/order\/status -> 200: body does not match the schema: /);
    expect(
      checker.check(
        response({
          method: 'POST',
          url: '/api/order/status',
          body: json({ purchaseOrderNumber: null, status: 'OK', details: 'x' }),
        }),
      ),
    ).toEqual([]);
  });

  it('accepts documented error shapes, and skips unknown routes and undocumented areas', () => {
    expect(
      checker.check(
        response({
          url: '/api/clients/current',
          status: 401,
          contentType: 'text/plain; charset=utf-8',
          body: Buffer.from('x'),
        }),
      ),
    ).toEqual([]);
    expect(
      checker.check(
        response({ url: '/nope', status: 404, contentType: 'text/plain', body: Buffer.from('x') }),
      ),
    ).toEqual([]);
    expect(
      checker.check(response({ url: '/docs/swagger-ui.css', contentType: 'text/css' })),
    ).toEqual([]);
  });
});
