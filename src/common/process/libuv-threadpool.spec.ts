import { DEFAULT_THREADPOOL_SIZE, sizeThreadpool } from './libuv-threadpool';

describe('libuv thread pool size', () => {
  it('sets the default when the operator set none (or nothing usable)', () => {
    for (const value of [undefined, '', 'many', '0', '-3']) {
      const env: NodeJS.ProcessEnv = value === undefined ? {} : { UV_THREADPOOL_SIZE: value };
      expect(sizeThreadpool(env)).toBe(DEFAULT_THREADPOOL_SIZE);
      expect(env.UV_THREADPOOL_SIZE).toBe(String(DEFAULT_THREADPOOL_SIZE));
    }
  });

  it("keeps the operator's size (libuv caps it at 1024)", () => {
    const env: NodeJS.ProcessEnv = { UV_THREADPOOL_SIZE: '6' };
    expect(sizeThreadpool(env)).toBe(6);
    expect(env.UV_THREADPOOL_SIZE).toBe('6');
    expect(sizeThreadpool({ UV_THREADPOOL_SIZE: '5000' })).toBe(1024);
  });
});
