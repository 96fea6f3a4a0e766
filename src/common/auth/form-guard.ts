import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { SigningKey } from './signed-urls';

/** The cookie that carries a form's secret half. */
export const FORM_COOKIE = 'pci_form';

/**
 * CSRF protection of the server-rendered forms (double submit, bound to the form): the page sets
 * an HttpOnly, SameSite=Strict cookie with a random value and puts an HMAC of that value and of
 * what the form is about (e.g. the invitation) in a hidden field. A POST is accepted only with
 * both halves matching, and, when the browser names one, from our own origin. Another site can
 * neither read the cookie nor make the field; the first key makes fields, every key checks them.
 */
export class FormGuard {
  /** The service's own origin (of BASE_URL): what a browser's Origin may name besides Host. */
  private readonly origin: string;

  constructor(
    private readonly keys: readonly SigningKey[],
    baseUrl: string,
  ) {
    if (keys.length === 0) throw new Error('FormGuard needs at least one key');
    this.origin = new URL(baseUrl).origin;
  }

  /** Sets the cookie for a form at `path` about `subject` and answers the hidden field's value. */
  issue(req: Request, res: Response, path: string, subject: string): string {
    const secret = randomBytes(24).toString('base64url');
    res.cookie(FORM_COOKIE, secret, {
      httpOnly: true,
      sameSite: 'strict',
      // Secure whenever the service is reached over HTTPS (also when TLS ends at a proxy).
      secure: req.secure || this.origin.startsWith('https:'),
      path,
      maxAge: 60 * 60 * 1000,
    });
    return this.mac(this.keys[0].secret, secret, subject);
  }

  /** Whether a POST about `subject` carries a field that matches its cookie and comes from us. */
  check(req: Request, field: unknown, subject: string): boolean {
    if (!sameOrigin(req, this.origin)) return false;
    const secret = cookie(req.headers.cookie, FORM_COOKIE);
    if (!secret || typeof field !== 'string' || field.length > 100) return false;
    const given = Buffer.from(field);
    return this.keys.some(({ secret: key }) => {
      const expected = Buffer.from(this.mac(key, secret, subject));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  }

  private mac(key: Buffer, secret: string, subject: string): string {
    return createHmac('sha256', key).update(`${secret}\n${subject}`).digest('base64url');
  }
}

/**
 * False when the browser says the request comes from another site: Sec-Fetch-Site where the
 * browser sends it, else an Origin that is neither BASE_URL's nor the Host the request names. (Pages sent with Referrer-Policy:
 * no-referrer make browsers post `Origin: null`: that alone proves nothing either way.)
 */
export function sameOrigin(req: Request, own: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site) return !fetchedCrossSite(req);
  const origin = req.headers.origin;
  if (!origin || origin === 'null') return true;
  try {
    const url = new URL(origin);
    return url.origin === own || url.host === req.headers.host;
  } catch {
    return false;
  }
}

/** One cookie's value from a Cookie header. */
export function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * `Sec-Fetch-Site: <value>` when the browser says another site made the request (anything but
 * same-origin or none), else undefined (also when the header is absent).
 */
export function fetchedCrossSite(req: Request): string | undefined {
  const site = req.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none'
    ? undefined
    : `Sec-Fetch-Site: ${String(site)}`;
}
