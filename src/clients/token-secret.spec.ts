import { hashToken, isSandboxToken, newTokenSecret } from './token-secret';

describe('token secrets', () => {
  it('are prefixed, long, unique, and stored only as their SHA-256', () => {
    const a = newTokenSecret();
    const b = newTokenSecret();
    expect(a.token).toMatch(/^pci_[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toEqual(b.token);
    expect(a.prefix).toEqual(a.token.slice(0, 12));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hash).toEqual(hashToken(a.token));
    expect(a.hash).not.toContain(a.token.slice(4, 20));
  });
});

describe('sandbox token secrets', () => {
  it('start with pci_test_, and only sandbox tokens do', () => {
    const sandbox = newTokenSecret(true);
    expect(sandbox.token).toMatch(/^pci_test_[A-Za-z0-9_-]{43}$/);
    expect(sandbox.prefix).toEqual(sandbox.token.slice(0, 16));
    expect(isSandboxToken(sandbox.token)).toBe(true);
    for (let i = 0; i < 200; i++) expect(isSandboxToken(newTokenSecret().token)).toBe(false);
  });

  it('are never drawn for a live client, even when the random part starts with test_', () => {
    const unlucky = Buffer.concat([Buffer.from('test_AAA', 'base64url'), Buffer.alloc(26, 1)]);
    expect(unlucky.toString('base64url').startsWith('test_')).toBe(true);
    const draws = [unlucky, Buffer.alloc(32, 7)];
    const random = jest.fn(() => draws.shift()!);
    const live = newTokenSecret(false, random);
    expect(live.token).toEqual(`pci_${Buffer.alloc(32, 7).toString('base64url')}`);
    expect(random).toHaveBeenCalledTimes(2);
  });
});
