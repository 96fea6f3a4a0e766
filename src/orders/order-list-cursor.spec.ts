import { ValidationFailed } from '../common/errors/domain-error';
import {
  decodeCursor,
  encodeCursor,
  filtersFingerprint,
  ListPosition,
  MAX_CURSOR_LENGTH,
} from './order-list-cursor';
import { OrderListFilters, OrderSort, prefixEnd } from './order-list-query';
import { CursorMismatch, InvalidCursor } from './orders.errors';
import { WorkflowStatus } from './order.enums';

const ID = '6c1d0f0e-2f4b-4f39-9b38-3d8d2b0c8a11';
const AT: ListPosition = { key: '2026-03-30T08:00:00.123456Z', id: ID };
const NONE: OrderListFilters = { statuses: [] };
const SOME: OrderListFilters = {
  statuses: [WorkflowStatus.OnHold, WorkflowStatus.NotStarted],
  orderedFrom: new Date('2026-03-01T00:00:00Z'),
  purchaseOrderNumber: 'PO-',
  recipeSet: 'DEMTEE2A',
  shipped: false,
};
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const raw = (cursor: string) =>
  JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;

function refusal(run: () => unknown): ValidationFailed {
  try {
    run();
  } catch (err) {
    if (err instanceof ValidationFailed) return err;
    throw err;
  }
  throw new Error('not refused');
}

describe('the orders list cursor', () => {
  it('reads back the position it was made of, under the same sort and filters', () => {
    const cursor = encodeCursor('-orderDate', SOME, AT);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, '-orderDate', SOME)).toEqual(AT);
    const number = { key: 'PO-2026-ÄÖ🙂 7', id: ID };
    expect(
      decodeCursor(encodeCursor('purchaseOrderNumber', NONE, number), 'purchaseOrderNumber', NONE),
    ).toEqual(number);
  });

  it('is base64url of JSON: version, sort, filters fingerprint, key and id', () => {
    expect(raw(encodeCursor('lastModified', NONE, AT))).toEqual({
      v: 1,
      s: 'lastModified',
      f: filtersFingerprint(NONE),
      k: AT.key,
      i: ID,
    });
  });

  it('fingerprints the filters, not their spelling', () => {
    const same: OrderListFilters = {
      ...SOME,
      statuses: [WorkflowStatus.NotStarted, WorkflowStatus.OnHold, WorkflowStatus.NotStarted],
      orderedFrom: new Date(Date.parse('2026-03-01')),
    };
    expect(filtersFingerprint(same)).toBe(filtersFingerprint(SOME));
    const cursor = encodeCursor('-orderDate', SOME, AT);
    expect(decodeCursor(cursor, '-orderDate', same)).toEqual(AT);
    const others: OrderListFilters[] = [
      NONE,
      { ...SOME, statuses: [WorkflowStatus.OnHold] },
      { ...SOME, orderedFrom: new Date('2026-03-01T00:00:00.001Z') },
      { ...SOME, orderedTo: new Date('2026-04-01T00:00:00Z') },
      { ...SOME, modifiedFrom: new Date('2026-03-01T00:00:00Z') },
      { ...SOME, modifiedTo: new Date('2026-03-01T00:00:00Z') },
      { ...SOME, purchaseOrderNumber: 'PO-1' },
      { ...SOME, recipeSet: 'DEMTEE2B' },
      { ...SOME, shipped: true },
      { ...SOME, shipped: undefined },
    ];
    const prints = others.map(filtersFingerprint);
    expect(new Set([...prints, filtersFingerprint(SOME)]).size).toBe(others.length + 1);
  });

  it('refuses a cursor of another sort or other filters: "cursor does not match…"', () => {
    const cursor = encodeCursor('-orderDate', SOME, AT);
    const sorted = refusal(() => decodeCursor(cursor, 'orderDate', SOME));
    expect(sorted).toBeInstanceOf(CursorMismatch);
    expect(sorted.message).toBe(
      'Invalid request: cursor does not match this request: it continues the list sorted by -orderDate, not by orderDate; send the sort and filters of the page it came from, or start again without cursor.',
    );
    const filtered = refusal(() => decodeCursor(cursor, '-orderDate', { ...SOME, shipped: true }));
    expect(filtered).toBeInstanceOf(CursorMismatch);
    expect(filtered.message).toMatch(
      /^Invalid request: cursor does not match this request: it continues a list with other filters;/,
    );
    expect(filtered.fields).toEqual([
      { field: 'cursor', message: 'does not match the sort and filters of this request' },
    ]);
  });

  it('refuses anything it did not make, naming the value', () => {
    const good = { v: 1, s: '-orderDate', f: filtersFingerprint(NONE), k: AT.key, i: ID };
    const number = { ...good, s: 'purchaseOrderNumber' };
    const bad: [string, OrderSort][] = [
      ['not a cursor', '-orderDate'],
      ['abc', '-orderDate'],
      [b64('text'), '-orderDate'],
      [b64([1, 2]), '-orderDate'],
      [b64(null), '-orderDate'],
      [b64({ ...good, v: 2 }), '-orderDate'],
      [b64({ ...good, s: 'orderdate' }), '-orderDate'],
      [b64({ ...good, f: 7 }), '-orderDate'],
      [b64({ ...good, i: 'not-a-uuid' }), '-orderDate'],
      [b64({ ...good, k: '2026-03-30' }), '-orderDate'],
      [b64({ ...good, k: '2026-03-30T08:00:00.000Z' }), '-orderDate'],
      [b64({ ...good, k: '2026-13-30T08:00:00.000000Z' }), '-orderDate'],
      [b64({ ...good, k: 42 }), '-orderDate'],
      [b64({ ...number, k: '' }), 'purchaseOrderNumber'],
      [b64({ ...number, k: 'x'.repeat(101) }), 'purchaseOrderNumber'],
      [b64({ ...number, k: 'a\u0000b' }), 'purchaseOrderNumber'],
      ['A'.repeat(MAX_CURSOR_LENGTH + 1), '-orderDate'],
    ];
    for (const [cursor, sort] of bad) {
      const err = refusal(() => decodeCursor(cursor, sort, NONE));
      expect([cursor, err]).toEqual([cursor, expect.any(InvalidCursor)]);
      expect(err.message).toMatch(
        /^Invalid request: cursor "[^"]*("|…) is not a cursor of this list; /,
      );
    }
    expect(decodeCursor(b64(good), '-orderDate', NONE)).toEqual(AT);
    // UUIDs in any case, read lower-case.
    expect(decodeCursor(b64({ ...good, i: ID.toUpperCase() }), '-orderDate', NONE).id).toBe(ID);
  });
});

