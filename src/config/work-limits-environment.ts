import { IsOptional, Matches } from 'class-validator';
import { parseSize } from '../common/http/sizes';
import { IntBetween } from './env-rules';
import { ServicesEnvironment } from './services-environment';

/**
 * What one quantity of a line item may order unless MAX_LINE_ITEM_QUANTITY says otherwise: also the
 * maximum the OpenAPI document declares, so a request valid by the schema is valid by default.
 */
export const DEFAULT_MAX_LINE_ITEM_QUANTITY = 10_000;

const SIZE = /^\d+(b|kb|mb)$/i;
/** `plan:count` pairs, e.g. `free:120,standard:600,enterprise:6000` (work per minute per plan). */
const PLAN_COUNTS =
  /^\s*(free|standard|enterprise):\d{1,9}\s*(,\s*(free|standard|enterprise):\d{1,9}\s*)*$/;

/**
 * The environment variables that bound what one request may cost and how work is shared between
 * clients (docs/api/plans-and-limits.md, "Limits and fairness"): body sizes and shapes, uploads, renders, worker threads
 * and print files. Part of {@link Environment}.
 */
export class WorkLimitsEnvironment extends ServicesEnvironment {
  @Matches(SIZE, { message: 'JSON_BODY_LIMIT must be a size such as 512kb or 5mb' })
  JSON_BODY_LIMIT = '5mb';

  /**
   * The largest valid bodies under 5mb hold 270,000–450,000 values (a batch with every field
   * filled; a ship notification of 1,000 serial numbers per line item), a full batch as partners
   * send it about 100,000 (json-values.spec.ts); each value costs about 0.4 µs of event loop.
   */
  @IntBetween(1000, 100_000_000)
  JSON_MAX_VALUES = 500_000;

  @IntBetween(10, 10_000_000)
  JSON_MAX_OBJECT_KEYS = 1000;

  @IntBetween(1, 100_000)
  MAX_BATCH_ORDERS = 1000;

  /** How far the JavaScript heap may grow past its live data, in % (0: V8's own; see heap-growth.ts). */
  @IntBetween(0, 400)
  HEAP_GROWTH_PERCENT = 50;

  @IntBetween(1, 1_000_000)
  MAX_REQUEST_LINE_ITEMS = 10_000;
  /** The most one quantity of a line item may order (its own, and each of its SKU quantities). */
  @IntBetween(1, 1_000_000)
  MAX_LINE_ITEM_QUANTITY = DEFAULT_MAX_LINE_ITEM_QUANTITY;
  @IntBetween(1, 100_000)
  MAX_RECIPE_SETS_PER_REQUEST = 10_000;
  @IntBetween(1, 100_000)
  SAVED_ASSET_LIST_MAX = 10_000;

  /** Bytes of one saved-asset list answer, its items counted twice (`contents` and `data`). */
  @Matches(SIZE, { message: 'LIST_MAX_RESPONSE_BYTES must be a size such as 16mb or 64mb' })
  LIST_MAX_RESPONSE_BYTES = '64mb';

  /** Bytes of one saved asset as listed: its jobs, results, outputs and upload (413 beyond). */
  @Matches(SIZE, { message: 'SAVED_ASSET_MAX_BYTES must be a size such as 32kb or 64kb' })
  SAVED_ASSET_MAX_BYTES = '64kb';

  @Matches(SIZE, { message: 'MAX_UPLOAD_BYTES must be a size such as 512kb or 25mb' })
  MAX_UPLOAD_BYTES = '25mb';

  @IntBetween(1, 1_000_000_000)
  MAX_UPLOAD_PIXELS = 40_000_000;

  /**
   * The CPU one upload's normalisation may cost, in megapixels of JPEG: its pixels weighted by
   * format (JPEG, TIFF 1; PNG, GIF 2; WebP 4; lossless WebP 5), estimated from its header.
   */
  @IntBetween(1, 100_000)
  MAX_UPLOAD_COST = 80;

  /** Frames an animated upload (GIF, WebP) may have; its pixels count once per frame. */
  @IntBetween(1, 100_000)
  MAX_UPLOAD_FRAMES = 100;

  /** Uploads normalised (decoded and re-encoded) at once, over all clients. */
  @IntBetween(1, 64)
  UPLOAD_CONCURRENCY = 2;

  /** Upload bodies read into memory at once, over all clients (a request waits before reading). */
  @IntBetween(1, 1_000)
  UPLOAD_BODIES = 8;

  /** Percentage of UPLOAD_CONCURRENCY and UPLOAD_BODIES one client may hold. */
  @IntBetween(1, 100)
  UPLOAD_CLIENT_SHARE_PERCENT = 50;

  @IntBetween(0, 10_000)
  UPLOAD_QUEUE = 64;

  @IntBetween(0, 10_000)
  UPLOAD_CLIENT_QUEUE = 16;

  @IntBetween(1, 600_000)
  UPLOAD_QUEUE_WAIT_MS = 15_000;

