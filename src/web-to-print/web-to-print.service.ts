import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { bleedOf, PrintSettingsService } from '../catalog';
import { LogEntryRecorder } from '../common/errors/log-entry-recorder';
import { Actor } from '../common/auth/actor';
import { JobQueue } from '../common/jobs/job-queue';
import { printFilesJobKey } from '../common/jobs/job-registry';
import { AppConfig } from '../config/app-config';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { BlobLinks } from '../common/storage/blob-links';
import { intEnumCode } from '../common/validation/lenient';
import { DEFAULT_PRIORITY, PRIORITY_CODES } from '../orders';
import {
  DesignedRecipeSet,
  printCostProblems,
  RecipeSetDesignsService,
  RecipeStatus,
} from '../recipe-sets';
import { PrintFileSetEntity } from './entities/print-file-set.entity';
import { PrintFileSetsRepository } from './print-file-sets.repository';
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
    private readonly printSettings: PrintSettingsService,
  ) {}

  /** The ZIP of all files. */
  async zip(actor: Actor, ref: string, priority: unknown): Promise<PrintFilesAnswer> {
    const { recipeSet, set } = await this.current(actor, ref, priority);
    return set ? { kind: 'ready', url: this.links.url(set.zipKey!) } : pending(recipeSet);
  }

  /** One location's PDF. */
  async locationPdf(
    actor: Actor,
    ref: string,
    location: string,
    priority: unknown,
  ): Promise<PrintFilesAnswer> {
    const { recipeSet, set } = await this.current(actor, ref, priority);
    const handle = location.trim().toLowerCase();
    const designed = recipeSet.product.definition.locations
      .map((l) => l.handle)
      .filter(
        (h) => (recipeSet.design[h]?.elements.length ?? 0) > 0 || recipeSet.design[h]?.background,
      );
    const known = set ? Object.keys(set.locations ?? {}) : designed;
    const match = known.find((h) => h.toLowerCase() === handle);
    if (!match) throw new PrintLocationNotFound(recipeSet.readableId, location, known);
    return set
      ? { kind: 'ready', url: this.links.url(set.locations![match].pdf) }
      : pending(recipeSet);
  }

  /**
   * The recipe set and its ready files made with the current print settings (undefined while not
   * ready; requested then if nothing was). Failed for good: an error (500 with the log link).
   */
  private async current(
    actor: Actor,
    ref: string,
    rawPriority: unknown,
  ): Promise<{ recipeSet: DesignedRecipeSet; set?: PrintFileSetEntity }> {
    const requested = parsePriority(rawPriority);
    const recipeSet = await this.designs.forPrint(actor, ref);
    if (WITHHELD.includes(recipeSet.status))
      throw new PrintFilesUnavailable(recipeSet.readableId, recipeSet.status);
    const settings = await this.printSettings.snapshotFor(
      recipeSet.clientId,
      recipeSet.product.definition.locations,
    );
    const existing = await this.sets.find(recipeSet.id, recipeSet.version, settings.key);
    if (existing?.status === 'ready') return { recipeSet, set: existing };
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
    return { recipeSet };
  }

  /**
   * The error of a set that failed for good, linking its log entry: recorded by the first read
   * after the failure and kept with the set, so later reads add none.
   */
  private async failure(
    recipeSet: DesignedRecipeSet,
    set: PrintFileSetEntity,
  ): Promise<PrintFilesFailed> {
    const failed = (logId: string) =>
      new PrintFilesFailed(recipeSet.readableId, recipeSet.version, logId);
    const logId =
      set.failureLogId ??
      (await this.sets.failureLog(set.id, async () => {
        const id = randomUUID();
        await this.recorder.record({
          id,
          status: 500,
          method: 'GET',
          route: `/api/webtoprint/${recipeSet.readableId}`,
          code: 'PRINT_FILES_FAILED',
          message: failed(id).message.slice(0, 1000),
          requestId: '',
        });
        return id;
      }));
    return failed(logId);
  }
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