describe('prefixEnd', () => {
  it('is the prefix with its last code point one higher', () => {
    expect(prefixEnd('PO-')).toBe('PO.');
    expect(prefixEnd('a')).toBe('b');
    expect(prefixEnd('x🙂')).toBe('x🙃');
    expect(prefixEnd('a\ud7ff')).toBe('a\ue000');
    expect(prefixEnd('ab\u{10ffff}')).toBe('ac');
    expect(prefixEnd('\u{10ffff}\u{10ffff}')).toBeUndefined();
    expect(prefixEnd('')).toBeUndefined();
  });

  it('bounds exactly the texts that start with the prefix, in code point order', () => {
    const byCodePoint = (a: string, b: string) => {
      const [x, y] = [
        Array.from(a, (c) => c.codePointAt(0)!),
        Array.from(b, (c) => c.codePointAt(0)!),
      ];
      for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
      return x.length - y.length;
    };
    const texts = [
      'PO',
      'PO-',
      'PO-1',
      'PO-9~',
      'PO.',
      'PO.1',
      'PO,',
      'PP',
      'po-1',
      'PO-\u{10ffff}',
    ];
    const end = prefixEnd('PO-')!;
    const inRange = texts.filter((t) => byCodePoint(t, 'PO-') >= 0 && byCodePoint(t, end) < 0);
    expect(inRange).toEqual(texts.filter((t) => t.startsWith('PO-')));
  });
});
