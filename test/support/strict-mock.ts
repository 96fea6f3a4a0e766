/**
 * A mock that implements only what a test stubs: touching anything else throws, so a service
 * test fails when the code calls a collaborator the test did not expect.
 */
export function strictMock<T extends object>(
  stubs: Partial<Record<keyof T, unknown>>,
  name = 'mock',
): T {
  return new Proxy(stubs as T, {
    get(target, prop, receiver) {
      if (prop === 'then') return undefined; // not a thenable
      if (!(prop in target)) throw new Error(`${name}.${String(prop)} was called but not stubbed`);
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}
