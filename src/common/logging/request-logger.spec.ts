import express, { type Express } from 'express';
import { storage } from 'nestjs-pino/storage';
import pino from 'pino';
import request from 'supertest';
import { loggerOptions } from './logging.module';
import { requestLogger } from './request-logger';

/** An app behind the request logger whose lines land in `lines`. */
function appWith(level: 'info' | 'warn'): {
  app: Express;
  lines: Record<string, unknown>[];
  root: pino.Logger;
} {
  const lines: Record<string, unknown>[] = [];
  const root = pino(loggerOptions({ logLevel: level }), {
    write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  const app = express();
  app.use((req, _res, next) => {
    req.id = 'rid-1';
    next();
  });
  app.use(requestLogger(root, { skipPaths: ['/health'] }));
  app.get('/quiet', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/logs', (_req, res) => {
    storage.getStore()?.logger.warn({ detail: 1 }, 'inside');
    res.json({ ok: true });
  });
  app.get('/later', (_req, res) => {
    setTimeout(() => {
      storage.getStore()?.logger.warn('after a timer');
      res.status(503).json({ ok: false });
    }, 1);
  });
  app.get('/health/live', (_req, res) => {
    res.json({ inContext: storage.getStore() !== undefined });
  });
  return { app, lines, root };
}

describe('requestLogger', () => {
  it('ends each request with one line carrying the request, status and time', async () => {
    const { app, lines } = appWith('info');
    await request(app).get('/quiet?secret=x');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { id: 'rid-1', method: 'GET', url: '/quiet' },
      res: { statusCode: 200 },
    });
    expect(typeof lines[0].responseTime).toBe('number');
  });

  it('binds the request to lines logged while it is served, across asynchronous work', async () => {
    const { app, lines } = appWith('info');
    await request(app).get('/logs');
    await request(app).get('/later');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((l) => [l.msg, (l.req as { url: string }).url])).toEqual([
      ['inside', '/logs'],
      ['request completed', '/logs'],
      ['after a timer', '/later'],
      ['request errored', '/later'],
    ]);
    expect(lines[3]).toMatchObject({
      res: { statusCode: 503 },
      err: { message: 'failed with status code 503' },
    });
  });

  it('makes no child logger and no completion line when nothing is logged at its level', async () => {
    const { app, lines, root } = appWith('warn');
    const child = jest.spyOn(root, 'child');
    await request(app).get('/quiet');
    expect(child).not.toHaveBeenCalled();
    await request(app).get('/logs');
    await new Promise((resolve) => setImmediate(resolve));
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((l) => l.msg)).toEqual(['inside']);
  });

  it('leaves the skipped paths out, whatever their case', async () => {
    const { app, lines } = appWith('info');
    const res = await request(app).get('/HEALTH/live');
    await new Promise((resolve) => setImmediate(resolve));
    expect(res.body).toEqual({ inContext: false });
    expect(lines).toEqual([]);
  });
});
