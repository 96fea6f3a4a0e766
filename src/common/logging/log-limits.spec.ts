import pino from 'pino';
import { Writable } from 'node:stream';
import { QueryFailedError } from 'typeorm';
import { LOG_LIMITS, truncateForLog } from './log-limits';
import { loggerOptions } from './logging.module';

const limits = { string: 10, items: 3, keys: 2, depth: 2 };

describe('truncateForLog', () => {
  it('cuts long strings, long arrays and objects with many keys, saying how much is left out', () => {
    expect(truncateForLog('x'.repeat(25), limits)).toBe('xxxxxxxxxx…(15 more)');
    expect(truncateForLog([1, 2, 3, 4, 5], limits)).toEqual([1, 2, 3, '…(2 more)']);
    expect(truncateForLog({ a: 1, b: 2, c: 3, d: 4 }, limits)).toEqual({
      a: 1,
      b: 2,
      '…': '2 more keys',
    });
  });

  it('cuts at any depth and replaces what lies too deep', () => {
    expect(truncateForLog({ a: { b: 'y'.repeat(11) } }, limits)).toEqual({
      a: { b: 'yyyyyyyyyy…(1 more)' },
    });
    expect(truncateForLog({ a: { b: { c: 1 }, l: [1] } }, limits)).toEqual({
      a: { b: '[object]', l: '[array of 1]' },
    });
  });

  it('keeps short values as they are and does not change its input', () => {
    const input = { s: 'short', n: 1, b: true, z: null, list: ['x'] };
    expect(truncateForLog(input)).toEqual(input);
    const long = { s: 'z'.repeat(50) };
    truncateForLog(long, limits);
    expect(long.s).toHaveLength(50);
  });

  it('leaves errors, dates and other class instances to their serializers', () => {
    const err = new Error('e'.repeat(50));
    const date = new Date(0);
    const out = truncateForLog({ err, date }, limits) as Record<string, unknown>;
    expect(out.err).toBe(err);
    expect(out.date).toBe(date);
  });
});

describe('log lines of the service', () => {
  function capture() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    return { logger: pino(loggerOptions({ logLevel: 'info' }), stream), lines };
  }

  it('stay small when a failed statement had 100,000 placeholders and the message is huge', () => {
    const { logger, lines } = capture();
    const ids = Array.from({ length: 100_000 }, (_, i) => `ID${i}`);
    const sql = `SELECT * FROM recipe_set WHERE readable_id IN (${ids.map((_, i) => `$${i + 1}`).join(', ')})`;
    const err = new QueryFailedError(
      sql,
      ids,
      new Error('bind message has 34465 parameter formats'),
    );
    logger.error({ err, ids, requestId: 'r1' }, `failed for ${ids.join(',')}`);
    expect(lines).toHaveLength(1);
    const line = lines[0];
    expect(line.length).toBeLessThan(20_000);
    const parsed = JSON.parse(line) as Record<string, unknown>;
    expect(parsed.requestId).toBe('r1');
    expect(parsed.ids).toHaveLength(LOG_LIMITS.items + 1);
    expect((parsed.ids as string[])[LOG_LIMITS.items]).toBe(
      `…(${100_000 - LOG_LIMITS.items} more)`,
    );
    expect(parsed.msg).toMatch(/…\(\d+ more\)$/);
    const logged = parsed.err as Record<string, unknown>;
    expect(logged.type).toBe('QueryFailedError');
    expect(logged.query).toMatch(
      /^SELECT \* FROM recipe_set WHERE readable_id IN \(\$1, \$2, .*…\(\d+ more\)$/,
    );
    expect(logged.parameters).toBe('[redacted]');
  });

  it('still redact secrets and personal data', () => {
    const { logger, lines } = capture();
    logger.info({ token: 'pci_secret', order: { emailAddress: 'jane@example.com' } }, 'hello');
    expect(lines[0]).not.toContain('pci_secret');
    expect(lines[0]).not.toContain('jane@example.com');
    expect(JSON.parse(lines[0])).toMatchObject({ msg: 'hello', token: '[redacted]' });
  });
});
