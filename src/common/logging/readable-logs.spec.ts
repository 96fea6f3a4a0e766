import pino from 'pino';
import {
  demoteStartupChatter,
  formatLogLine,
  ReadableLogStream,
  wantsReadableLogs,
} from './readable-logs';

const at = (h: number, m: number, s: number, ms: number): number =>
  new Date(2026, 0, 2, h, m, s, ms).getTime();
const base = { time: at(9, 5, 7, 42), pid: 1, hostname: 'vm' };

describe('readable logs', () => {
  it('are used only in development with stdout on a terminal', () => {
    expect(wantsReadableLogs('development', { isTTY: true })).toBe(true);
    expect(wantsReadableLogs('development', { isTTY: false })).toBe(false);
    expect(wantsReadableLogs('development', {})).toBe(false);
    expect(wantsReadableLogs('production', { isTTY: true })).toBe(false);
    expect(wantsReadableLogs('test', { isTTY: true })).toBe(false);
  });

  it('format a record as time, level, context and message', () => {
    expect(
      formatLogLine({
        ...base,
        level: 30,
        context: 'NestFactory',
        msg: 'Starting Nest application...',
      }),
    ).toBe('09:05:07.042 INFO  [NestFactory] Starting Nest application...');
    expect(formatLogLine({ ...base, level: 40, msg: 'slow' })).toBe('09:05:07.042 WARN  slow');
  });

  it('format a request as method, path, status and duration', () => {
    expect(
      formatLogLine({
        ...base,
        level: 30,
        req: { id: 'r1', method: 'GET', url: '/api/clients/current' },
        res: { statusCode: 401 },
        responseTime: 8,
        msg: 'request completed',
      }),
    ).toBe('09:05:07.042 INFO  GET /api/clients/current 401 8 ms request completed');
  });

  it('append other fields as JSON, and an error with its stack below the line', () => {
    expect(formatLogLine({ ...base, level: 30, msg: 'purged', rows: 3 })).toBe(
      '09:05:07.042 INFO  purged {"rows":3}',
    );
    expect(
      formatLogLine({
        ...base,
        level: 50,
        context: 'ErrorResponder',
        msg: 'unhandled',
        err: {
          type: 'TypeError',
          message: 'x is undefined',
          stack: 'TypeError: x is undefined\n    at f (a.js:1:2)',
        },
      }),
    ).toBe(
      '09:05:07.042 ERROR [ErrorResponder] unhandled (TypeError: x is undefined)\n    at f (a.js:1:2)',
    );
  });

  it('stream each JSON line as a readable line, and anything else as it is', () => {
    const out: string[] = [];
    const stream = new ReadableLogStream({ write: (t: string) => out.push(t) });
    stream.write(`${JSON.stringify({ ...base, level: 20, msg: 'a' })}\n`);
    stream.write('not json\n');
    stream.write('\nbanner\n\n');
    expect(out).toEqual(['09:05:07.042 DEBUG a\n', 'not json\n', '\n', 'banner\n', '\n']);
  });

  it.each([
    ['info', ['[Other] mine']],
    ['debug', ['[NestFactory] start', '[RouterExplorer] Mapped {/x, GET} route', '[Other] mine']],
  ])('log Nest start-up, module and route lines at debug (LOG_LEVEL=%s)', (level, shown) => {
    const lines: string[] = [];
    const logger = pino(
      { level, hooks: { logMethod: demoteStartupChatter } },
      { write: (l: string) => lines.push(l) },
    );
    logger.info({ context: 'NestFactory' }, 'start');
    logger.info({ context: 'RouterExplorer' }, 'Mapped {/x, GET} route');
    logger.info({ context: 'Other' }, 'mine');
    const records = lines.map(
      (l) => JSON.parse(l) as { level: number; context: string; msg: string },
    );
    expect(records.map((r) => `[${r.context}] ${r.msg}`)).toEqual(shown);
    const mapped = records.find((r) => r.context === 'RouterExplorer');
    if (mapped) expect(mapped.level).toBe(20);
  });
});
