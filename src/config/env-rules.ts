import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

/** Rules shared by the environment's variable classes (environment.ts, services-environment.ts). */

/** `true`/`false` in the usual spellings (1/0, yes/no, on/off), any case. */
export const toBool = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  return value;
};

const toInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value;

/** An integer variable (numeric strings accepted) within [min, max]. */
export function IntBetween(min: number, max: number): PropertyDecorator {
  return applyDecorators(Transform(toInt), IsInt(), Min(min), Max(max));
}