  @IntBetween(16, 4096)
  RENDER_MAX_SIDE = 4096;

  @IntBetween(1, 64)
  RENDER_CONCURRENCY = 2;

  @IntBetween(1, 64)
  RENDER_TRANSFORM_CONCURRENCY = 4;

  @IntBetween(0, 10_000)
  RENDER_QUEUE = 64;

  @IntBetween(1, 600_000)
  RENDER_QUEUE_WAIT_MS = 15_000;

  /** Cold renders and new transformations per minute a client may have, by plan. */
  @Matches(PLAN_COUNTS, {
    message: 'PLAN_RENDERS_PER_MINUTE must list plan:count pairs such as free:120,standard:600',
  })
  PLAN_RENDERS_PER_MINUTE = 'free:120,standard:600,enterprise:6000';

  /** Uploads per minute a client may make, by plan. */
  @Matches(PLAN_COUNTS, {
    message: 'PLAN_UPLOADS_PER_MINUTE must list plan:count pairs such as free:30,standard:120',
  })
  PLAN_UPLOADS_PER_MINUTE = 'free:30,standard:120,enterprise:1200';

  /**
   * What a client's uploads may cost to normalise per minute, by plan, in megapixels of JPEG
   * (pixels weighted by format, as MAX_UPLOAD_COST): 16 for each upload of PLAN_UPLOADS_PER_MINUTE.
   */
  @Matches(PLAN_COUNTS, {
    message:
      'PLAN_UPLOAD_COST_PER_MINUTE must list plan:count pairs such as free:480,standard:1920',
  })
  PLAN_UPLOAD_COST_PER_MINUTE = 'free:480,standard:1920,enterprise:19200';

  /** Percentage of RENDER_CONCURRENCY and RENDER_TRANSFORM_CONCURRENCY one client may hold. */
  @IntBetween(1, 100)
  RENDER_CLIENT_SHARE_PERCENT = 50;

  /** Renders (and transformations) one client may have waiting. */
  @IntBetween(0, 10_000)
  RENDER_CLIENT_QUEUE = 16;

  @IntBetween(1_000, 600_000)
  RENDER_TIMEOUT_MS = 30_000;

  /** Worker threads for pixel loops and PDF building; unset: min(2, cores). */
  @IsOptional()
  @IntBetween(1, 64)
  WORKER_THREADS?: number;

  @IntBetween(0, 100_000)
  WORKER_QUEUE = 256;

  @IntBetween(100, 600_000)
  WORKER_TASK_TIMEOUT_MS = 60_000;

  @IntBetween(32, 16_384)
  WORKER_HEAP_MB = 512;

  /** Pixels of one location's print canvas (print area plus bleed at its DPI); see print-cost.ts. */
  @IntBetween(1_000_000, 200_000_000)
  PRINT_MAX_PIXELS = 20_000_000;

  /** Pixels of the images one location's print files draw (the parts on the page, summed). */
  @IntBetween(1_000_000, 1_000_000_000)
  PRINT_MAX_IMAGE_PIXELS = 40_000_000;

  /**
   * Megabytes the image work of one process (renders, transformations, upload normalisations,
   * print jobs) may allocate together, each task weighed up front by its cost model: a task waits
   * until its weight fits; one over the whole runs alone. Unset: PRINT_MEMORY_BUDGET_MB (its
   * older name, when it only weighed print jobs), else 384.
   */
  @IsOptional()
  @IntBetween(64, 65_536)
  IMAGE_MEMORY_BUDGET_MB?: number;

  /** The older name of IMAGE_MEMORY_BUDGET_MB (read only when that is unset). */
  @IsOptional()
  @IntBetween(64, 65_536)
  PRINT_MEMORY_BUDGET_MB?: number;

  /** Proofs (print files of recipe sets not ordered) one client may have queued or running. */
  @IntBetween(1, 1000)
  PRINT_PROOF_QUEUE_LIMIT = 5;
}

/** Room for the list envelope around its items (paging, hash, dates): a few hundred bytes. */
export const LIST_ENVELOPE_ALLOWANCE = 4096;

/**
 * What the work limits get wrong together: a list answer must hold at least one saved asset of
 * the largest size (twice, under `contents` and `data`), or some asset could never be listed.
 */
export function workLimitsProblems(env: WorkLimitsEnvironment): string[] {
  if (!SIZE.test(env.LIST_MAX_RESPONSE_BYTES) || !SIZE.test(env.SAVED_ASSET_MAX_BYTES)) return [];
  const list = parseSize(env.LIST_MAX_RESPONSE_BYTES);
  const asset = parseSize(env.SAVED_ASSET_MAX_BYTES);
  const least = 2 * asset + LIST_ENVELOPE_ALLOWANCE;
  return list >= least
    ? []
    : [
        `LIST_MAX_RESPONSE_BYTES (${list} bytes) must hold one saved asset of SAVED_ASSET_MAX_BYTES (${asset}) twice and the envelope: at least ${least} bytes`,
      ];
}
