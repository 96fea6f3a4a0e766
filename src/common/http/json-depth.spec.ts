import {
  jsonDepthExceeds,
  jsonVerifier,
  MAX_JSON_DEPTH,
  scanJson,
  TooManyJsonKeys,
  TooManyJsonValues,
} from './json-depth';

const nested = (n: number) => Buffer.from(`${'['.repeat(n)}1${']'.repeat(n)}`);

describe('jsonDepthExceeds', () => {
  it('allows the limit and refuses one level more', () => {
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1))).toBe(true);
  });

  it('counts objects and arrays alike and ignores brackets inside strings', () => {
    expect(jsonDepthExceeds(Buffer.from('{"a":[{"b":[1]}]}'), 4)).toBe(false);
    expect(jsonDepthExceeds(Buffer.from('{"a":[{"b":[[1]]}]}'), 4)).toBe(true);
    expect(
      jsonDepthExceeds(Buffer.from(`{"s":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`), 2),
    ).toBe(false);
  });

  it('scans a large, shallow body to the end', () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => ({ id: i, name: 'x'.repeat(80) }));
    expect(jsonDepthExceeds(Buffer.from(JSON.stringify(rows)))).toBe(false);
    expect(jsonDepthExceeds(Buffer.from(JSON.stringify([...rows, nested(40).toString()])))).toBe(
      false,
    );
    expect(
      jsonDepthExceeds(
        Buffer.from(`[${JSON.stringify(rows)},${nested(MAX_JSON_DEPTH).toString()}]`),
      ),
    ).toBe(true);
  });
});

describe('scanJson', () => {
  const scan = (text: string) => scanJson(Buffer.from(text));

  it('counts object members and array elements at every level, not the top-level value', () => {
    expect(scan('{}').values).toBe(0);
    expect(scan('[ ]').values).toBe(0);
    expect(scan('7').values).toBe(0);
    expect(scan('{"a":1}').values).toBe(1);
    expect(scan('{ "a" : [1, 2, {"b": {}}], "c": "x,y]}" }').values).toBe(6);
    expect(scan('[[],[[]],{}]').values).toBe(4);
  });

  it('counts a body of many keys or values in full', () => {
    const keys = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i]));
    expect(scan(JSON.stringify({ email: 'a@b.co', pad: keys })).values).toBe(50_002);
    expect(scan(JSON.stringify(new Array(100_000).fill(0))).values).toBe(100_000);
  });

  it('stops at the first value over the limit and refuses the body naming the limit', () => {
    expect(scanJson(Buffer.from('[1,2,3,[4,5]]'), { maxValues: 3 })).toEqual({
      exceeded: 'values',
      values: 4,
      largestObject: 0,
    });
    const verify = jsonVerifier({ maxValues: 3, maxObjectKeys: 1000 });
    expect(() => verify(undefined, undefined, Buffer.from('[1,2,3]'))).not.toThrow();
    expect(() => verify(undefined, undefined, Buffer.from('[1,2,3,4'))).toThrow(
      new TooManyJsonValues(3),
    );
    expect(new TooManyJsonValues(3).message).toBe(
      'The JSON body holds more than 3 values (object members and array elements), the limit (JSON_MAX_VALUES).',
    );
  });

  it('finds the object of most keys, at any level, arrays not counted', () => {
    expect(scan('[1,2,3,4]').largestObject).toBe(0);
    expect(
      scan('{"a":1,"b":[1,2,3,4,5],"c":{"x":1,"y":2,"z":{"p":"a,b,c,d"}}}').largestObject,
    ).toBe(3);
    expect(scan('[{"a":1},{"a":1,"b":2},{}]').largestObject).toBe(2);
  });

  it('stops at the first key over the limit and refuses the body naming the limit', () => {
    const keys = Object.fromEntries(Array.from({ length: 250_000 }, (_, i) => [`k${i}`, i]));
    const scan = scanJson(Buffer.from(JSON.stringify({ pad: keys })), { maxObjectKeys: 1000 });
    expect(scan).toEqual({ exceeded: 'keys', values: 1002, largestObject: 1001 });
    const verify = jsonVerifier({ maxValues: 1_000_000, maxObjectKeys: 2 });
    expect(() =>
      verify(undefined, undefined, Buffer.from('[{"a":1,"b":2},{"c":[1,2,3]}]')),
    ).not.toThrow();
    expect(() => verify(undefined, undefined, Buffer.from('{"a":{"b":1,"c":2,"d":3}}'))).toThrow(
      new TooManyJsonKeys(2),
    );
    expect(new TooManyJsonKeys(2).message).toBe(
      'An object in the JSON body has more than 2 keys, the limit (JSON_MAX_OBJECT_KEYS).',
    );
  });
});
