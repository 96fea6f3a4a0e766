import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { bleedOf, ProductNotFound } from '../catalog';
import { Actor } from '../common/auth/actor';
import { ClientAccess } from '../common/auth/client-access';
import { LogEntryRecorder } from '../common/errors/log-entry-recorder';
import { JobQueue } from '../common/jobs/job-queue';
import { printFilesJobKey } from '../common/jobs/job-registry';
import { AppConfig } from '../config/app-config';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { BlobLinks } from '../common/storage/blob-links';
import { intEnumCode } from '../common/validation/lenient';
import { DEFAULT_PRIORITY, PRIORITY_CODES } from '../orders';
import {
  DesignedRecipeSet,
  parseRecipeSetRef,
  printCostProblems,
  RecipeSetDesignsService,
  RecipeSetNotFound,
  RecipeStatus,
} from '../recipe-sets';
import { PrintFileSetEntity } from './entities/print-file-set.entity';
import { PrintFileSetsRepository } from './print-file-sets.repository';
import { PrintFileSetState, PrintReadsRepository } from './print-reads.repository';
import { PrintSettingsKeys } from './print-settings-keys';
import {
  InvalidPriority,
  PrintFilesFailed,
  PrintFilesTooLarge,
  PrintFilesUnavailable,
  PrintLocationNotFound,
  TooManyProofs,
} from './web-to-print.errors';

/** Seconds a caller is asked to wait before asking again while files are being made. */
export const RETRY_AFTER_SECONDS = 3;

export type PrintFilesAnswer =
  { kind: 'ready'; url: string } | { kind: 'pending'; recipeSet: string; retryAfter: number };

/** A recipe set's files made with the current settings, or the recipe set while they are not. */
type Current =
  | { ready: true; readableId: string; set: PrintFileSetState }
  | { ready: false; readableId: string; recipeSet: DesignedRecipeSet };

/** Statuses whose print files are withheld (docs/design.md §9). */
const WITHHELD = [RecipeStatus.OnHold, RecipeStatus.Cancelled];

/**
 * The web-to-print routes' work: the print files of a recipe set's current design version, ready
 * (their URL on CDN_URL) or not yet (and then requested at the caller's priority if nothing
 * requested them: a design not yet ordered can be proofed).
 */
@Injectable()
export class WebToPrintService {
  constructor(
    private readonly designs: RecipeSetDesignsService,
    private readonly sets: PrintFileSetsRepository,
    private readonly jobs: JobQueue,
    private readonly uow: UnitOfWork,
    private readonly links: BlobLinks,
    private readonly config: AppConfig,
    private readonly recorder: LogEntryRecorder,
    private readonly reads: PrintReadsRepository,
    private readonly keys: PrintSettingsKeys,
  ) {}

  /** The ZIP of all files. */
  async zip(actor: Actor, ref: string, priority: unknown): Promise<PrintFilesAnswer> {
    const now = await this.current(actor, ref, priority);
    return now.ready
      ? { kind: 'ready', url: this.links.url(now.set.zipKey!) }
      : pending(now.recipeSet);
  }

  /** One location's PDF. */
  async locationPdf(
    actor: Actor,
    ref: string,
    location: string,
    priority: unknown,
  ): Promise<PrintFilesAnswer> {
    const now = await this.current(actor, ref, priority);
    const handle = location.trim().toLowerCase();
    const known = now.ready
      ? Object.keys(now.set.locations ?? {})
      : designedLocations(now.recipeSet);
    const match = known.find((h) => h.toLowerCase() === handle);
    if (!match) throw new PrintLocationNotFound(now.readableId, location, known);
    return now.ready
      ? { kind: 'ready', url: this.links.url(now.set.locations![match].pdf) }
      : pending(now.recipeSet);
  }

