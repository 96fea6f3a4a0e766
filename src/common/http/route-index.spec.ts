import express, { type Express, type Request, type Response } from 'express';
import request from 'supertest';
import { buildRouteIndex, indexRoutes, literalPrefix, routeLayers } from './route-index';

/**
 * An app with routes that overlap the way real ones do: parameters first, wildcards, a static
 * directory-like middleware, routes of one prefix registered apart, a not-found handler and an
 * error handler last.
 */
function app(indexed: boolean): Express {
  const a = express();
  const answer =
    (name: string) =>
    (req: Request, res: Response): void => {
      res.json({ name, params: req.params, route: (req.route as { path: string }).path });
    };
  a.use((req, res, next) => {
    res.setHeader('X-Seen', '1');
    next();
  });
  a.get('/health/live', answer('live'));
  a.get('/api/orders/:id', answer('order'));
  a.all('/api/{*rest}', (req, res, next) => {
    res.setHeader('X-Api', '1');
    next();
  });
  a.post('/api/orders/search', answer('search'));
  a.get('/api/orders/search', answer('search-as-order-id?'));
  a.use('/docs', (req, res) => {
    res.json({ name: 'docs', url: req.url, baseUrl: req.baseUrl });
  });
  a.get('/:tenant/specification/:id/pdf', answer('spec'));
  a.get('/share/:token', answer('share'));
  a.get('/share/:token/image', answer('share-image'));
  a.get('/api/clients/current', answer('current'));
  a.get('/api/clients/:handle', answer('client'));
  a.get('/boom', () => {
    throw new Error('boom');
  });
  a.get('/availability', answer('availability'));
  a.use((req, res) => {
    res.status(404).json({ name: 'not found', path: req.path });
  });
  a.use((err: Error, req: Request, res: Response, next: (err?: unknown) => void) => {
    if (res.headersSent) return next(err);
    res.status(500).json({ name: 'error', message: err.message });
  });
  if (indexed) indexRoutes(a.router, false);
  return a;
}

const REQUESTS: Array<[string, string]> = [
  ['GET', '/health/live'],
  ['GET', '/HEALTH/Live'],
  ['GET', '/health/live/'],
  ['GET', '/health'],
  ['GET', '/health/ready'],
  ['HEAD', '/health/live'],
  ['POST', '/health/live'],
  ['OPTIONS', '/health/live'],
  ['OPTIONS', '/api/orders/1'],
  ['GET', '/api/orders/42'],
  ['GET', '/api/orders/search'],
  ['POST', '/api/orders/search'],
  ['POST', '/API/ORDERS/SEARCH/'],
  ['GET', '/api/orders/a%20b'],
  ['GET', '/api/orders/%E0%A4%A'],
  ['GET', '/api/clients/current'],
  ['GET', '/api/clients/acme'],
  ['GET', '/api/clients'],
  ['GET', '/api'],
  ['GET', '/api/'],
  ['GET', '/api/unknown/route'],
  ['GET', '/docs'],
  ['GET', '/docs/index.html?x=1'],
  ['GET', '/DOCS/a/b'],
  ['GET', '/docsx'],
  ['GET', '/acme/specification/RS1/pdf'],
  ['GET', '/share/specification/RS1/pdf'],
  ['GET', '/api/specification/RS1/pdf'],
  ['GET', '/share/tok'],
  ['GET', '/share/tok/image'],
  ['GET', '/boom'],
  ['GET', '/availability'],
  ['GET', '/availability/'],
  ['GET', '/availability/details'],
  ['GET', '/'],
  ['GET', '//health/live'],
  ['GET', '/%68ealth/live'],
  ['GET', '/nowhere'],
];

describe('indexRoutes', () => {
  const plain = app(false);
  const indexed = app(true);

  it.each(REQUESTS)('answers %s %s exactly as Express alone does', async (method, path) => {
    const send = (a: Express) =>
      request(a)
        [method.toLowerCase() as 'get'](path)
        .then((res) => ({
          status: res.status,
          body: res.body as unknown,
          allow: res.headers.allow,
          seen: res.headers['x-seen'],
          api: res.headers['x-api'],
        }));
    expect(await send(indexed)).toEqual(await send(plain));
  });

  it('leaves the middleware before the first route alone and replaces the rest with one layer', () => {
    const stack = (indexed.router as unknown as { stack: unknown[] }).stack;
    expect(stack).toHaveLength(2);
  });
});

describe('buildRouteIndex', () => {
  const layer = (rawPath: unknown, route = true) => ({ rawPath, route: route ? {} : undefined });

  it('puts a layer only in the groups whose requests it could match', () => {
    const live = layer('/health/live');
    const order = layer('/api/orders/:id');
    const anyApi = layer('/api/{*rest}');
    const client = layer('/api/clients/current');
    const tenant = layer('/:tenant/specification');
    const notFound = layer('/', false);
    const { groups, anyPath } = buildRouteIndex(
      [live, order, anyApi, client, tenant, notFound],
      false,
    );
    expect(groups.get('health/live')).toEqual([live, tenant, notFound]);
    expect(groups.get('health')).toEqual([tenant, notFound]);
    expect(groups.get('api/orders')).toEqual([order, anyApi, tenant, notFound]);
    expect(groups.get('api/clients')).toEqual([anyApi, client, tenant, notFound]);
    expect(groups.get('api')).toEqual([anyApi, tenant, notFound]);
    expect(anyPath).toEqual([tenant, notFound]);
  });

  it('reads only literal leading segments', () => {
    expect(literalPrefix('/api/orders/:id', false)).toEqual(['api', 'orders']);
    expect(literalPrefix('/API/Orders', false)).toEqual(['api', 'orders']);
    expect(literalPrefix('/API/Orders', true)).toEqual(['API', 'Orders']);
    expect(literalPrefix('/share/:token', false)).toEqual(['share']);
    expect(literalPrefix('/docs{/}', false)).toEqual([]);
    expect(literalPrefix('/files/*path', false)).toEqual(['files']);
    expect(literalPrefix('/caf\u00e9/x', false)).toEqual([]);
    expect(literalPrefix('/', false)).toEqual([]);
    expect(literalPrefix(['/a', '/b'], false)).toEqual([]);
    expect(literalPrefix(/^\/a/, false)).toEqual([]);
  });
});

describe('routeLayers', () => {
  it('lists the indexed layers in registered order, as Express alone has them', () => {
    const paths = (a: Express) =>
      routeLayers(a.router).map((l) => (l.route as { path?: string } | undefined)?.path ?? '-');
    expect(paths(app(true))).toEqual(paths(app(false)));
    expect(paths(app(true))).toContain('/health/live');
  });
});
