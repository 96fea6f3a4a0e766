/** A small product as an admin writes it: the example of POST /api/catalog/{clientHandle}/products. */
export const PRODUCT_EXAMPLE = {
  handle: 'team-tee',
  name: 'Team T-shirt',
  options: [
    {
      handle: 'colour',
      values: [
        { value: 'white', hex: '#ffffff' },
        { value: 'black', hex: '#1c1c1c' },
      ],
    },
    { handle: 'size', values: [{ value: 'M' }, { value: 'L' }] },
  ],
  skus: [
    { sku: 'TEAM-WHT-M', options: { colour: 'white', size: 'M' }, unitPrice: 14.5 },
    { sku: 'TEAM-BLK-L', options: { colour: 'black', size: 'L' }, unitPrice: 14.5 },
  ],
  locations: [{ handle: 'front', printArea: { widthMm: 300, heightMm: 400 } }],
  viewAngles: [
    {
      handle: 'north',
      width: 1000,
      height: 1200,
      layers: [
        { type: 'fill', maskImageId: 11, option: 'colour' },
        { type: 'image', imageId: 12, blend: 'multiply' },
        {
          type: 'design',
          location: 'front',
          x: 325,
          y: 330,
          width: 350,
          height: 467,
          maskImageId: 11,
        },
      ],
      cameras: [
        {
          handle: 'closeup',
          x: 275,
          y: 280,
          width: 450,
          height: 567,
          outputWidth: 900,
          outputHeight: 1134,
        },
      ],
    },
  ],
};
