import type { ValidationArguments } from 'class-validator';
import { colourMessage, notAColour } from './colour';
import { shownValue } from './shown-value';

const args = (property: string, value: unknown) => ({ property, value }) as ValidationArguments;

describe('colour texts name the value they got', () => {
  it('shows a value as JSON, shortened past 60 characters', () => {
    expect(shownValue('red')).toBe('"red"');
    expect(shownValue(12)).toBe('12');
    expect(shownValue(undefined)).toBe('undefined');
    expect(shownValue('x'.repeat(100))).toBe(`"${'x'.repeat(59)}…`);
  });

  it('names the colour, or the first wrong item of a list', () => {
    expect(notAColour('design.front.background', 'navy')).toBe(
      'design.front.background "navy" is not a colour as #rrggbb.',
    );
    expect(colourMessage(args('colour', 'red'))).toBe('colour "red" is not a colour as #rrggbb');
    expect(colourMessage(args('colours', ['#000000', 7, '#fff']))).toBe(
      'colours item 7 is not a colour as #rrggbb',
    );
  });
});
