import type { ValidationArguments } from 'class-validator';
import { shownValue } from './shown-value';

/** A hex colour as designs, catalogs and generated images take it. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** `<path> "<value>" is not a colour as #rrggbb.`: names the value it got. */
export const notAColour = (path: string, value: unknown): string =>
  `${path} ${shownValue(value)} is not a colour as #rrggbb.`;

/**
 * class-validator's message for a colour (or, with `each`, a list of colours) that is not
 * #rrggbb, naming the value it got (in a list, the first such item).
 */
export function colourMessage({ property, value }: ValidationArguments): string {
  if (!Array.isArray(value)) return `${property} ${shownValue(value)} is not a colour as #rrggbb`;
  const wrong: unknown = value.find((v) => typeof v !== 'string' || !HEX_COLOUR.test(v));
  return `${property} item ${shownValue(wrong)} is not a colour as #rrggbb`;
}
