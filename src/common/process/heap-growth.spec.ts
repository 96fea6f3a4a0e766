import { DEFAULT_HEAP_GROWTH_PERCENT, limitHeapGrowth } from './heap-growth';

describe('limitHeapGrowth', () => {
  it('applies the default, a given percentage, or nothing', () => {
    expect(limitHeapGrowth({})).toBe(DEFAULT_HEAP_GROWTH_PERCENT);
    expect(limitHeapGrowth({ HEAP_GROWTH_PERCENT: ' ' })).toBe(DEFAULT_HEAP_GROWTH_PERCENT);
    expect(limitHeapGrowth({ HEAP_GROWTH_PERCENT: '120' })).toBe(120);
    expect(limitHeapGrowth({ HEAP_GROWTH_PERCENT: '0' })).toBe(0);
  });

  it('leaves V8 alone for a value the configuration check refuses', () => {
    for (const bad of ['abc', '-5', '2.5', '401']) {
      expect(limitHeapGrowth({ HEAP_GROWTH_PERCENT: bad })).toBe(0);
    }
  });
});
