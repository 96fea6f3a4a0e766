import { createHash } from 'node:crypto';
import { isStorable } from '../common/validation/storable-text';
import { shownValue } from '../common/validation/shown-value';
import { isUuid } from '../common/validation/uuid';
import { CursorMismatch, InvalidCursor } from './orders.errors';
import { ORDER_SORTS, OrderListFilters, OrderSort, sortOf } from './order-list-query';

/**
 * The keyset cursor of the orders list: base64url of the JSON
 * `{"v":1,"s":<sort>,"f":<filters' fingerprint>,"k":<last row's sort key>,"i":<last row's id>}`.
 * The next page is the rows after (k, i) in the sort's order, so a row is never skipped nor
 * repeated, ties on the sort key included, whatever was written between the pages. A cursor is
 * bound to its sort and filters: under another, its position means nothing, and it is refused
 * (`cursor does not match…`). It is not secret: whatever it says, the list reads only the
 * caller's own orders.
 */

const VERSION = 1;
/** Longest cursor read: a number of 100 four-byte characters as the key fits well within. */
export const MAX_CURSOR_LENGTH = 1024;
/** A timestamp key: UTC to the microsecond, as the repository writes it. */
const TIMESTAMP_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const MAX_NUMBER_KEY = 100;

/** Where a page ends: the sort key of its last row (as text) and the row's id. */
export interface ListPosition {
  key: string;
  id: string;
}

interface CursorBody {
  v: number;
  s: OrderSort;
  f: string;
  k: string;
  i: string;
}

/**
 * A short digest of the filters in a canonical form (statuses sorted, dates as UTC instants), so
 * that the same filters spelled otherwise (`IN-PROGRESS`, `2026-03-01` for
 * `2026-03-01T00:00:00Z`) give the same one.
 */
export function filtersFingerprint(filters: OrderListFilters): string {
  const iso = (d: Date | undefined) => d?.toISOString() ?? null;
  const canonical = [
    [...new Set(filters.statuses)].sort(),
    iso(filters.orderedFrom),
    iso(filters.orderedTo),
    iso(filters.modifiedFrom),
    iso(filters.modifiedTo),
    filters.purchaseOrderNumber ?? null,
    filters.recipeSet ?? null,
    filters.shipped ?? null,
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url').slice(0, 16);
}

/** The cursor of the page after `position`, under `sort` and `filters`. */
export function encodeCursor(
  sort: OrderSort,
  filters: OrderListFilters,
  position: ListPosition,
): string {
  const body: CursorBody = {
    v: VERSION,
    s: sort,
    f: filtersFingerprint(filters),
    k: position.key,
    i: position.id,
  };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

/** Whether `key` is a sort key of `sort` as the repository writes them. */
function validKey(sort: OrderSort, key: string): boolean {
  if (sortOf(sort).field === 'purchaseOrderNumber')
    return key.length > 0 && [...key].length <= MAX_NUMBER_KEY && isStorable(key);
  return TIMESTAMP_KEY.test(key) && !Number.isNaN(Date.parse(key));
}

function parsed(cursor: string): CursorBody | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor) || cursor.length > MAX_CURSOR_LENGTH) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { v, s, f, k, i } = body as Record<string, unknown>;
  if (v !== VERSION || typeof f !== 'string' || typeof k !== 'string' || typeof i !== 'string')
    return undefined;
  if (!ORDER_SORTS.includes(s as OrderSort) || !isUuid(i) || !validKey(s as OrderSort, k))
    return undefined;
  return { v, s: s as OrderSort, f, k, i };
}

/**
 * The position `cursor` names, for a request under `sort` and `filters`. Throws InvalidCursor
 * for anything encodeCursor did not make, CursorMismatch for a cursor of another sort or filters.
 */
export function decodeCursor(
  cursor: string,
  sort: OrderSort,
  filters: OrderListFilters,
): ListPosition {
  const body = parsed(cursor);
  if (!body) throw new InvalidCursor(shownValue(cursor));
  if (body.s !== sort)
    throw new CursorMismatch(`it continues the list sorted by ${body.s}, not by ${sort}`);
  if (body.f !== filtersFingerprint(filters))
    throw new CursorMismatch('it continues a list with other filters');
  return { key: body.k, id: body.i.toLowerCase() };
}
