import { FieldError } from '../common/errors/domain-error';
import { parseIsoDate } from '../common/validation/lenient';
import {
  ADJUSTMENT_TYPES,
  AdjustmentType,
  AVAILABILITY_STATUSES,
  AvailabilityStatus,
} from './entities/sku-availability.entity';

export const MIN_PERCENTAGE = -100;
export const MAX_PERCENTAGE = 1000;
/** Bounds of an absolute adjustment, in the price's currency. */
export const MAX_AMOUNT = 1_000_000;

export interface Adjustment {
  type: AdjustmentType;
  value: number;
  effectiveFrom: Date | null;
  effectiveUntil: Date | null;
}

export interface Availability {
  status: AvailabilityStatus;
  expectedDate: string | null;
}

/** A change of one SKU: absent parts stay as they are (none: nothing changes); `adjustment: null` removes it. */
export interface SkuChange {
  adjustment?: Adjustment | null;
  availability?: Availability;
}

/** Whether the adjustment applies at `now` (from inclusive, until exclusive). */
export function adjustmentActive(a: Adjustment | null, now: Date): boolean {
  if (!a) return false;
  if (a.effectiveFrom && now < a.effectiveFrom) return false;
  if (a.effectiveUntil && now >= a.effectiveUntil) return false;
  return true;
}

/** The price at `now`: the base price with the adjustment when it applies; never below 0, in cents. */
export function effectivePrice(base: number, a: Adjustment | null, now: Date): number {
  if (!a || !adjustmentActive(a, now)) return base;
  const price = a.type === 'amount' ? base + a.value : base * (1 + a.value / 100);
  return Math.max(0, Math.round(price * 100) / 100);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function anyCase<T extends string>(values: readonly T[], v: unknown): T | undefined {
  return typeof v === 'string' ? values.find((x) => x === v.trim().toLowerCase()) : undefined;
}

function dateOnly(v: unknown): string | undefined {
  const d = parseIsoDate(v);
  return d ? d.toISOString().slice(0, 10) : undefined;
}

/** Reads a change from a request body; the problems name each field and its rule. */
export function parseSkuChange(body: unknown): { change: SkuChange; problems: FieldError[] } {
  const problems: FieldError[] = [];
  const fail = (field: string, message: string) => problems.push({ field, message });
  const change: SkuChange = {};
  if (!isObject(body)) {
    fail('body', 'the body must be a JSON object');
    return { change, problems };
  }
  if (body.adjustment === null) change.adjustment = null;
  else if (body.adjustment !== undefined) {
    const a = body.adjustment;
    if (!isObject(a)) fail('adjustment', 'adjustment must be an object or null');
    else change.adjustment = parseAdjustment(a, fail);
  }
  if (body.availability !== undefined) {
    const a = body.availability;
    if (!isObject(a)) fail('availability', 'availability must be an object');
    else change.availability = parseAvailability(a, fail);
  }
  return { change, problems };
}

function parseAdjustment(
  a: Record<string, unknown>,
  fail: (field: string, message: string) => void,
): Adjustment | undefined {
  const type = anyCase(ADJUSTMENT_TYPES, a.type);
  if (!type) fail('adjustment.type', 'adjustment.type must be amount or percentage');
  const value = typeof a.value === 'string' && a.value.trim() !== '' ? Number(a.value) : a.value;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    fail('adjustment.value', 'adjustment.value must be a number');
  } else if (type === 'percentage' && (value < MIN_PERCENTAGE || value > MAX_PERCENTAGE)) {
    fail(
      'adjustment.value',
      `adjustment.value must be a percentage between ${MIN_PERCENTAGE} and ${MAX_PERCENTAGE}`,
    );
  } else if (Math.abs(value) > MAX_AMOUNT) {
    fail('adjustment.value', `adjustment.value must be between -${MAX_AMOUNT} and ${MAX_AMOUNT}`);
  }
  const from = optionalDate(a.effectiveFrom, 'adjustment.effectiveFrom', fail);
  const until = optionalDate(a.effectiveUntil, 'adjustment.effectiveUntil', fail);
  if (from && until && from >= until)
    fail('adjustment.effectiveUntil', 'adjustment.effectiveUntil must be after effectiveFrom');
  if (!type || typeof value !== 'number' || from === undefined || until === undefined)
    return undefined;
  return { type, value: Math.round(value * 100) / 100, effectiveFrom: from, effectiveUntil: until };
}

function optionalDate(
  v: unknown,
  field: string,
  fail: (field: string, message: string) => void,
): Date | null | undefined {
  if (v === undefined || v === null || v === '') return null;
  const d = parseIsoDate(v);
  if (!d) fail(field, `${field} must be an ISO 8601 date`);
  return d;
}

function parseAvailability(
  a: Record<string, unknown>,
  fail: (field: string, message: string) => void,
): Availability | undefined {
  const status = anyCase(AVAILABILITY_STATUSES, a.status);
  if (!status) {
    fail('availability.status', 'availability.status must be available, unavailable or backorder');
    return undefined;
  }
  const given = a.expectedDate !== undefined && a.expectedDate !== null;
  const expectedDate = given ? dateOnly(a.expectedDate) : undefined;
  if (given && !expectedDate) {
    fail('availability.expectedDate', 'availability.expectedDate must be a date (YYYY-MM-DD)');
    return undefined;
  }
  if (status !== 'backorder') return { status, expectedDate: null };
  if (!expectedDate) {
    fail('availability.expectedDate', 'availability.expectedDate is required for backorder');
    return undefined;
  }
  return { status, expectedDate };
}
