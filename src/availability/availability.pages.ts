import {
  codeElement,
  escapeHtml,
  dayElement,
  formatMoney,
  formatSignedPercent,
  instantElement,
  pageDocument,
} from '../common/pages';
import type { ClientOverview, ClientPrices } from './availability.service';
import type { SkuPriceDto } from './dto/availability.dto';

const STYLE = `header,main{max-width:64rem;margin:0 auto;padding:1rem}header{display:flex;flex-wrap:wrap;gap:.5rem;justify-content:space-between;align-items:center}
main{background:#fff;border-radius:.5rem}h1{font-size:1.4rem}h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{text-align:left;padding:.45rem .6rem;border-bottom:1px solid #d4d4d8;vertical-align:top}th{background:#f4f4f5}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
header button{margin:0;background:#3f3f46}.problem{border:2px solid #b91c1c;padding:.5rem 1rem;border-radius:.3rem;color:#7f1d1d}
.narrow{max-width:28rem}.status-unavailable{color:#b91c1c;font-weight:600}.status-backorder{color:#92400e;font-weight:600}
@media (max-width:40rem){thead{position:absolute;left:-9999px}tr{display:block;border-bottom:2px solid #a1a1aa;padding:.3rem 0}
td{display:flex;justify-content:space-between;gap:1rem;border:0;padding:.25rem .3rem}td.num{text-align:right}
td::before{content:attr(data-label);font-weight:600;text-align:left}}`;

/** How a signed-in page is shown: its sign-out form's CSRF field, and the reader's formats. */
export interface PageView {
  signOutField: string;
  /** The locale numbers, prices and dates are written in (see formatLocale). */
  locale: string;
  /** Whether the reader may see the overview (a ServiceAdmin): the details page links back. */
  overview: boolean;
}

function page(title: string, body: string, signOutField?: string): string {
  const signOut =
    signOutField === undefined
      ? ''
      : `<form method="post" action="/availability/sign-out"><input type="hidden" name="form" value="${escapeHtml(signOutField)}"><button type="submit">Sign out</button></form>`;
  return pageDocument({
    lang: 'en',
    title,
    style: STYLE,
    body: `<header><span>Pricing and availability</span>${signOut}</header>
<main${signOutField === undefined ? ' class="narrow"' : ''}>
${body}
</main>`,
  });
}

/** The link from a details page back to the overview of every client. */
const BACK_TO_OVERVIEW =
  '<p><a class="back" href="/availability"><span aria-hidden="true">← </span>All clients</a></p>';

/** A table that scrolls sideways, or stacks its cells, on a narrow screen. */
function table(caption: string, heads: [string, boolean][], rows: string[][]): string {
  const th = heads
    .map(([h, num]) => `<th scope="col"${num ? ' class="num"' : ''}>${escapeHtml(h)}</th>`)
    .join('');
  const body = rows
    .map(
      (cells) =>
        `<tr>${cells
          .map(
            (c, i) =>
              `<td data-label="${escapeHtml(heads[i][0])}"${heads[i][1] ? ' class="num"' : ''}>${c}</td>`,
          )
          .join('')}</tr>`,
    )
    .join('\n');
  return `<div class="scroll" role="region" aria-label="${escapeHtml(caption)}" tabindex="0"><table>
<caption style="position:absolute;left:-9999px">${escapeHtml(caption)}</caption>
<thead><tr>${th}</tr></thead>
<tbody>
${body}
</tbody></table></div>`;
}

export interface SignInForm {
  formField: string;
  next: string;
  problem?: string;
}

/** The sign-in page: the 401 answer to browsers, and GET /availability/sign-in. */
export function signInPage(form: SignInForm): string {
  const problem = form.problem
    ? `<p class="problem" role="alert" id="problem">${escapeHtml(form.problem)}</p>`
    : '';
  return page(
    'Sign in: pricing and availability',
    `<h1>Sign in</h1>
<p>These pages need an API token: of the client whose prices you want to see, or a ServiceAdmin token for every client. The token is exchanged for a session of this browser; it is not stored in it.</p>
${problem}
<form method="post" action="/availability/sign-in" autocomplete="off">
<input type="hidden" name="form" value="${escapeHtml(form.formField)}">
<input type="hidden" name="next" value="${escapeHtml(form.next)}">
<label for="token">API token</label>
<input id="token" name="token" type="password" required maxlength="256" autocomplete="off"${form.problem ? ' aria-invalid="true" aria-describedby="problem"' : ''}>
<button type="submit">Sign in</button>
</form>`,
  );
}

