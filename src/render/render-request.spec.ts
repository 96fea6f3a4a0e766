import { RenderPathInvalid } from './render.errors';
import { ParsedQuery } from './render-query';
import { parseRenderRequest } from './render-request';

const LIMITS = { maxDimension: 4000 };
const request = (path: string, query: ParsedQuery = {}) =>
  parseRenderRequest(path.split('/'), query, LIMITS);

describe('parseRenderRequest', () => {
  it('answers the stored render (no transformation) for a bare view angle', () => {
    expect(request('north')).toEqual({
      viewAngle: 'north',
      states: {},
      useCache: true,
      size: {},
      transform: expect.objectContaining({ format: 'png', dpr: 1 }),
      transforms: false,
      transformKey: '',
    });
  });

  it('combines path parameters and the query', () => {
    const r = request('north/state/ber-print-output/camera/Ortho/width/381/height/286', {
      state: 'Color:red',
      useCache: 'false',
    });
    expect(r).toMatchObject({
      viewAngle: 'north',
      renderStateHandle: 'ber-print-output',
      camera: 'Ortho',
      states: { color: 'red' },
      useCache: false,
      size: { width: 381, height: 286 },
      transforms: true,
      transformKey: 'format=png&height=286&width=381',
    });
  });

  it('refuses a query parameter that repeats a path segment, naming both', () => {
    expect(() => request('view/north/camera/Ortho', { camera: 'Top' })).toThrow(
      "The render URL gives camera twice: as the path segment camera/'Ortho' and as the query parameter camera; give it once.",
    );
    expect(() => request('north/state/p1', { renderStateHandle: 'p2' })).toThrow(
      "The render URL gives state twice: as the path segment state/'p1' and as the query parameter renderStateHandle; give it once.",
    );
    expect(() => request('north/width/381', { w: '100' })).toThrow(/gives width twice/);
    expect(() => request('north/height/381', { height: '100' })).toThrow(/gives height twice/);
    // Different settings in the path and the query combine.
    expect(request('north/camera/Ortho/width/381', { h: '100', state: 'a:b' })).toMatchObject({
      camera: 'Ortho',
      size: { width: 381, height: 100 },
    });
  });

  it('holds a size from the path to the maximum, naming the parameter', () => {
    expect(() => request('north/width/5000')).toThrow(
      "Invalid value for width: '5000'. It must be an integer from 1 to 4000.",
    );
  });

  it('applies dpr to a size from the path', () => {
    expect(request('north/width/100', { dpr: '2' }).transform.width).toBe(200);
  });

  it('passes path errors on', () => {
    expect(() => request('north/width')).toThrow(RenderPathInvalid);
  });

  it.each([
    [{ width: '200' }, true],
    [{ h: '200' }, true],
    [{ dpr: '2' }, true],
    [{ dpr: '1' }, false],
    [{ flip: 'h' }, true],
    [{ flip: 'none' }, false],
    [{ rotate: '90' }, true],
    [{ rotate: '360' }, false],
    [{ crop: '0,0,10,10' }, true],
    [{ format: 'jpg' }, true],
    [{ format: 'webp' }, true],
    [{ format: 'gif' }, true],
    [{ format: 'png' }, false],
    [{ 'png.quality': '80' }, true],
    [{ mode: 'pad', anchor: 'topleft', scale: 'both', bgcolor: 'fff', quality: '50' }, false],
    [{ state: 'a:b', camera: 'c', renderStateHandle: 'p', useCache: 'false' }, false],
  ])('says whether %j transforms (%s)', (query, transforms) => {
    const r = request('north', query);
    expect(r.transforms).toBe(transforms);
    expect(r.transformKey === '').toBe(!transforms);
  });

  it('describes the transformation canonically: sorted, defaults left out, order irrelevant', () => {
    const a = request('north', {
      w: '200',
      mode: 'pad',
      bgcolor: 'F00',
      format: 'jpg',
      'jpeg.quality': '80',
      anchor: 'middlecenter',
      flip: 'hv',
      rotate: '-90',
    });
    const b = request('north', {
      rotate: '270',
      FLIP: 'both',
      Quality: '80',
      FORMAT: 'JPEG',
      BgColor: 'ff0000ff',
      width: '200',
      MODE: 'PAD',
    });
    expect(a.transformKey).toBe(
      'bgcolor=ff0000ff&flip=hv&format=jpeg&mode=pad&quality=80&rotate=270&width=200',
    );
    expect(b.transformKey).toBe(a.transformKey);
  });

  it('keys the final pixel size, so w=200&dpr=2 and w=400 share a key', () => {
    expect(request('north', { w: '200', dpr: '2' }).transformKey).toBe(
      request('north', { w: '400' }).transformKey,
    );
    expect(request('north', { dpr: '2' }).transformKey).toBe('dpr=2&format=png');
  });

  it('keys only the encoder settings of the chosen format', () => {
    expect(request('north', { w: '10', quality: '50' }).transformKey).toBe('format=png&width=10');
    expect(request('north', { w: '10', format: 'webp', quality: '50' }).transformKey).toBe(
      'format=webp&webp.quality=50&width=10',
    );
    expect(
      request('north', { w: '10', format: 'webp', 'webp.lossless': 'true' }).transformKey,
    ).toBe('format=webp&webp.lossless=true&width=10');
    expect(request('north', { crop: '0,0,-5,0', scale: 'canvas' }).transformKey).toBe(
      'crop=0,0,-5,0&format=png&scale=canvas',
    );
  });
});
