import { ValidateBy, ValidationArguments } from 'class-validator';

/**
 * The client settings the HTML pages use: the currency of the catalog's prices (availability
 * pages), where users sign in (the invitation's success page) and the storefront (the share
 * page's call to action). Set by operators: PATCH /admin/clients/{clientHandle} and
 * `client settings`.
 */
export interface ClientPageSettings {
  currency: string;
  signInUrl: string | null;
  storefrontUrl: string | null;
}

/**
 * How acknowledgements check line items' SKUs against the recipe set's product (docs/design.md
 * §6): `strict` refuses the recipe set, `warn` accepts it with a warning (manifest, specification
 * PDF, `order.warning` event), `off` does not check. Set by the client's Admins
 * (PATCH /api/clients/{clientHandle}/order-settings) and operators (`client settings`).
 */
export const SKU_POLICIES = ['strict', 'warn', 'off'] as const;
export type SkuPolicy = (typeof SKU_POLICIES)[number];
export const DEFAULT_SKU_POLICY: SkuPolicy = 'strict';

/** The currency of clients that were not given one. */
export const DEFAULT_CURRENCY = 'EUR';
export const MAX_URL_LENGTH = 2000;
/** What a storefront URL may name; the share page fills them in (URL-encoded). */
export const STOREFRONT_PLACEHOLDERS = ['readableId', 'productHandle'] as const;
export type StorefrontValues = Record<(typeof STOREFRONT_PLACEHOLDERS)[number], string>;

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** A value as a 400 names it: JSON, cut short. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** Why `value` is no currency code, or undefined. */
export function currencyProblem(value: unknown): string | undefined {
  if (typeof value === 'string' && /^[A-Z]{3}$/.test(value) && CURRENCIES.has(value))
    return undefined;
  return `currency must be an ISO 4217 currency code such as EUR or USD, not ${shown(value)}`;
}

/** Why `value` is no SKU policy, or undefined. */
export function skuPolicyProblem(value: unknown): string | undefined {
  if ((SKU_POLICIES as readonly unknown[]).includes(value)) return undefined;
  return `skuPolicy must be one of ${SKU_POLICIES.join(', ')}, not ${shown(value)}`;
}

/** Why `value` (a setting named `field`) is no absolute https URL a page may link to, or undefined. */
export function pageUrlProblem(field: string, value: unknown, placeholders = false) {
  const rule = `${field} must be an absolute https URL of at most ${MAX_URL_LENGTH} characters, without a user name or password`;
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH)
    return `${rule}, not ${shown(value)}`;
  const names = [...value.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
  if (placeholders) {
    const unknown = names.filter(
      (n) => !(STOREFRONT_PLACEHOLDERS as readonly string[]).includes(n),
    );
    if (unknown.length > 0)
      return `${field} may hold only the placeholders ${STOREFRONT_PLACEHOLDERS.map((p) => `{${p}}`).join(' and ')}, not {${unknown[0]}} (in ${shown(value)})`;
  } else if (names.length > 0) return `${rule} (no placeholders), not ${shown(value)}`;
  let url: URL;
  try {
    url = new URL(value.replace(/\{\w+\}/g, 'x'));
  } catch {
    return `${rule}, not ${shown(value)}`;
  }
  if (url.protocol !== 'https:' || url.username || url.password || /\s/.test(value))
    return `${rule}, not ${shown(value)}`;
  return undefined;
}

/** A storefront URL with its placeholders filled in. */
export function storefrontLink(template: string, values: StorefrontValues): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? encodeURIComponent(values[name as keyof StorefrontValues]) : whole,
  );
}

/** `@Transform`: a code in any case and with spaces is the upper-case code. */
export const toCurrency = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim().toUpperCase() : value;

/** `@Transform`: a URL setting without surrounding spaces; an empty one is none (null). */
export const toPageUrl = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() || null : value;

/** A property validator whose rule and message are `problem`'s (undefined: valid). */
const checkedBy = (name: string, problem: (value: unknown) => string | undefined) =>
  ValidateBy({
    name,
    validator: {
      validate: (value: unknown) => problem(value) === undefined,
      defaultMessage: (args?: ValidationArguments) => problem(args?.value) ?? '',
    },
  });

export const IsCurrency = (): PropertyDecorator => checkedBy('isCurrency', currencyProblem);

/** An https URL a page may link to; `placeholders`: the storefront's may hold them. */
export const IsPageUrl = (placeholders = false): PropertyDecorator =>
  ValidateBy({
    name: 'isPageUrl',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) =>
        pageUrlProblem(args?.property ?? 'url', value, placeholders) === undefined,
      defaultMessage: (args?: ValidationArguments) =>
        pageUrlProblem(args?.property ?? 'url', args?.value, placeholders) ?? '',
    },
  });

export const IsSkuPolicy = (): PropertyDecorator => checkedBy('isSkuPolicy', skuPolicyProblem);
