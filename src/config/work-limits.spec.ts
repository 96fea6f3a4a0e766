import { ConfigValidationError, parseEnvironment } from './environment';

describe('LIST_MAX_RESPONSE_BYTES and SAVED_ASSET_MAX_BYTES', () => {
  it('default to a list that holds 500 assets at their limit, twice', () => {
    const env = parseEnvironment({});
    expect(env).toMatchObject({ LIST_MAX_RESPONSE_BYTES: '64mb', SAVED_ASSET_MAX_BYTES: '64kb' });
  });

  it('refuse a list limit that cannot hold one asset at its limit, twice, with the envelope', () => {
    expect(() =>
      parseEnvironment({ LIST_MAX_RESPONSE_BYTES: '100kb', SAVED_ASSET_MAX_BYTES: '64kb' }),
    ).toThrow(ConfigValidationError);
    try {
      parseEnvironment({ LIST_MAX_RESPONSE_BYTES: '100kb', SAVED_ASSET_MAX_BYTES: '64kb' });
    } catch (e) {
      expect((e as ConfigValidationError).problems).toEqual([
        'LIST_MAX_RESPONSE_BYTES (102400 bytes) must hold one saved asset of SAVED_ASSET_MAX_BYTES (65536) twice and the envelope: at least 135168 bytes',
      ]);
    }
    expect(() =>
      parseEnvironment({ LIST_MAX_RESPONSE_BYTES: '135168b', SAVED_ASSET_MAX_BYTES: '64kb' }),
    ).not.toThrow();
  });

  it('name a value that is not a size', () => {
    expect(() => parseEnvironment({ LIST_MAX_RESPONSE_BYTES: 'lots' })).toThrow(
      'LIST_MAX_RESPONSE_BYTES must be a size such as 16mb or 64mb (got "lots")',
    );
  });
});
