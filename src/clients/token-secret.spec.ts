import { hashToken, newTokenSecret } from './token-secret';

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
