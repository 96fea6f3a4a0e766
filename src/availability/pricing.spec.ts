import { Role } from '../common/auth/role';
import { safeNext } from './page-sessions';
import { adjustmentActive, effectivePrice, parseSkuChange } from './pricing';

const at = (iso: string) => new Date(iso);

describe('effective price', () => {
  const now = at('2026-06-15T12:00:00Z');

  it('applies amounts and percentages, rounded to cents and never below 0', () => {
    const a = (type: 'amount' | 'percentage', value: number) => ({
      type,
      value,
      effectiveFrom: null,
      effectiveUntil: null,
    });
    expect(effectivePrice(20, null, now)).toBe(20);
    expect(effectivePrice(20, a('percentage', -10), now)).toBe(18);
    expect(effectivePrice(9.99, a('percentage', 33.33), now)).toBe(13.32);
    expect(effectivePrice(20, a('amount', 2.5), now)).toBe(22.5);
    expect(effectivePrice(20, a('amount', -25), now)).toBe(0);
    expect(effectivePrice(20, a('percentage', -100), now)).toBe(0);
  });

  it('applies only from effectiveFrom (inclusive) until effectiveUntil (exclusive)', () => {
    const a = {
      type: 'amount' as const,
      value: 1,
      effectiveFrom: at('2026-06-15T12:00:00Z'),
      effectiveUntil: at('2026-06-16T00:00:00Z'),
    };
    expect(adjustmentActive(a, now)).toBe(true);
    expect(adjustmentActive(a, at('2026-06-15T11:59:59Z'))).toBe(false);
    expect(adjustmentActive(a, at('2026-06-16T00:00:00Z'))).toBe(false);
    expect(effectivePrice(10, a, at('2026-06-16T00:00:00Z'))).toBe(10);
  });
});

describe('parseSkuChange', () => {
  it('reads any case, numeric strings and date-only dates', () => {
    const { change, problems } = parseSkuChange({
      adjustment: { type: 'PERCENTAGE', value: '12.5', effectiveFrom: '2026-01-01' },
      availability: { status: 'Backorder', expectedDate: '2026-03-01T23:00:00-02:00' },
    });
    expect(problems).toEqual([]);
    expect(change).toEqual({
      adjustment: {
        type: 'percentage',
        value: 12.5,
        effectiveFrom: at('2026-01-01T00:00:00Z'),
        effectiveUntil: null,
      },
      availability: { status: 'backorder', expectedDate: '2026-03-02' },
    });
  });

  it('names every field that breaks a rule', () => {
    const { problems } = parseSkuChange({
      adjustment: {
        type: 'percentage',
        value: 1001,
        effectiveFrom: '2026-02-01',
        effectiveUntil: '2026-02-01',
      },
      availability: { status: 'backorder' },
    });
    expect(problems.map((p) => p.field)).toEqual([
      'adjustment.value',
      'adjustment.effectiveUntil',
      'availability.expectedDate',
    ]);
  });

  it('leaves everything as it is for an empty change, and refuses a body that is no object', () => {
    expect(parseSkuChange({})).toEqual({ change: {}, problems: [] });
    expect(parseSkuChange(undefined).problems[0].field).toBe('body');
  });
});

describe('safeNext', () => {
  const client = {
    clientId: 'c',
    clientHandle: 'acme',
    role: Role.User,
    tokenId: 't',
    sandbox: false,
  };
  it('keeps pages under /availability and sends anything else to the caller’s own page', () => {
    expect(safeNext('/availability/details/acme?x=1', client)).toBe(
      '/availability/details/acme?x=1',
    );
    expect(safeNext('/availability', client)).toBe('/availability');
    for (const next of [
      'https://evil.example/',
      '//evil.example',
      '/availability//evil.example',
      '/\\\\evil.example',
      '/availability/../api',
      '/availabilityx',
      '/availability/sign-out',
      '/availability/%73ign-out',
      '/availability/%2e%2e/api',
      '/availability/%2E%2E%2Fapi',
      '/availability/%252e%252e/api',
      '/availability/./details/acme',
      '/availability/details/acme#x',
      '/availability/%E0%A4%A',
      undefined,
    ])
      expect(safeNext(next, client)).toBe('/availability/details/acme');
    expect(safeNext('//x', { ...client, role: Role.ServiceAdmin })).toBe('/availability');
  });
});
