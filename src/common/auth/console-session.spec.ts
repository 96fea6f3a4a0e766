import type { Request, Response } from 'express';
import {
  clearSessionCookie,
  csrfMatches,
  csrfTokenOf,
  isSafeMethod,
  overHttps,
  presentedSession,
  setSessionCookie,
} from './console-session';

const SESSION = 'q3mJx0sT7b1Vd9yKc2Lr5Zp8Wn4Hf6Ga0Ue1Io3Py7Ta';

function req(headers: Record<string, string>, secure = false): Request {
  return { headers, secure } as unknown as Request;
}

describe('console session helpers', () => {
  describe('csrfTokenOf / csrfMatches', () => {
    it('derives one token per session, and no other session matches it', () => {
      const token = csrfTokenOf(SESSION);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(csrfTokenOf(SESSION)).toBe(token);
      expect(csrfTokenOf(`${SESSION.slice(0, -1)}b`)).not.toBe(token);
      expect(csrfMatches(SESSION, token)).toBe(true);
      expect(csrfMatches(`${SESSION.slice(0, -1)}b`, token)).toBe(false);
    });

    it.each([
      ['no header', undefined],
      ['an empty one', ''],
      ['a shorter one', csrfTokenOf(SESSION).slice(1)],
      ['a repeated header', [csrfTokenOf(SESSION), csrfTokenOf(SESSION)]],
      ['the session itself', SESSION],
    ])('refuses %s', (_what, presented) => {
      expect(csrfMatches(SESSION, presented)).toBe(false);
    });
  });

  describe('presentedSession', () => {
    it('reads pci_session over HTTP and only __Host-pci_session over HTTPS', () => {
      const both = req({ cookie: `a=1; pci_session=plain; __Host-pci_session=secure` });
      expect(presentedSession(both, false)).toBe('plain');
      expect(presentedSession(both, true)).toBe('secure');
      expect(presentedSession(req({ cookie: 'pci_session=plain' }), true)).toBeUndefined();
      expect(presentedSession(req({ cookie: 'pci_session=' }), false)).toBeUndefined();
      expect(presentedSession(req({}), false)).toBeUndefined();
    });
  });

  describe('overHttps', () => {
    it('is true for a secure request or an https BASE_URL', () => {
      expect(overHttps(req({}, true), 'http://localhost:3000')).toBe(true);
      expect(overHttps(req({}), 'https://api.example.com')).toBe(true);
      expect(overHttps(req({}), 'http://localhost:3000')).toBe(false);
    });
  });

  describe('the cookie', () => {
    function response() {
      const calls: { name: string; value?: string; options: Record<string, unknown> }[] = [];
      const res = {
        cookie: (name: string, value: string, options: Record<string, unknown>) =>
          calls.push({ name, value, options }),
        clearCookie: (name: string, options: Record<string, unknown>) =>
          calls.push({ name, options }),
      } as unknown as Response;
      return { res, calls };
    }

    it('is HttpOnly, SameSite=Strict and Path=/ always; __Host- and Secure over HTTPS', () => {
      const { res, calls } = response();
      setSessionCookie(res, false, SESSION, 1000);
      setSessionCookie(res, true, SESSION, 1000);
      clearSessionCookie(res, true);
      const strict = { httpOnly: true, sameSite: 'strict', path: '/' };
      expect(calls).toEqual([
        {
          name: 'pci_session',
          value: SESSION,
          options: { ...strict, secure: false, maxAge: 1000 },
        },
        {
          name: '__Host-pci_session',
          value: SESSION,
          options: { ...strict, secure: true, maxAge: 1000 },
        },
        { name: '__Host-pci_session', options: { ...strict, secure: true } },
      ]);
      for (const call of calls) expect(call.options).not.toHaveProperty('domain');
    });
  });

  it('lets only GET, HEAD and OPTIONS go without a CSRF token', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(isSafeMethod(method)).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'get'])
      expect(isSafeMethod(method)).toBe(false);
  });
});
