import { printBanner, startLine } from './start-line';

describe('start-up lines and the banner', () => {
  const capture = (isTTY: boolean) => {
    const written: string[] = [];
    return { written, out: { isTTY, write: (t: string) => written.push(t) } };
  };

  it('writes a start-up line as JSON, or readable on a developer terminal', () => {
    const { written, out } = capture(true);
    startLine('production', 'error', 'the database cannot be reached', out);
    startLine('development', 'warn', 'attempt 1 of 5', out);
    expect(JSON.parse(written[0])).toMatchObject({
      level: 50,
      context: 'Start',
      msg: 'the database cannot be reached',
      pid: process.pid,
    });
    expect(written[1]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} WARN  \[Start\] attempt 1 of 5\n$/);
  });

  const banner = {
    msg: 'listening',
    text: ['Service is listening', '  API: http://x'],
    fields: { url: 'http://x', readyMs: 12 },
  };

  it('prints the banner as lines between blank lines on a terminal', () => {
    const { written, out } = capture(true);
    printBanner(banner, out);
    expect(written).toEqual(['\nService is listening\n  API: http://x\n\n']);
  });

  it('prints the banner as one JSON line with its fields when the output is not a terminal', () => {
    const { written, out } = capture(false);
    printBanner(banner, out);
    expect(written).toHaveLength(1);
    expect(written[0].endsWith('\n')).toBe(true);
    expect(JSON.parse(written[0])).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      context: 'Start',
      msg: 'listening',
      url: 'http://x',
      readyMs: 12,
    });
  });
});
