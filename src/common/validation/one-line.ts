import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Matches } from 'class-validator';

/**
 * Characters that change how the text around them is laid out or read rather than what it says:
 * controls (CR, LF, tab, NEL…), the Unicode line and paragraph separators, and the bidirectional
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069; "Trojan Source"). In a name
 * shown in an SMS, an e-mail subject or a page, they break lines or reverse what follows.
 */
const CONTROLS = '\\p{Cc}\\u2028\\u2029';
const BIDI_FORMATTING = '\\u202A-\\u202E\\u2066-\\u2069';
const LAYOUT = new RegExp(`[${CONTROLS}${BIDI_FORMATTING}]`, 'u');
const ONE_LINE = new RegExp(`^[^${CONTROLS}${BIDI_FORMATTING}]*$`, 'u');

/** Where `text` has a layout character, and which: `U+000A at 5`; undefined when it has none. */
export function layoutCharacterIn(text: string): string | undefined {
  const found = LAYOUT.exec(text);
  if (!found) return undefined;
  const code = found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  return `U+${code} at ${found.index + 1}`;
}

/**
 * `text` as one plain line: controls and line separators become a space, bidirectional
 * formatting characters are dropped, runs of spaces are one. For names stored before they were
 * refused (and anything else a message template puts in a line).
 */
export function oneLine(text: string): string {
  return text
    .replace(new RegExp(`[${BIDI_FORMATTING}]`, 'gu'), '')
    .replace(new RegExp(`[${CONTROLS}]+`, 'gu'), ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** The same characters as JSON Schema can say them (a pattern has no Unicode properties). */
const DOCUMENTED = '\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069';

/**
 * A text field that must be one plain line (a product name): 400 naming the first control or
 * bidirectional formatting character, and the rule in the OpenAPI pattern (so that a request
 * built from the document is accepted). Put it above RequiredText/OptionalText: its pattern
 * replaces theirs (`required` keeps RequiredText's "not blank" in it).
 */
export const OneLine = ({ required }: { required: boolean }): PropertyDecorator =>
  applyDecorators(
    required
      ? ApiProperty({ pattern: `^[^${DOCUMENTED}]*[^${DOCUMENTED}\\s][^${DOCUMENTED}]*$` })
      : ApiPropertyOptional({ pattern: `^[^${DOCUMENTED}]*$` }),
    Matches(ONE_LINE, {
      message: ({ property, value }) =>
        `${property} must be one line without control or bidirectional formatting characters (${
          typeof value === 'string' ? (layoutCharacterIn(value) ?? '') : ''
        })`,
    }),
  );
