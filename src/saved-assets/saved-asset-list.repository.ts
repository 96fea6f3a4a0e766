import { Injectable } from '@nestjs/common';
import { UPLOADED_ASSET_TABLE } from '../assets';
import { UnitOfWork } from '../common/persistence/unit-of-work';

export const SORT_ORDERS = ['RecentlyUsed', 'Newest', 'Oldest', 'Name'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Which assets of an organization a list shows. */
export interface ListFilter {
  clientId: string;
  organizationIdentifier: string;
  /** Also uploads of the organization that were never saved (include-uploaded-assets/true). */
  withPlainUploads: boolean;
  /** Only assets with a job of this provider (any case). */
  service?: string;
  /** Only assets with a job of this embellishment type (any case). */
  embellishmentType?: string;
}

/** One row of a page: a saved asset, or (savedId null) a plain upload. */
export interface ListKey {
  savedId: number | null;
  uploadId: number;
}

export interface ListTotals {
  total: number;
  lastModified: Date | null;
}

/**
 * Rows of both kinds in one shape: `modified` orders RecentlyUsed, `created` Newest and Oldest,
 * `name` Name. Ties fall to the ids, so every order is total and pages never overlap. Saved
 * assets alone sort exactly as their index does (the key, then the id).
 */
const SORT_KEYS: Record<SortOrder, [string, 'ASC' | 'DESC']> = {
  RecentlyUsed: ['x.modified', 'DESC'],
  Newest: ['x.created', 'DESC'],
  Oldest: ['x.created', 'ASC'],
  Name: ['lower(x.name)', 'ASC'],
};

function orderBy(order: SortOrder, withPlain: boolean): string {
  const [key, dir] = SORT_KEYS[order];
  return withPlain
    ? `${key} ${dir}, x.saved_id ${dir} NULLS LAST, x.upload_id ${dir}`
    : `${key} ${dir}, x.saved_id ${dir}`;
}

/** An upload's name as listed when it has none. */
const PLAIN_NAME = `coalesce(u.user_facing_file_name, 'upload-' || u.id)`;

/**
 * The list query of an organization's library. Saved assets alone are read through the index of
 * the sort order (client, organization, active, key, id), so a page costs the same at any size of
 * the library (LIMIT/OFFSET: the offset's rows are skipped in the index). With plain uploads, both
 * tables are merged and sorted (the uploads by their own organization index). The job filters
 * are an EXISTS per asset through the job index. The SQL reads the uploads' table (by the name
 * the assets module exports) for the merge: one query keeps paging over both kinds exact.
 */
@Injectable()
export class SavedAssetListRepository {
  constructor(private readonly uow: UnitOfWork) {}

  async totals(filter: ListFilter): Promise<ListTotals> {
    const [row] = await this.uow.manager.query<{ total: string; last: Date | null }[]>(
      ...totalsQuery(filter),
    );
    return { total: Number(row.total), lastModified: row.last ? new Date(row.last) : null };
  }

  /** The keys of one page in `order` (all rows when `limit` is undefined). */
  async page(filter: ListFilter, order: SortOrder, limit?: number, offset = 0): Promise<ListKey[]> {
    const rows = await this.uow.manager.query<{ saved_id: number | null; upload_id: number }[]>(
      ...pageQuery(filter, order, limit, offset),
    );
    return rows.map((r) => ({ savedId: r.saved_id, uploadId: r.upload_id }));
  }
}

/** The count and latest modification of the rows a filter lists, as SQL with its parameters. */
export function totalsQuery(filter: ListFilter): [string, unknown[]] {
  const [sql, params] = rowsOf(filter);
  return [`SELECT count(*) AS total, max(x.modified) AS last FROM (${sql}) x`, params];
}

/** The keys of one page, as SQL with its parameters (the benchmark EXPLAINs it too). */
export function pageQuery(
  filter: ListFilter,
  order: SortOrder,
  limit?: number,
  offset = 0,
): [string, unknown[]] {
  const [sql, params, withPlain] = rowsOf(filter);
  const paging =
    limit === undefined ? '' : ` LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
  return [
    `SELECT x.saved_id, x.upload_id FROM (${sql}) x ORDER BY ${orderBy(order, withPlain)}${paging}`,
    limit === undefined ? params : [...params, limit, offset],
  ];
}

/** The rows a filter lists, as SQL with its parameters. */
function rowsOf(filter: ListFilter): [string, unknown[], boolean] {
  const params: unknown[] = [filter.clientId, filter.organizationIdentifier];
  const jobRules: string[] = [];
  if (filter.service !== undefined) {
    params.push(filter.service.toLowerCase());
    jobRules.push(`lower(j.provider_handle) = $${params.length}`);
  }
  if (filter.embellishmentType !== undefined) {
    params.push(filter.embellishmentType.toLowerCase());
    jobRules.push(`lower(j.embellishment_type) = $${params.length}`);
  }
  // The job's own client and organization (the asset's) let the filter's index pick the jobs.
  const jobs = jobRules.length
    ? ` AND EXISTS (SELECT 1 FROM production_job j WHERE j.client_id = $1 AND j.organization_identifier = $2 AND j.saved_asset_id = s.id AND ${jobRules.join(' AND ')})`
    : '';
  const saved =
    `SELECT s.id AS saved_id, s.uploaded_asset_id AS upload_id, s.last_modified_at AS modified, ` +
    `s.created_at AS created, s.user_facing_file_name AS name FROM saved_uploaded_asset s ` +
    `WHERE s.client_id = $1 AND s.organization_identifier = $2 AND s.active = true${jobs}`;
  // A plain upload has no jobs: a job filter never lists one.
  if (!filter.withPlainUploads || jobRules.length > 0) return [saved, params, false];
  const plain =
    `SELECT NULL::int AS saved_id, u.id AS upload_id, u.created_at AS modified, ` +
    `u.created_at AS created, ${PLAIN_NAME} AS name FROM ${UPLOADED_ASSET_TABLE} u ` +
    `WHERE u.client_id = $1 AND u.organization_identifier = $2 AND u.purpose = 'artwork' ` +
    `AND NOT EXISTS (SELECT 1 FROM saved_uploaded_asset p WHERE p.uploaded_asset_id = u.id)`;
  return [`${saved} UNION ALL ${plain}`, params, true];
}
