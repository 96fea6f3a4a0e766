import { RenderParameterInvalid } from './render.errors';
import { ParsedQuery, parseRenderQuery } from './render-query';

const LIMITS = { maxDimension: 4000 };
const parse = (query: ParsedQuery) => parseRenderQuery(query, LIMITS);

/** The exact 400 text for a query. */
function textOf(query: ParsedQuery): string {
  try {
    parse(query);
  } catch (error) {
    expect(error).toBeInstanceOf(RenderParameterInvalid);
    expect((error as RenderParameterInvalid).kind).toBe('bad_request');
    return (error as Error).message;
  }
  throw new Error(`no error for ${JSON.stringify(query)}`);
}

describe('parseRenderQuery: render parameters', () => {
  it('has defaults: no size, no states, useCache, no transformation', () => {
    expect(parse({})).toMatchObject({
      size: {},
      states: {},
      useCache: true,
      transforms: false,
      key: '',
    });
    expect(parse({}).renderStateHandle).toBeUndefined();
    expect(parse({}).camera).toBeUndefined();
  });

  it.each([
    [{ width: '200' }, { width: 200 }],
    [{ w: '200' }, { width: 200 }],
    [{ WIDTH: '200' }, { width: 200 }],
    [{ height: '150' }, { height: 150 }],
    [{ H: '150' }, { height: 150 }],
    [
      { width: '1', height: '4000' },
      { width: 1, height: 4000 },
    ],
    [{ width: '007' }, { width: 7 }],
  ])('reads the size %j', (query, size) => {
    const q = parse(query);
    expect(q.size).toEqual(size);
    expect(q.transforms).toBe(true);
  });

  it.each(['0', '-1', '1.5', 'abc', '', '1e3', ' 5', '4001', '99999999999999999999'])(
    'refuses width=%j naming the parameter and value',
    (value) => {
      expect(textOf({ width: value })).toBe(
        `Invalid value for width: '${value}'. It must be an integer from 1 to 4000.`,
      );
    },
  );

  it('names the parameter as the caller spelled it', () => {
    expect(textOf({ H: 'x' })).toBe(
      "Invalid value for H: 'x'. It must be an integer from 1 to 4000.",
    );
  });

  it('uses the configured maximum', () => {
    expect(parseRenderQuery({ w: '100' }, { maxDimension: 100 }).size).toEqual({ width: 100 });
    expect(() => parseRenderQuery({ w: '101' }, { maxDimension: 100 })).toThrow(
      "Invalid value for w: '101'. It must be an integer from 1 to 100.",
    );
  });

  it('lets the last of repeated values win', () => {
    expect(parse({ width: ['100', '300'] }).size).toEqual({ width: 300 });
    expect(parse({ width: '100', w: '300' }).size).toEqual({ width: 300 });
  });

  it('reads state overrides: names case-insensitive, last wins, colons in values kept', () => {
    expect(parse({ state: ['Color:Red', 'size:XL', 'COLOR:blue', 'time:12:30'] }).states).toEqual({
      color: 'blue',
      size: 'XL',
      time: '12:30',
    });
    expect(parse({ State: 'a:b' }).states).toEqual({ a: 'b' });
    expect(parse({ state: 'a:b' }).transforms).toBe(false);
  });

  it.each(['color', 'color:', ':red', ' :red', 'color: ', 'color:red,blue', 'a:b,c:d', ''])(
    'refuses state=%j stating the invalid value',
    (value) => {
      expect(textOf({ state: value })).toBe(
        `Invalid value for state: '${value}'. A state override is name:value, with a non-empty name and value and no comma; repeat state for several.`,
      );
    },
  );

  it('refuses a bad state among good ones', () => {
    expect(textOf({ state: ['a:b', 'bad'] })).toContain("Invalid value for state: 'bad'.");
  });

  it('shortens a long value in the text', () => {
    const text = textOf({ state: 'x'.repeat(500) });
    expect(text).toContain(`'${'x'.repeat(100)}…'`);
    expect(text.length).toBeLessThan(300);
  });

  it('reads renderStateHandle and camera, names case-insensitive, values as given', () => {
    expect(parse({ RenderStateHandle: 'Print-Output', CAMERA: 'Ortho' })).toMatchObject({
      renderStateHandle: 'Print-Output',
      camera: 'Ortho',
      transforms: false,
    });
    expect(textOf({ camera: '' })).toBe("Invalid value for camera: ''. It must not be empty.");
    expect(textOf({ renderStateHandle: ' ' })).toBe(
      "Invalid value for renderStateHandle: ' '. It must not be empty.",
    );
  });

  it.each([
    ['false', false],
    ['FALSE', false],
    ['0', false],
    ['true', true],
    ['True', true],
    ['1', true],
  ])('reads useCache=%s', (value, expected) => {
    expect(parse({ useCache: value }).useCache).toBe(expected);
    expect(parse({ usecache: value }).useCache).toBe(expected);
  });

  it('refuses useCache=maybe', () => {
    expect(textOf({ useCache: 'maybe' })).toBe(
      "Invalid value for useCache: 'maybe'. It must be true or false.",
    );
  });

  it('takes the query string pairs in order, so the last wins across spellings', () => {
    const q = parse(new URLSearchParams('width=1&Width=2&width=3&state=a:1&STATE=A:2&x=%7B%7D'));
    expect(q.size).toEqual({ width: 3 });
    expect(q.states).toEqual({ a: '2' });
    expect(() => parse(new URLSearchParams('w=0'))).toThrow("Invalid value for w: '0'.");
  });

  it('ignores unknown parameters', () => {
    expect(
      parse({ utm_source: 'mail', cachebuster: ['1', '2'], sig: 'abc', x: { y: 'z' } }),
    ).toMatchObject({
      transforms: false,
      key: '',
    });
  });

  it('refuses a nested value (a parser giving objects)', () => {
    expect(textOf({ width: { a: '1' } })).toBe(
      'Invalid value for width: \'{"a":"1"}\'. It must be text.',
    );
  });
});
