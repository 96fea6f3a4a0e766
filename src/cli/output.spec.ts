import { ageText, cellText, formatTable } from './output';
import { runChecks } from './config-check';
import { versionText } from './program';

describe('CLI output', () => {
  it('aligns columns two spaces apart under their headings, without trailing spaces', () => {
    const rows = [
      { handle: 'acme', plan: 'enterprise', expires: null },
      { handle: 'b', plan: 'standard', expires: '2030-01-01T00:00:00.000Z' },
    ];
    expect(
      formatTable(rows, [
        { header: 'HANDLE', value: (r) => r.handle },
        { header: 'PLAN', value: (r) => r.plan },
        { header: 'EXPIRES', value: (r) => r.expires },
      ]),
    ).toBe(
      [
        'HANDLE  PLAN        EXPIRES',
        'acme    enterprise  -',
        'b       standard    2030-01-01T00:00:00.000Z',
      ].join('\n'),
    );
  });

  it('says (none) under the headings of an empty table', () => {
    expect(formatTable([], [{ header: 'ID', value: () => 1 }])).toBe('ID\n(none)');
  });

  it('shows cells on one line: dashes for nothing, JSON for objects, long text cut', () => {
    expect(cellText(undefined)).toBe('-');
    expect(cellText('')).toBe('-');
    expect(cellText(0)).toBe('0');
    expect(cellText(false)).toBe('false');
    expect(cellText(new Date('2030-01-01T00:00:00Z'))).toBe('2030-01-01T00:00:00.000Z');
    expect(cellText(['a', 'b'])).toBe('["a","b"]');
    expect(cellText('first line\n  second')).toBe('first line second');
    expect(cellText('abcdefghij', 5)).toBe('abcd…');
    expect(cellText('abcde', 5)).toBe('abcde');
  });

  it('writes ages as people read them', () => {
    expect(ageText(null)).toBe('-');
    expect(ageText(0)).toBe('0s');
    expect(ageText(59.9)).toBe('59s');
    expect(ageText(192)).toBe('3m 12s');
    expect(ageText(2 * 3600 + 5 * 60 + 7)).toBe('2h 5m');
    expect(ageText(3 * 86_400 + 4 * 3600)).toBe('3d 4h');
  });

  it('prints the version with the commit when the build recorded one', () => {
    expect(versionText({ version: '1.2.3', commit: 'abc1234' })).toBe('1.2.3 (commit abc1234)');
    expect(versionText({ version: '1.2.3', commit: 'unknown' })).toBe('1.2.3');
  });
});

describe('config check', () => {
  it('runs every check and records a failure with its cause instead of stopping', async () => {
    const results = await runChecks([
      { check: 'database', run: () => Promise.resolve('postgres://pci:***@db/pci') },
      {
        check: 'redis',
        run: () =>
          Promise.reject(
            Object.assign(new Error('connect refused\nstack'), { code: 'ECONNREFUSED' }),
          ),
      },
      { check: 's3', run: () => Promise.resolve({ skip: 'BLOB_STORE=directory' }) },
    ]);
    expect(results).toEqual([
      { check: 'database', status: 'ok', detail: 'postgres://pci:***@db/pci' },
      { check: 'redis', status: 'fail', detail: 'ECONNREFUSED: connect refused' },
      { check: 's3', status: 'skip', detail: 'BLOB_STORE=directory' },
    ]);
  });
});
