import { RenderParameterInvalid } from './render.errors';
import { ParsedQuery, parseRenderQuery } from './render-query';

const LIMITS = { maxDimension: 4000 };
const transformOf = (query: ParsedQuery) => parseRenderQuery(query, LIMITS).transform;

function textOf(query: ParsedQuery): string {
  try {
    parseRenderQuery(query, LIMITS);
  } catch (error) {
    expect(error).toBeInstanceOf(RenderParameterInvalid);
    return (error as Error).message;
  }
  throw new Error(`no error for ${JSON.stringify(query)}`);
}

describe('image-resizer parameters', () => {
  it('default to max, down, middlecenter, PNG, quality 90', () => {
    expect(transformOf({})).toEqual({
      dpr: 1,
      mode: 'max',
      scale: 'down',
      anchor: 'middlecenter',
      background: undefined,
      flipHorizontal: false,
      flipVertical: false,
      rotate: 0,
      crop: undefined,
      format: 'png',
      jpegQuality: 90,
      webpQuality: 90,
      webpLossless: false,
      pngQuality: undefined,
      sourceRotate: 0,
      sourceFlipHorizontal: false,
      sourceFlipVertical: false,
      ignoreIcc: false,
    });
  });

  it.each(['max', 'pad', 'crop', 'stretch'])('reads mode=%s in any case', (mode) => {
    expect(transformOf({ MODE: mode.toUpperCase() }).mode).toBe(mode);
  });

  it.each(['down', 'both', 'up', 'canvas'])('reads scale=%s', (scale) => {
    expect(transformOf({ Scale: scale }).scale).toBe(scale);
  });

  it.each([
    'topleft',
    'topcenter',
    'topright',
    'middleleft',
    'middlecenter',
    'middleright',
    'bottomleft',
    'bottomcenter',
    'bottomright',
  ])('reads anchor=%s', (anchor) => {
    expect(transformOf({ anchor: anchor.toUpperCase() }).anchor).toBe(anchor);
  });

  it.each([
    [{ mode: 'fit' }, "Invalid value for mode: 'fit'. It must be one of max, pad, crop, stretch."],
    [
      { scale: 'upscale' },
      "Invalid value for scale: 'upscale'. It must be one of down, both, up, canvas.",
    ],
    [
      { anchor: 'center' },
      "Invalid value for anchor: 'center'. It must be one of topleft, topcenter, topright, middleleft, middlecenter, middleright, bottomleft, bottomcenter, bottomright.",
    ],
  ])('refuses %j', (query, text) => {
    expect(textOf(query)).toBe(text);
  });

  it.each([
    ['f00', { r: 255, g: 0, b: 0, alpha: 1 }],
    ['00FF00', { r: 0, g: 255, b: 0, alpha: 1 }],
    ['0000ff80', { r: 0, g: 0, b: 255, alpha: 0.502 }],
    ['#ffffff', { r: 255, g: 255, b: 255, alpha: 1 }],
    ['White', { r: 255, g: 255, b: 255, alpha: 1 }],
    ['transparent', { r: 0, g: 0, b: 0, alpha: 0 }],
  ])('reads bgcolor=%s', (value, rgba) => {
    expect(transformOf({ bgcolor: value }).background).toEqual(rgba);
  });

  it.each(['ff', 'ffff', 'fffff', 'gggggg', 'ff00ff0', '', 'rebeccapurple'])(
    'refuses bgcolor=%j',
    (value) => {
      expect(textOf({ bgcolor: value })).toBe(
        `Invalid value for bgcolor: '${value}'. It must be a hex colour without # (RGB, RRGGBB or RRGGBBAA) or one of transparent, white, black, gray, grey, silver, red, green, lime, blue, yellow, navy.`,
      );
    },
  );

  it.each([
    ['2', 2],
    ['1.5', 1.5],
    ['4', 4],
    ['0.5', 0.5],
    ['2x', 2],
  ])('reads dpr=%s', (value, dpr) => {
    expect(transformOf({ dpr: value }).dpr).toBe(dpr);
  });

  it.each(['0', '-1', '4.01', '5', 'abc', '', 'x', 'NaN', 'Infinity'])(
    'refuses dpr=%j',
    (value) => {
      expect(textOf({ dpr: value })).toBe(
        `Invalid value for dpr: '${value}'. It must be a number above 0 and at most 4.`,
      );
    },
  );

  it('multiplies width and height by dpr', () => {
    expect(transformOf({ w: '200', h: '100', dpr: '1.5' })).toMatchObject({
      width: 300,
      height: 150,
    });
  });

  it('refuses a dpr that takes the size over the maximum, naming dpr', () => {
    expect(textOf({ width: '3000', dpr: '2' })).toBe(
      "Invalid value for dpr: '2'. With width 3000 it asks for 6000 pixels, more than the maximum of 4000.",
    );
  });

  it.each([
    ['h', true, false],
    ['x', true, false],
    ['V', false, true],
    ['y', false, true],
    ['both', true, true],
    ['hv', true, true],
    ['vh', true, true],
    ['XY', true, true],
    ['yx', true, true],
    ['none', false, false],
  ])('reads flip=%s', (value, horizontal, vertical) => {
    expect(transformOf({ flip: value })).toMatchObject({
      flipHorizontal: horizontal,
      flipVertical: vertical,
    });
  });

  it('refuses flip=diagonal', () => {
    expect(textOf({ flip: 'diagonal' })).toBe(
      "Invalid value for flip: 'diagonal'. It must be one of none, h, x, v, y, both, hv, vh, xy, yx.",
    );
  });

  it.each([
    ['0', 0],
    ['90', 90],
    ['180', 180],
    ['270', 270],
    ['360', 0],
    ['-90', 270],
    ['450', 90],
  ])('reads rotate=%s', (value, rotate) => {
    expect(transformOf({ rotate: value }).rotate).toBe(rotate);
  });

  it.each(['45', '90.0', 'abc', '', '1e2'])('refuses rotate=%j', (value) => {
    expect(textOf({ rotate: value })).toBe(
      `Invalid value for rotate: '${value}'. It must be 0, 90, 180 or 270.`,
    );
  });

  it.each([
    ['10,20,110,220', { x1: 10, y1: 20, x2: 110, y2: 220 }],
    ['0,0,0,0', { x1: 0, y1: 0, x2: 0, y2: 0 }],
    ['0, 0, -10, -20.5', { x1: 0, y1: 0, x2: -10, y2: -20.5 }],
    ['1.5,2.5,3.5,4.5', { x1: 1.5, y1: 2.5, x2: 3.5, y2: 4.5 }],
  ])('reads crop=%s', (value, crop) => {
    expect(transformOf({ crop: value }).crop).toEqual(crop);
  });

  it.each(['1,2,3', '1,2,3,4,5', 'a,b,c,d', '-1,0,10,10', '10,0,5,10', '0,10,10,10', ''])(
    'refuses crop=%j',
    (value) => {
      expect(textOf({ crop: value })).toBe(
        `Invalid value for crop: '${value}'. It must be x1,y1,x2,y2: four numbers, x1 and y1 at least 0, x2 and y2 above x1 and y1 or at most 0 (counted from the right and bottom edges).`,
      );
    },
  );

  it.each([
    ['png', 'png'],
    ['jpeg', 'jpeg'],
    ['jpg', 'jpeg'],
    ['JPG', 'jpeg'],
    ['webp', 'webp'],
    ['GIF', 'gif'],
  ])('reads format=%s', (value, format) => {
    expect(transformOf({ format: value }).format).toBe(format);
  });

  it('refuses format=bmp', () => {
    expect(textOf({ format: 'bmp' })).toBe(
      "Invalid value for format: 'bmp'. It must be one of png, jpeg, jpg, webp, gif.",
    );
  });

  it('reads quality for JPEG and WebP; jpeg.quality and webp.quality win over it', () => {
    expect(transformOf({ quality: '50' })).toMatchObject({ jpegQuality: 50, webpQuality: 50 });
    expect(transformOf({ quality: '50', 'JPEG.Quality': '70' })).toMatchObject({
      jpegQuality: 70,
      webpQuality: 50,
    });
    expect(transformOf({ 'webp.quality': '30', quality: '50' })).toMatchObject({
      jpegQuality: 50,
      webpQuality: 30,
    });
    expect(transformOf({ 'png.quality': '60' }).pngQuality).toBe(60);
    expect(transformOf({ 'webp.lossless': 'TRUE' }).webpLossless).toBe(true);
  });

  it.each(['quality', 'jpeg.quality', 'webp.quality', 'png.quality'])(
    'refuses %s outside 1–100',
    (name) => {
      for (const value of ['0', '101', '50.5', 'high']) {
        expect(textOf({ [name]: value })).toBe(
          `Invalid value for ${name}: '${value}'. It must be an integer from 1 to 100.`,
        );
      }
    },
  );

  it('refuses webp.lossless=yes', () => {
    expect(textOf({ 'webp.lossless': 'yes' })).toBe(
      "Invalid value for webp.lossless: 'yes'. It must be true or false.",
    );
  });
});
