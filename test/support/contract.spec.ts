import { ContractChecker, RecordedResponse } from './contract';

const checker = new ContractChecker();
const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const response = (patch: Partial<RecordedResponse>): RecordedResponse => ({
  method: 'GET',
  url: '/health/live',
  status: 200,
  contentType: 'application/json; charset=utf-8',
  headers: {},
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

  it('flags a header clients read that the answer carries and its status does not declare', () => {
    expect(checker.check(response({ headers: { 'x-total-count': '3', etag: '"x"' } }))).toEqual([
      'GET /health/live -> 200: header X-Total-Count, ETag sent but not documented',
    ]);
    const search = response({ method: 'POST', url: '/api/orders/search/', body: json([]) });
    expect(checker.check({ ...search, headers: { 'x-total-count': '0' } })).toEqual([]);
    expect(checker.check({ ...search, status: 400, headers: { 'x-total-count': '0' } })).toEqual([
      'POST /api/orders/search -> 400: header X-Total-Count sent but not documented',
    ]);
    // Headers nobody reads from the document (X-Request-Id, Cache-Control) are not checked.
    expect(checker.check(response({ headers: { 'x-request-id': 'r', vary: 'Accept' } }))).toEqual(
      [],
    );
  });

  it('knows the render forms and their headers: Location on 302, ETag on 200 and 304, Retry-After on 503', () => {
    const render = '/api/assets/generated/recipeset/readable/ABCD2345/north';
    const empty = (url: string, status: number, headers: Record<string, string>) =>
      checker.check(response({ url, status, contentType: '', body: Buffer.alloc(0), headers }));
    const form = `${render}/width/1`;
    for (const url of [render, form, `${render}/state/p/camera/c/width/1/height/2`])
      expect(empty(url, 302, { location: 'x' })).toEqual([]);
    expect(empty(form, 304, { etag: '"e"' })).toEqual([]);
    expect(empty(form, 503, { 'retry-after': '5' })).toEqual([]);
    expect(empty(form, 404, { location: 'x' })).toEqual([
      'GET /api/assets/generated/recipeset/readable/{readableId}/{viewAngleHandle}/width/{width} -> 404: header Location sent but not documented',
    ]);
    // Another order than the documented one is answered, and not listed.
    expect(empty(`${render}/height/2/width/1`, 302, { location: 'x' })).toEqual([]);
  });

  it('accepts a problem whose code is an ErrorCode, and flags one that is not', () => {
    const problem = (code: string) =>
      response({
        url: '/api/clients/current',
        status: 401,
        contentType: 'application/problem+json',
        headers: { 'www-authenticate': 'x' },
        body: json({ type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'x', code }),
      });
    expect(checker.check(problem('TOKEN_MISSING'))).toEqual([]);
    expect(checker.check(problem('NO_SUCH_CODE'))[0]).toMatch(
      /\/code must be equal to one of the allowed values/,
    );
  });
});
