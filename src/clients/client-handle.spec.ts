import { clientHandleProblem, normalizeClientHandle } from './client-handle';

describe('client handle rule', () => {
  it.each(['a1', 'acme', 'acme-apparel_2', '9'.repeat(64)])('accepts %s', (handle) => {
    expect(clientHandleProblem(handle)).toBeUndefined();
  });

  it.each(['', 'a', '-acme', '_acme', 'Acme', 'acme apparel', 'café', 'a/b', 'x'.repeat(65)])(
    'refuses %j',
    (handle) => {
      expect(clientHandleProblem(handle)).toBe(
        'handle must be 2–64 characters of a-z, 0-9, "-" or "_", starting with a letter or digit',
      );
    },
  );

  it('normalizes to the stored form: trimmed, lower-case', () => {
    expect(normalizeClientHandle('  Acme-Apparel ')).toBe('acme-apparel');
  });
});
