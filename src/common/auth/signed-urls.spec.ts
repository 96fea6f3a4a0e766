import { UrlSigner } from './signed-urls';

const key = (id: string) => ({ id, secret: Buffer.alloc(32, id) });
const PATH = '/api/assets/generated/recipeset/readable/ABCD2345/north?width=200&state=lid:open';
const NOW = new Date('2026-11-23T12:00:00Z');
const LATER = new Date('2026-11-23T13:00:00Z');
const GRANT = { clientHandle: 'acme', expiresAt: LATER };

describe('UrlSigner', () => {
  const signer = new UrlSigner([key('k2'), key('k1')]);

  it('signs a URL that verifies until it expires, naming the client it acts for', () => {
    const signed = signer.sign(PATH, GRANT);
    expect(signed).toMatch(
      /^\/api\/assets\/generated\/recipeset\/readable\/ABCD2345\/north\?width=200&state=lid%3Aopen&client=acme&expires=1795438800&keyId=k2&signature=[A-Za-z0-9_-]{43}$/,
    );
    expect(signer.verify(signed, NOW)).toEqual({
      valid: true,
      clientHandle: 'acme',
      expiresAt: LATER,
    });
    expect(signer.verify(signed, LATER)).toEqual({ valid: false, reason: 'expired' });
  });

  it('replaces signature parameters already in the URL', () => {
    const once = signer.sign(PATH, GRANT);
    const twice = signer.sign(once, { clientHandle: 'other', expiresAt: LATER });
    expect(new URL(twice, 'http://x').searchParams.getAll('client')).toEqual(['other']);
    expect(signer.verify(twice, NOW).valid).toBe(true);
  });

  it('does not depend on the order of parameters or the case of the path', () => {
    const signed = new URL(signer.sign(PATH, GRANT), 'http://x');
    const reordered = new URLSearchParams([...signed.searchParams.entries()].reverse());
    expect(
      signer.verify(`${signed.pathname.toUpperCase()}?${reordered.toString()}`, NOW).valid,
    ).toBe(true);
  });

  it('refuses a changed parameter, path, client or expiry, and unsigned or malformed URLs', () => {
    const signed = signer.sign(PATH, GRANT);
    const mismatch = { valid: false, reason: 'mismatch' };
    expect(signer.verify(signed.replace('width=200', 'width=2000'), NOW)).toEqual(mismatch);
    expect(signer.verify(signed.replace('/north', '/south'), NOW)).toEqual(mismatch);
    expect(signer.verify(signed.replace('client=acme', 'client=other'), NOW)).toEqual(mismatch);
    expect(signer.verify(`${signed}&width=300`, NOW)).toEqual({
      valid: false,
      reason: 'mismatch',
    });
    expect(signer.verify(signed.replace(/expires=\d+/, 'expires=1895438800'), NOW)).toEqual(
      mismatch,
    );
    expect(signer.verify(PATH, NOW)).toEqual({ valid: false, reason: 'unsigned' });
    const malformed = { valid: false, reason: 'malformed' };
    expect(signer.verify(`${PATH}&client=a&expires=soon&keyId=k2&signature=x`, NOW)).toEqual(
      malformed,
    );
    expect(signer.verify(`${PATH}&expires=1795438800&keyId=k2&signature=x`, NOW)).toEqual(
      malformed,
    );
    expect(signer.verify(`${signed}&client=acme`, NOW)).toEqual(malformed);
  });

  it('keeps verifying links signed with an older key after rotation, not with a dropped one', () => {
    const old = new UrlSigner([key('k1')]).sign(PATH, GRANT);
    expect(signer.verify(old, NOW).valid).toBe(true);
    expect(new UrlSigner([key('k3')]).verify(old, NOW)).toEqual({
      valid: false,
      reason: 'unknown-key',
    });
  });

  it('verifies the path as the router reads it, not as a URL parser normalises it', () => {
    const signed = signer.sign(PATH, GRANT);
    const query = signed.slice(signed.indexOf('?'));
    // A WHATWG parser reads each of these as the signed path; Express routes another.
    for (const [bent, problem] of [
      [
        '/api/assets/generated/recipeset/readable/OTHER1/north/camera/a\\..\\..\\..\\..\\ABCD2345\\north',
        'a backslash (\\)',
      ],
      [
        '/api/assets/generated/recipeset/readable/OTHER1/north/../../ABCD2345/north',
        'a .. segment',
      ],
      [
        '/api/assets/generated/recipeset/readable/OTHER1/%2e%2e/ABCD2345/north',
        'an encoded . (%2e)',
      ],
      ['/api/assets/generated/recipeset/readable/./ABCD2345/north', 'a . segment'],
    ])
      expect(signer.verify(`${bent}${query}`, NOW)).toEqual({
        valid: false,
        reason: 'ambiguous-path',
        problem,
      });
    // Percent-encoding is not undone either: the signed text is what must come back.
    expect(signer.verify(signed.replace('/north', '/%6eorth'), NOW)).toEqual({
      valid: false,
      reason: 'mismatch',
    });
  });

  it('refuses to sign a path that a router could read differently', () => {
    expect(() => signer.sign('/api/x/a%2Fb', GRANT)).toThrow(
      'cannot sign a path containing an encoded / (%2F)',
    );
    expect(() => signer.sign('/api/x//b', GRANT)).toThrow('an empty segment');
  });
});
