import { privatePageDocument } from '../common/http/private-page';
import { escapeHtml } from '../common/messages/message-templates';
import type { ClientOverview, ClientPrices } from './availability.service';
import type { SkuPriceDto } from './dto/availability.dto';

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f4f4f5;color:#18181b;line-height:1.4}
header,main{max-width:64rem;margin:0 auto;padding:1rem}header{display:flex;flex-wrap:wrap;gap:.5rem;justify-content:space-between;align-items:center}
main{background:#fff;border-radius:.5rem}h1{font-size:1.4rem;margin-top:0}h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{text-align:left;padding:.45rem .6rem;border-bottom:1px solid #d4d4d8;vertical-align:top}th{background:#f4f4f5}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}a{color:#1d4ed8}
label{display:block;font-weight:600;margin-top:1rem}
input{box-sizing:border-box;width:100%;font-size:1rem;padding:.6rem;margin-top:.3rem;border:1px solid #71717a;border-radius:.3rem}
button{margin-top:1rem;font-size:1rem;padding:.6rem 1.1rem;background:#1d4ed8;color:#fff;border:0;border-radius:.3rem;cursor:pointer}
header button{margin:0;background:#3f3f46}.problem{border:2px solid #b91c1c;padding:.5rem 1rem;border-radius:.3rem;color:#7f1d1d}
.narrow{max-width:28rem}.status-unavailable{color:#b91c1c;font-weight:600}.status-backorder{color:#92400e;font-weight:600}
@media (max-width:40rem){thead{position:absolute;left:-9999px}tr{display:block;border-bottom:2px solid #a1a1aa;padding:.3rem 0}
td{display:flex;justify-content:space-between;gap:1rem;border:0;padding:.25rem .3rem}td.num{text-align:right}
td::before{content:attr(data-label);font-weight:600;text-align:left}}`;

const money = (n: number) => n.toFixed(2);
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

function page(title: string, body: string, signOutField?: string): string {
  const signOut =
    signOutField === undefined
      ? ''
      : `<form method="post" action="/availability/sign-out"><input type="hidden" name="form" value="${escapeHtml(signOutField)}"><button type="submit">Sign out</button></form>`;
  return privatePageDocument({
    lang: 'en',
    title,
    style: STYLE,
    content: `<header><span>Pricing and availability</span>${signOut}</header>
<main${signOutField === undefined ? ' class="narrow"' : ''}>
${body}
</main>`,
  });
}

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

function availabilityCell(s: SkuPriceDto): string {
  const { status, expectedDate } = s.availability;
  const text =
    status === 'backorder' ? `backorder (expected ${day(expectedDate ?? null)})` : status;
  return `<span class="status-${escapeHtml(status)}">${escapeHtml(text)}</span>`;
}

function adjustmentCell(s: SkuPriceDto): string {
  const a = s.adjustment;
  if (!a) return '';
  const value =
    a.type === 'percentage'
      ? `${a.value > 0 ? '+' : ''}${a.value} %`
      : `${a.value > 0 ? '+' : ''}${money(a.value)}`;
  const from = a.effectiveFrom ? ` from ${day(a.effectiveFrom)}` : '';
  const until = a.effectiveUntil ? ` until ${day(a.effectiveUntil)}` : '';
  const inactive = s.adjustmentActive ? '' : ' (not in effect now)';
  return escapeHtml(`${value}${from}${until}${inactive}`);
}

/** The details page of one client: its products and SKUs with their prices and availability. */
export function detailsPage(prices: ClientPrices, signOutField: string): string {
  const title = `Pricing and availability: ${prices.client.name}`;
  const products = prices.products.length
    ? prices.products
        .map(
          (p) =>
            `<h2>${escapeHtml(p.name)} <small>(${escapeHtml(p.handle)})</small></h2>\n${table(
              `SKUs of ${p.name}`,
              [
                ['SKU', false],
                ['Base price', true],
                ['Adjustment', false],
                ['Effective price', true],
                ['Availability', false],
              ],
              p.skus.map((s) => [
                escapeHtml(s.sku),
                money(s.basePrice),
                adjustmentCell(s),
                money(s.effectivePrice),
                availabilityCell(s),
              ]),
            )}`,
        )
        .join('\n')
    : '<p>The catalog of this client has no products.</p>';
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>\n<p>Client handle: ${escapeHtml(prices.client.handle)}</p>\n${products}`,
    signOutField,
  );
}

/** The overview of every client (ServiceAdmin). */
export function overviewPage(clients: ClientOverview[], signOutField: string): string {
  const rows = clients.map((c) => [
    `<a href="/availability/details/${encodeURIComponent(c.handle)}">${escapeHtml(c.name)} (${escapeHtml(c.handle)})</a>`,
    String(c.adjustments),
    String(c.unavailable),
    String(c.backorder),
    c.lastChange ? escapeHtml(c.lastChange.toISOString().replace('.000Z', 'Z')) : 'never',
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
    signOutField,
  );
}

/** A page for a client that does not exist (ServiceAdmin). */
export function notFoundPage(handle: string, signOutField: string): string {
  return page(
    'Client not found',
    `<h1>Client not found</h1>\n<p>There is no client ${escapeHtml(handle)}.</p>\n<p><a href="/availability">All clients</a></p>`,
    signOutField,
  );
}