function availabilityCell(s: SkuPriceDto, locale: string): string {
  const { status, expectedDate } = s.availability;
  const text =
    status === 'backorder'
      ? `backorder (expected ${expectedDate ? dayElement(locale, expectedDate) : 'later'})`
      : escapeHtml(status);
  return `<span class="status-${escapeHtml(status)}">${text}</span>`;
}

function adjustmentCell(s: SkuPriceDto, locale: string, currency: string): string {
  const a = s.adjustment;
  if (!a) return '';
  const value =
    a.type === 'percentage'
      ? formatSignedPercent(locale, a.value)
      : formatMoney(locale, currency, a.value, true);
  const when = (at: string) => instantElement(locale, new Date(at));
  const from = a.effectiveFrom ? ` from ${when(a.effectiveFrom)}` : '';
  const until = a.effectiveUntil ? ` until ${when(a.effectiveUntil)}` : '';
  const inactive = s.adjustmentActive ? '' : ' (not in effect now)';
  return `${escapeHtml(value)}${from}${until}${inactive}`;
}

/** The details page of one client: its products and SKUs with their prices and availability. */
export function detailsPage(prices: ClientPrices, view: PageView): string {
  const { locale } = view;
  const money = (n: number) => escapeHtml(formatMoney(locale, prices.currency, n));
  const title = `Pricing and availability: ${prices.client.name}`;
  const products = prices.products.length
    ? prices.products
        .map(
          (p) =>
            `<h2>${escapeHtml(p.name)} <small>(${codeElement(p.handle)})</small></h2>\n${table(
              `SKUs of ${p.name}`,
              [
                ['SKU', false],
                ['Base price', true],
                ['Adjustment', false],
                ['Effective price', true],
                ['Availability', false],
              ],
              p.skus.map((s) => [
                codeElement(s.sku),
                money(s.basePrice),
                adjustmentCell(s, locale, prices.currency),
                money(s.effectivePrice),
                availabilityCell(s, locale),
              ]),
            )}`,
        )
        .join('\n')
    : '<p>The catalog of this client has no products.</p>';
  return page(
    title,
    `${view.overview ? `${BACK_TO_OVERVIEW}\n` : ''}<h1>${escapeHtml(title)}</h1>
<p>Client handle: ${codeElement(prices.client.handle)}. Prices in ${escapeHtml(prices.currency)}.</p>
${products}`,
    view.signOutField,
  );
}

/** The overview of every client (ServiceAdmin). */
export function overviewPage(clients: ClientOverview[], view: PageView): string {
  const count = (n: number) => escapeHtml(new Intl.NumberFormat(view.locale).format(n));
  const rows = clients.map((c) => [
    `<a href="/availability/details/${encodeURIComponent(c.handle)}">${escapeHtml(c.name)}</a> (${codeElement(c.handle)})`,
    count(c.adjustments),
    count(c.unavailable),
    count(c.backorder),
    c.lastChange ? instantElement(view.locale, c.lastChange) : 'never',
  ]);
  return page(
    'Pricing and availability: all clients',
    `<h1>Pricing and availability: all clients</h1>\n${
      rows.length
        ? table(
            'Clients',
            [
              ['Client', false],
              ['Adjustments', true],
              ['Unavailable SKUs', true],
              ['Backorder SKUs', true],
              ['Last change', false],
            ],
            rows,
          )
        : '<p>There are no clients.</p>'
    }`,
    view.signOutField,
  );
}

/** A page for a client that does not exist (ServiceAdmin). */
export function notFoundPage(handle: string, signOutField: string): string {
  return page(
    'Client not found',
    `${BACK_TO_OVERVIEW}\n<h1>Client not found</h1>\n<p>There is no client ${codeElement(handle)}.</p>`,
    signOutField,
  );
}
