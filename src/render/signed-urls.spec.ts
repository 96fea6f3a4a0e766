import { UrlSigner } from './signed-urls';

const key = (id: string) => ({ id, secret: Buffer.alloc(32, id) });
const PATH = '/api/assets/generated/recipeset/readable/ABCD2345/north?width=200&state=lid:open';
const NOW = new Date('2026-11-23T12:00:00Z');
const LATER = new Date('2026-11-23T13:00:00Z');

describe('UrlSigner', () => {
  const signer = new UrlSigner([key('k2'), key('k1')]);

  it('signs a URL that verifies until it expires', () => {
    const signed = signer.sign(PATH, LATER);
    expect(signed).toMatch(
      /^\/api\/assets\/generated\/recipeset\/readable\/ABCD2345\/north\?width=200&state=lid%3Aopen&expires=1795438800&keyId=k2&signature=[A-Za-z0-9_-]{43}$/,
    );
    expect(signer.verify(signed, NOW)).toEqual({ valid: true, expiresAt: LATER });
    expect(signer.verify(signed, LATER)).toEqual({ valid: false, reason: 'expired' });
  });

  it('does not depend on the order of parameters or the case of the path', () => {
    const signed = new URL(signer.sign(PATH, LATER), 'http://x');
    const reordered = new URLSearchParams([...signed.searchParams.entries()].reverse());
    expect(
      signer.verify(`${signed.pathname.toUpperCase()}?${reordered.toString()}`, NOW).valid,
    ).toBe(true);
  });

  it('refuses a changed parameter, path or expiry, and unsigned or malformed URLs', () => {
    const signed = signer.sign(PATH, LATER);
    expect(signer.verify(signed.replace('width=200', 'width=2000'), NOW)).toEqual({
      valid: false,
      reason: 'mismatch',
    });
    expect(signer.verify(signed.replace('/north', '/south'), NOW)).toEqual({
      valid: false,
      reason: 'mismatch',
    });
    expect(signer.verify(signed.replace(/expires=\d+/, 'expires=1895438800'), NOW)).toEqual({
      valid: false,
      reason: 'mismatch',
    });
    expect(signer.verify(PATH, NOW)).toEqual({ valid: false, reason: 'unsigned' });
    expect(signer.verify(`${PATH}&expires=soon&keyId=k2&signature=x`, NOW)).toEqual({
      valid: false,
      reason: 'malformed',
    });
  });

  it('keeps verifying links signed with an older key after rotation, not with a dropped one', () => {
    const old = new UrlSigner([key('k1')]).sign(PATH, LATER);
    expect(signer.verify(old, NOW).valid).toBe(true);
    expect(new UrlSigner([key('k3')]).verify(old, NOW)).toEqual({
      valid: false,
      reason: 'unknown-key',
    });
  });
});