  /**
   * The ready files of the recipe set made with the current print settings, or the recipe set
   * while they are not ready (requested then if nothing was). Failed for good: an error (500 with
   * the log link). Ready files are one statement (PrintReadsRepository) when the settings key
   * computed at an earlier read is still the settings': no design, product or settings query.
   */
  private async current(actor: Actor, ref: string, rawPriority: unknown): Promise<Current> {
    const requested = parsePriority(rawPriority);
    const { asked, confirmed, state } = await this.read(actor, ref);
    if (confirmed && state.set?.status === 'ready')
      return { ready: true, readableId: state.readableId, set: state.set };

    const recipeSet = await this.designs.forPrintAt(actor, ref, state);
    const settings = this.keys.compute(recipeSet, state.settingsText, recipeSet.product);
    // The statement asked for this key's set of this version: no need to ask again.
    const existing =
      settings.key === asked && recipeSet.version === state.version
        ? state.set
        : await this.sets.find(recipeSet.id, recipeSet.version, settings.key);
    if (existing?.status === 'ready')
      return { ready: true, readableId: recipeSet.readableId, set: existing };
    // A design saved before the ceilings: refused now rather than queued to fail (or exhaust memory).
    const tooLarge = printCostProblems(
      recipeSet.design,
      recipeSet.product.definition,
      this.config.print,
      'design',
      bleedOf(settings.snapshot),
    );
    if (tooLarge.length > 0) throw new PrintFilesTooLarge(recipeSet.readableId, tooLarge);
    if (existing?.status === 'failed') throw await this.failure(recipeSet, existing);
    // A set already queued is asked for again too: the queue keeps one job per design version
    // (this adds none while one waits), and a job that started before this set was recorded
    // would not make it.
    const proof = recipeSet.status === RecipeStatus.Created;
    // A proof (no acknowledged order names the recipe set yet) never outranks real orders.
    const priority = proof ? Math.min(requested, DEFAULT_PRIORITY) : requested;
    if (existing?.status !== 'processing')
      await this.uow.run(async () => {
        if (!existing && proof) {
          const queued = await this.sets.lockAndCountProofs(recipeSet.clientId);
          const limit = this.config.print.proofQueueLimit;
          if (queued >= limit) throw new TooManyProofs(recipeSet.readableId, queued, limit);
        }
        if (!existing) await this.sets.request(recipeSet.id, recipeSet.version, priority, settings);
        await this.jobs.send(
          'print-files',
          { recipeSetId: recipeSet.id, designVersion: recipeSet.version },
          {
            priority,
            singletonKey: printFilesJobKey(recipeSet.id, recipeSet.version),
            owner: { clientId: recipeSet.clientId, sandbox: recipeSet.sandbox },
          },
        );
      });
    return { ready: false, readableId: recipeSet.readableId, recipeSet };
  }

  /**
   * The recipe set's state, read now within the caller's client (another client's id is 404 as an
   * unknown one), with its file set under the settings key remembered for it (`asked`) and that
   * key if it is still the settings' (`confirmed`). Without a product (made blank) there is
   * nothing to print (404); OnHold and Cancelled withhold the files (403).
   */
  private async read(actor: Actor, ref: string) {
    const parsed = parseRecipeSetRef(ref);
    const notFound = () => new RecipeSetNotFound(ref.trim());
    if (!parsed) throw notFound();
    const remembered = this.keys.remembered(parsed);
    const asked = remembered?.key ?? '';
    const read = await this.reads.state(parsed, asked, ClientAccess.scope(actor));
    const { productVersion, ...state } = ClientAccess.owned(actor, read, notFound);
    if (productVersion === null) throw new ProductNotFound(state.productHandle);
    if (WITHHELD.includes(state.status))
      throw new PrintFilesUnavailable(state.readableId, state.status);
    const confirmed = PrintSettingsKeys.confirmed(remembered, { ...state, productVersion });
    return { asked, confirmed, state: { ...state, productVersion } };
  }

  /**
   * The error of a set that failed for good, linking its log entry: recorded by the first read
   * after the failure and kept with the set, so later reads add none.
   */
  private async failure(
    recipeSet: DesignedRecipeSet,
    set: Pick<PrintFileSetEntity, 'id'>,
  ): Promise<PrintFilesFailed> {
    const failed = (logId: string, reason: string | null) =>
      new PrintFilesFailed(recipeSet.readableId, recipeSet.version, reason, logId);
    const { logId, error } = await this.sets.failure(set.id, async (reason) => {
      const id = randomUUID();
      await this.recorder.record({
        id,
        status: 500,
        method: 'GET',
        route: `/api/webtoprint/${recipeSet.readableId}`,
        code: 'PRINT_FILES_FAILED',
        message: failed(id, reason).message.slice(0, 1000),
        requestId: '',
      });
      return id;
    });
    return failed(logId, error);
  }
}

/** The locations the design draws on, in the product's order. */
function designedLocations(recipeSet: DesignedRecipeSet): string[] {
  return recipeSet.product.definition.locations
    .map((l) => l.handle)
    .filter(
      (h) => (recipeSet.design[h]?.elements.length ?? 0) > 0 || recipeSet.design[h]?.background,
    );
}

function pending(recipeSet: DesignedRecipeSet): PrintFilesAnswer {
  return { kind: 'pending', recipeSet: recipeSet.readableId, retryAfter: RETRY_AFTER_SECONDS };
}

/** `priority`: 0–4 or a priority name in any case; absent → Normal (2). */
export function parsePriority(raw: unknown): number {
  if (raw === undefined) return DEFAULT_PRIORITY;
  const value: unknown = Array.isArray(raw) ? (raw as unknown[])[raw.length - 1] : raw;
  const code = intEnumCode(PRIORITY_CODES, value);
  if (typeof code === 'number' && Number.isInteger(code) && code >= 0 && code <= 4) return code;
  throw new InvalidPriority(String(value));
}
