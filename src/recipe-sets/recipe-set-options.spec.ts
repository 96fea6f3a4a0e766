import type { ProductDefinition } from '../catalog';
import { resolveOptions } from './recipe-set-options';

const product = {
  handle: 'tee',
  options: [
    { handle: 'colour', values: [{ value: 'white' }, { value: 'black' }] },
    { handle: 'size', values: [{ value: 'S' }, { value: 'M' }] },
  ],
  skus: [
    { sku: 'W-S', options: { colour: 'white', size: 'S' }, unitPrice: 1 },
    { sku: 'B-M', options: { colour: 'black', size: 'M' }, unitPrice: 1 },
  ],
} as unknown as ProductDefinition;

describe('resolveOptions', () => {
  it('fills left-out options with their first value and finds the SKU', () => {
    expect(resolveOptions(product, undefined)).toEqual({
      ok: true,
      options: { colour: 'white', size: 'S' },
      sku: 'W-S',
    });
    expect(resolveOptions(product, { COLOUR: 'black', size: 'M' })).toEqual({
      ok: true,
      options: { colour: 'black', size: 'M' },
      sku: 'B-M',
    });
    expect(resolveOptions(product, { colour: 'black' })).toEqual({
      ok: true,
      options: { colour: 'black', size: 'S' },
      sku: null,
    });
  });

  it('names unknown options and values', () => {
    expect(resolveOptions(product, { fit: 'slim', size: 'XXL' })).toEqual({
      ok: false,
      problems: [
        'product tee has no option fit (its options: colour, size).',
        '"XXL" is not a value of option size (allowed: S, M).',
      ],
    });
  });
});
