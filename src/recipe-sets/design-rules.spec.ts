import type { ProductDefinition } from '../catalog';
import { checkDesign, DESIGN_LIMITS } from './design-rules';

const product = {
  handle: 'tee',
  locations: [
    {
      handle: 'front',
      printArea: { widthMm: 300, heightMm: 400 },
      dpi: 300,
      embellishment: 'print',
    },
    {
      handle: 'back',
      printArea: { widthMm: 300, heightMm: 400 },
      dpi: 300,
      embellishment: 'print',
    },
  ],
} as unknown as ProductDefinition;
const ctx = { product, fontExists: (h: string) => ['roboto', 'lobster'].includes(h.toLowerCase()) };
const text = (over: Record<string, unknown> = {}) => ({
  type: 'text',
  text: 'Hi',
  font: 'roboto',
  size: 24,
  x: 10,
  y: 20,
  ...over,
});

describe('checkDesign', () => {
  it('normalises a valid design: product spelling of locations, defaults, lower-case colours', () => {
    const result = checkDesign(
      {
        FRONT: { background: '#FFAA00', elements: [text({ colour: '#D62828', extra: 1 })] },
        back: {
          elements: [
            { type: 'image', uploadedAssetId: 7, x: 0, y: 0, width: 50.12345, height: 50 },
          ],
        },
      },
      ctx,
    );
    expect(result).toEqual({
      ok: true,
      imageIds: [7],
      design: {
        front: {
          background: '#ffaa00',
          elements: [
            {
              type: 'text',
              text: 'Hi',
              font: 'roboto',
              size: 24,
              colour: '#d62828',
              x: 10,
              y: 20,
              rotation: 0,
              align: 'left',
            },
          ],
        },
        back: {
          elements: [
            {
              type: 'image',
              uploadedAssetId: 7,
              x: 0,
              y: 0,
              width: 50.123,
              height: 50,
              rotation: 0,
            },
          ],
        },
      },
    });
  });

  it('takes an absent design as empty', () => {
    expect(checkDesign(undefined, ctx)).toEqual({ ok: true, design: {}, imageIds: [] });
  });

  it('names every problem by its path', () => {
    const result = checkDesign(
      {
        sleeve: { elements: [] },
        front: {
          background: 'red',
          elements: [
            text({ font: 'comic-sans' }),
            text({ x: 301 }),
            text({ colour: 'blue', align: 'justify', size: 0 }),
            { type: 'image', uploadedAssetId: 'x', x: 0, y: 0, width: 0, height: 10 },
            { type: 'shape' },
            text({ text: '' }),
          ],
        },
      },
      ctx,
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        'design.sleeve: product tee has no location sleeve (it has front, back).',
        'design.front.background "red" is not a colour as #rrggbb.',
        'design.front.elements[0].font "comic-sans" is not a font of GET /api/fonts.',
        'design.front.elements[1].x must be a number from 0 to 300 (millimetres within the 300 × 400 mm print area).',
        'design.front.elements[2].colour "blue" is not a colour as #rrggbb.',
        'design.front.elements[2].align must be one of: left, center, right.',
        'design.front.elements[2].size must be a number from 1 to 1000.',
        'design.front.elements[3].uploadedAssetId must be the integer id of an uploaded asset.',
        "design.front.elements[3].width must be a number from 0.1 to 4000 (mm, at most 10 times the print area's longer side).",
        'design.front.elements[4].type must be text or image.',
        `design.front.elements[5].text must be text of 1 to ${DESIGN_LIMITS.textLength} characters.`,
      ],
    });
  });

  it('caps elements per location, in all, and text', () => {
    const many = Array.from({ length: DESIGN_LIMITS.elementsPerLocation + 1 }, () => text());
    expect(checkDesign({ front: { elements: many } }, ctx)).toMatchObject({
      ok: false,
      problems: [`design.front.elements has 101 elements; a location may have at most 100.`],
    });
    const long = Array.from({ length: 11 }, () => text({ text: 'x'.repeat(1000) }));
    expect(checkDesign({ front: { elements: long } }, ctx)).toMatchObject({
      ok: false,
      problems: ['design has 11000 characters of text; at most 10000 are allowed.'],
    });
  });

  it('refuses control characters other than line breaks', () => {
    expect(checkDesign({ front: { elements: [text({ text: 'a\nb' })] } }, ctx).ok).toBe(true);
    expect(checkDesign({ front: { elements: [text({ text: 'a\u0007b' })] } }, ctx)).toMatchObject({
      ok: false,
      problems: [
        'design.front.elements[0].text must not contain control characters other than line breaks.',
      ],
    });
  });

  it('refuses a design on a location whose print canvas is over the ceiling (PRINT_MAX_PIXELS)', () => {
    // 300 × 400 mm plus 3 mm bleed at 300 dpi: 3614 × 4795 px = 17,329,130 pixels.
    const design = { front: { elements: [text()] } };
    expect(
      checkDesign(design, { ...ctx, print: { maxPixels: 17_329_130, maxImagePixels: 1e9 } }).ok,
    ).toBe(true);
    expect(
      checkDesign(design, { ...ctx, print: { maxPixels: 17_000_000, maxImagePixels: 1e9 } }),
    ).toEqual({
      ok: false,
      problems: [
        'design.front: location front prints 3614 × 4795 px (300 × 400 mm plus 3 mm bleed at 300 dpi), 17,329,130 pixels; print files are limited to 17,000,000 pixels per location (PRINT_MAX_PIXELS).',
      ],
    });
    // A blank location costs nothing.
    expect(
      checkDesign(
        { front: { elements: [] } },
        { ...ctx, print: { maxPixels: 1, maxImagePixels: 1 } },
      ).ok,
    ).toBe(true);
  });
});
