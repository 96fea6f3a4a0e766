/**
 * The saved-assets suite's data (bench/saved-assets-bench.ts): an artwork library seeded straight
 * into the tables, and the query plans of the list's SQL over it.
 */
import { Client } from 'pg';
import { pageQuery, totalsQuery } from '../src/saved-assets';

export const ORGANIZATION = 'ORG-BENCH';
/** Other organizations of the same client (as large each), so that the list picks its rows out. */
export const OTHER_ORGANIZATIONS = ['ORG-EAST', 'ORG-WEST', 'ORG-NORTH', 'ORG-SOUTH'];

/**
 * `count` uploads and saved assets of `organization`, each saved asset with one production job
 * (three providers and embellishment types in turn), a result and one DST output; modified at
 * spread-out times so that every sort order has work to do.
 */
export async function seedLibrary(
  db: Client,
  clientId: string,
  organization: string,
  count: number,
) {
  await db.query(
    `WITH u AS (
       INSERT INTO uploaded_asset (client_id, blob_key, sha256, mime_type, width, height, bytes,
         user_facing_file_name, organization_identifier, client_account_reference, purpose, created_at)
       SELECT $1, 'uploads/00/' || lpad(to_hex(g), 64, '0') || '.png', lpad(to_hex(g), 64, '0'),
         'image/png', 1200, 900, 48213, 'artwork-' || g || '.png', $2, 'ACCT-' || (g % 40),
         'artwork', now() - make_interval(mins => 20000 + g)
       FROM generate_series(1, $3::int) g
       RETURNING id, created_at, user_facing_file_name, client_account_reference)
     INSERT INTO saved_uploaded_asset (client_id, uploaded_asset_id, organization_identifier,
       client_account_reference, user_facing_file_name, service_asset_reference, created_at,
       last_modified_at)
     SELECT $1, u.id, $2, u.client_account_reference, u.user_facing_file_name, 'SVC-' || u.id,
       u.created_at, now() - make_interval(mins => (u.id * 7919) % 20000)
     FROM u`,
    [clientId, organization, count],
  );
  await db.query(
    `INSERT INTO production_job (saved_asset_id, client_id, organization_identifier,
       provider_handle, provider_reference,
       reference, client_reference, template, product_color, placement, placement_width,
       placement_height, work_flow_type, embellishment_type, status, created_at, last_modified_at)
     SELECT s.id, s.client_id, s.organization_identifier,
       (ARRAY['stitchworks', 'printhaus', 'threadline'])[1 + s.id % 3],
       'P-' || s.id, 'R-' || s.id, 'C-' || s.id, 'left-chest', 'Navy', 'Left Chest',
       '{"value": "3.50n", "type": "Big Number"}', '{"value": "2.25n", "type": "Big Number"}',
       'Standard', (ARRAY['Embroidery', 'ScreenPrint', 'DTG'])[1 + s.id % 3], 'Completed',
       s.created_at, s.last_modified_at
     FROM saved_uploaded_asset s WHERE s.client_id = $1 AND s.organization_identifier = $2`,
    [clientId, organization],
  );
  await db.query(
    `WITH r AS (
       INSERT INTO production_job_result (job_id, received_date, thread_count, actual_width,
         actual_height, last_modified_at)
       SELECT j.id, j.last_modified_at, 7, '{"value": "3.48n", "type": "Big Number"}',
         '{"value": "2.21n", "type": "Big Number"}', j.last_modified_at
       FROM production_job j JOIN saved_uploaded_asset s ON s.id = j.saved_asset_id
       WHERE s.client_id = $1 AND s.organization_identifier = $2
       RETURNING id)
     INSERT INTO production_job_output (result_id, uri, asset_format_id)
     SELECT r.id, 'https://provider.example.com/jobs/' || r.id || '/design.dst',
       (SELECT id FROM asset_format WHERE extension = 'dst')
     FROM r`,
    [clientId, organization],
  );
}

/** EXPLAIN (ANALYZE, BUFFERS) of the list's count and of a first and a deep page. */
export async function libraryPlans(
  db: Client,
  clientId: string,
  opts: { assets: number; pageSize: number },
): Promise<string[]> {
  const filter = { clientId, organizationIdentifier: ORGANIZATION, withPlainUploads: false };
  const deep = Math.max(0, Math.floor(opts.assets / opts.pageSize) - 1) * opts.pageSize;
  const queries: [string, [string, unknown[]]][] = [
    ['count and last modification', totalsQuery(filter)],
    ['first page, RecentlyUsed', pageQuery(filter, 'RecentlyUsed', opts.pageSize, 0)],
    [
      `last page (offset ${deep}), RecentlyUsed`,
      pageQuery(filter, 'RecentlyUsed', opts.pageSize, deep),
    ],
    ['first page, Name', pageQuery(filter, 'Name', opts.pageSize, 0)],
    ['count, service filter', totalsQuery({ ...filter, service: 'printhaus' })],
    [
      'first page, service filter',
      pageQuery({ ...filter, service: 'printhaus' }, 'RecentlyUsed', opts.pageSize, 0),
    ],
  ];
  const out: string[] = [];
  for (const [name, [sql, params]] of queries) {
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`,
      params,
    );
    out.push(`#### ${name}\n\n\`\`\`\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\``);
  }
  return out;
}
