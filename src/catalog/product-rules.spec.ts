import { ProductDefinition } from './product-definition';
import { imagesOf, productProblems } from './product-rules';

function product(over: Partial<ProductDefinition> = {}): ProductDefinition {
  return {
    handle: 'tee',
    name: 'Tee',
    options: [
      {
        handle: 'colour',
        values: [
          { value: 'black', hex: '#000000' },
          { value: 'white', hex: '#ffffff' },
        ],
      },
      { handle: 'size', values: [{ value: 'S' }, { value: 'M' }] },
    ],
    skus: [
      { sku: 'T-B-S', options: { colour: 'black', size: 'S' }, unitPrice: 10 },
      { sku: 'T-W-S', options: { colour: 'white', size: 'S' }, unitPrice: 10 },
    ],
    locations: [
      {
        handle: 'front',
        printArea: { widthMm: 300, heightMm: 400 },
        dpi: 300,
        embellishment: 'print',
      },
    ],
    viewAngles: [
      {
        handle: 'north',
        width: 1000,
        height: 1200,
        layers: [
          { type: 'fill', maskImageId: 1, option: 'colour' },
          { type: 'image', imageId: 2, blend: 'multiply', when: { lid: 'open' } },
          {
            type: 'design',
            location: 'front',
            x: 300,
            y: 300,
            width: 400,
            height: 533,
            rotation: 0,
            maskImageId: 3,
          },
        ],
        cameras: [
          {
            handle: 'Ortho',
            x: 0,
            y: 0,
            width: 1000,
            height: 1200,
            outputWidth: 500,
            outputHeight: 600,
          },
        ],
      },
    ],
    renderStates: [{ handle: 'lid', values: ['open', 'closed'], default: 'closed' }],
    renderStatePresets: [{ handle: 'print-output', states: { lid: 'closed' } }],
    ...over,
  };
}

const all = () => true;

describe('productProblems', () => {
  it('accepts a consistent product, and lists the images it uses', () => {
    expect(productProblems(product(), all)).toEqual([]);
    expect(imagesOf(product()).sort()).toEqual([1, 2, 3]);
  });

  it("names images that are not the client's", () => {
    expect(productProblems(product(), (id) => id !== 2)).toEqual([
      'layer 2 of view angle north names image 2, which was not found.',
    ]);
  });

  it('names unknown locations, options, states and values', () => {
    const p = product();
    p.viewAngles[0].layers = [
      { type: 'design', location: 'back', x: 0, y: 0, width: 10, height: 10 },
      { type: 'fill', maskImageId: 1, option: 'size' },
      { type: 'image', imageId: 2, when: { lid: 'ajar', door: 'open' } },
    ];
    p.renderStatePresets = [{ handle: 'x', states: { lid: 'gone' } }];
    p.skus = [{ sku: 'A', options: { colour: 'red', fit: 'slim' }, unitPrice: 1 }];
    expect(productProblems(p, all)).toEqual([
      'SKU A gives colour the value "red", which is not one of its values.',
      'SKU A names option fit, which the product does not have.',
      'preset x gives render state lid the value "gone"; allowed: open, closed.',
      'layer 1 of view angle north shows location back, which the product does not have.',
      'layer 2 of view angle north fills with option size, but not all of its values have a hex colour.',
      'layer 3 of view angle north gives render state lid the value "ajar"; allowed: open, closed.',
      'layer 3 of view angle north names render state door, which the product does not have.',
    ]);
  });

  it('names duplicates (handles case-insensitively), bad defaults and cameras outside the view', () => {
    const p = product({
      locations: [
        {
          handle: 'front',
          printArea: { widthMm: 1, heightMm: 1 },
          dpi: 300,
          embellishment: 'print',
        },
        {
          handle: 'FRONT',
          printArea: { widthMm: 1, heightMm: 1 },
          dpi: 300,
          embellishment: 'print',
        },
      ],
      renderStates: [{ handle: 'lid', values: ['open', 'closed'], default: 'ajar' }],
    });
    p.viewAngles[0].cameras = [
      { handle: 'wide', x: 500, y: 0, width: 600, height: 100, outputWidth: 1, outputHeight: 1 },
    ];
    p.skus.push({ sku: 'T-B-S2', options: { size: 'S', colour: 'black' }, unitPrice: 1 });
    expect(productProblems(p, all)).toEqual([
      'location "FRONT" appears more than once.',
      'SKU T-B-S2 has the same options as another SKU.',
      'render state lid has the default "ajar", which is not one of its values.',
      "camera wide of view angle north reaches outside the view's 1000 × 1200 pixels.",
    ]);
  });
});
