import { ValidateBy, ValidationOptions } from 'class-validator';

const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * An e-mail address as it is sent to (`Jane.Doe@Example.COM ` → `Jane.Doe@example.com`), or
 * undefined when it is none: one `@`, a dot-atom local part of at most 64 characters, a domain
 * of at least two DNS labels, at most 254 characters in all. No quoted local parts or address
 * literals: nothing a mail header could be confused by.
 */
export function normalizeEmail(raw: string): string | undefined {
  const text = raw.trim();
  const at = text.lastIndexOf('@');
  if (text.length > 254 || at < 1) return undefined;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1).toLowerCase();
  const labels = domain.split('.');
  if (local.length > 64 || !LOCAL.test(local)) return undefined;
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return undefined;
  // A top-level domain is never all digits (that would be an IP address).
  if (/^\d+$/.test(labels[labels.length - 1])) return undefined;
  return `${local}@${domain}`;
}

/**
 * class-validator: an e-mail address normalizeEmail takes (stricter than `@IsEmail()`, which lets
 * quoted local parts with spaces and control characters through).
 */
export function IsPlainEmail(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPlainEmail',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && !!normalizeEmail(value),
        defaultMessage: () => '$property must be an e-mail address',
      },
    },
    options,
  );
}
