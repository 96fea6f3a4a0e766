import { Request, Response } from 'express';
import helmet, { HelmetOptions } from 'helmet';
import { compose } from './compose';
import { securityHeaders } from './security-headers';

/** A response that records its headers as Node's does (names are case-insensitive). */
function response(): Response & { headers: Map<string, string> } {
  const headers = new Map<string, string>();
  return {
    headers,
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  } as unknown as Response & { headers: Map<string, string> };
}

describe('securityHeaders', () => {
  const options: HelmetOptions = {
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
  };

  it('sets exactly the headers helmet sets, on every response', () => {
    const byHelmet = response();
    helmet(options)({} as Request, byHelmet, () => undefined);
    const handler = securityHeaders(options);
    for (let i = 0; i < 2; i++) {
      const ours = response();
      let nextCalled = false;
      void handler({} as Request, ours, () => (nextCalled = true));
      expect(nextCalled).toBe(true);
      expect(Object.fromEntries(ours.headers)).toEqual(Object.fromEntries(byHelmet.headers));
    }
    expect(byHelmet.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

describe('compose', () => {
  it('runs the middlewares in order, then continues', () => {
    const seen: string[] = [];
    const next = jest.fn();
    void compose(
      (_req, _res, n) => (seen.push('a'), n()),
      (_req, _res, n) => (seen.push('b'), n()),
    )({} as Request, response(), next);
    expect(seen).toEqual(['a', 'b']);
    expect(next).toHaveBeenCalledWith();
  });

  it('stops at the first error, passed on or thrown', () => {
    const failed = new Error('no');
    for (const failing of [
      (_req: Request, _res: Response, n: (err?: unknown) => void) => n(failed),
      () => {
        throw failed;
      },
    ]) {
      const after = jest.fn();
      const next = jest.fn();
      void compose(failing, after)({} as Request, response(), next);
      expect(after).not.toHaveBeenCalled();
      expect(next).toHaveBeenCalledWith(failed);
    }
  });
});
