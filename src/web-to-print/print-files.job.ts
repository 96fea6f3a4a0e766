import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { bleedOf, PrintSettingsService } from '../catalog';
import { Clock } from '../common/clock/clock';
import { EventRecorder, NewEvent } from '../common/events/event-recorder';
import { JobContext, JobQueue } from '../common/jobs/job-queue';
import { JOB_QUEUES, JobPayloads } from '../common/jobs/job-registry';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { BlobKeys } from '../common/storage/blob-keys';
import { BlobStore } from '../common/storage/blob-store';
import { PrintFileOrdersService } from '../orders';
import { AppConfig } from '../config/app-config';
import {
  DesignedRecipeSet,
  printCostProblems,
  printJobBytes,
  RecipeSetDesignsService,
  RecipeSetsService,
  RecipeStatus,
} from '../recipe-sets';
import { ClientImages } from '../render';
import { PrintFileSetEntity, StoredLocationFiles } from './entities/print-file-set.entity';
import { PrintFailures } from './print-failures';
import { PrintFileSetsRepository } from './print-file-sets.repository';
import { generatePrintFiles, PRINT_FILES_VERSION } from './print-files';
import { WorkPools } from '../common/scheduling/work-pools';

/** Statuses the work may move a recipe set out of (never a hold, a cancellation or what follows). */
const BEFORE_PRINT = [
  RecipeStatus.Ordered,
  RecipeStatus.ProcessingWebToPrintInitiated,
  RecipeStatus.ProcessingFailure,
];
const PRINT_NAMESPACE = 'print';

/**
 * The `print-files` job: makes the print files of one design version, stores them under
 * unguessable keys and records them; moves the recipe set through the web-to-print statuses
 * (only an ordered one: a proof of a design still being edited leaves it Created); marks orders
 * delivered to the factory once all their files are ready. A failed attempt is retried by the
 * queue; the last one records the failure.
 */
@Injectable()
export class PrintFilesJob implements OnModuleInit {
  private readonly logger = new Logger('PrintFiles');

  constructor(
    private readonly jobs: JobQueue,
    private readonly uow: UnitOfWork,
    private readonly sets: PrintFileSetsRepository,
    private readonly designs: RecipeSetDesignsService,
    private readonly recipeSets: RecipeSetsService,
    private readonly orders: PrintFileOrdersService,
    private readonly images: ClientImages,
    private readonly store: BlobStore,
    private readonly keys: BlobKeys,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly events: EventRecorder,
    private readonly printSettings: PrintSettingsService,
    private readonly failures: PrintFailures,
    private readonly pools: WorkPools,
  ) {}

  onModuleInit(): void {
    this.jobs.handle('print-files', (data, job) => this.run(data, job), { concurrency: 1 });
  }

  async run(
    { recipeSetId, designVersion }: JobPayloads['print-files'],
    job: JobContext,
  ): Promise<void> {
    const recipeSet = await this.designs.forJob(recipeSetId);
    // Gone, or changed since (a proof of an earlier version): nothing to make.
    if (!recipeSet || recipeSet.version !== designVersion) return;
    // The set of the current print settings (an acknowledgement records none), and every set
    // requests recorded with earlier settings that is not made yet: the queue keeps one job per
    // design version, so this job makes them all.
    await this.sets.request(
      recipeSetId,
      designVersion,
      job.priority,
      await this.printSettings.snapshotFor(
        recipeSet.clientId,
        recipeSet.product.definition.locations,
      ),
    );
    for (const set of await this.sets.unfinished(recipeSetId, designVersion))
      await this.make(recipeSet, set, job);
  }

  /** Makes one set of print files, moving the recipe set and its orders along. */
  private async make(
    recipeSet: DesignedRecipeSet,
    set: PrintFileSetEntity,
    job: JobContext,
  ): Promise<void> {
    const { id: recipeSetId, version: designVersion } = recipeSet;
    if (await this.failedForGood(recipeSet, set)) return;
    await this.uow.run(async () => {
      await this.sets.started(set.id, this.clock.now());
      await this.recipeSets.advanceStatus(
        recipeSetId,
        BEFORE_PRINT,
        RecipeStatus.ProcessingWebToPrintInitiated,
        this.clock.now(),
      );
    });
    try {
      const order = await this.orders.latestFor(recipeSetId);
      const { definition } = recipeSet.product;
      const key = (name: string, ext: 'pdf' | 'png' | 'zip') =>
        this.keys.forInputs(
          PRINT_NAMESPACE,
          { v: PRINT_FILES_VERSION, recipeSetId, designVersion, settings: set.settingsKey, name },
          ext,
        );
      const locations: Record<string, StoredLocationFiles> = {};
      const zipKey = key(`${recipeSet.readableId}.zip`, 'zip');
      // Weighed up front by the cost model, held until the files are stored: print jobs, renders
      // and other image work of the process stay within IMAGE_MEMORY_BUDGET_MB together.
      const weight = printJobBytes(recipeSet.design, definition, bleedOf(set.settings));
      const files = await this.pools.memory.run(weight, async () => {
        const made = await generatePrintFiles(
          { recipeSet, product: { handle: definition.handle, definition }, order },
          this.images.forDesign(recipeSet.clientId),
          set.settings,
        );
        for (const l of made.locations) {
          locations[l.handle] = { pdf: key(l.pdf.name, 'pdf'), png: key(l.png.name, 'png') };
          await this.store.put(locations[l.handle].pdf, l.pdf.bytes);
          await this.store.put(locations[l.handle].png, l.png.bytes);
        }
        await this.store.put(zipKey, made.zip);
        return { locations: made.locations.map((l) => ({ handle: l.handle })) };
      });
      const at = this.clock.now();
      await this.uow.run(async () => {
        await this.sets.ready(set.id, { zipKey, locations }, at);
        await this.recipeSets.advanceStatus(
          recipeSetId,
          BEFORE_PRINT,
          RecipeStatus.ProcessingWebToPrintCompleted,
          at,
        );
        await this.orders.printFilesReady(recipeSetId, at, recipeSet.sandbox);
        await this.events.record([
          {
            clientId: recipeSet.clientId,
            type: 'print_files.ready',
            orderingKey: `rs:${recipeSet.readableId}`,
            data: {
              recipeSetReadableId: recipeSet.readableId,
              designVersion,
              printFilesUrl: `${this.config.baseUrl}/api/webtoprint/${recipeSet.readableId}`,
              locations: files.locations.map((l) => l.handle).slice(0, 100),
            },
          },
        ]);
      });
    } catch (err) {
      const final = job.retryCount >= JOB_QUEUES['print-files'].retryLimit;
      const message = err instanceof Error ? err.message : String(err);
      this.logger.warn(
        { err, recipeSetId, designVersion, attempt: job.retryCount + 1, final },
        'print files failed',
      );
      await this.uow.run(async () => {
        await this.sets.attemptFailed(set.id, message, this.clock.now(), final);
        if (final) {
          await this.recipeSets.advanceStatus(
            recipeSetId,
            BEFORE_PRINT,
            RecipeStatus.ProcessingFailure,
            this.clock.now(),
          );
          await this.events.record([this.failedEvent(recipeSet, designVersion, message)]);
        }
      });
      throw err;
    }
  }

  /**
   * Fails the set for good at once, never retried, never decoded, when it cannot or must not be
   * made: a design over the ceilings (saved before them, or the ceiling lowered since; an order may
   * name it), or a sandbox client's failure (src/web-to-print/print-failures.ts). Whether it did.
   */
  private failedForGood(recipeSet: DesignedRecipeSet, set: PrintFileSetEntity): Promise<boolean> {
    const { id: recipeSetId, version: designVersion } = recipeSet;
    return this.uow.run(async () => {
      const tooLarge = printCostProblems(
        recipeSet.design,
        recipeSet.product.definition,
        this.config.print,
        'design',
        bleedOf(set.settings),
      );
      const sandboxFailure = tooLarge.length > 0 ? undefined : await this.failures.take(recipeSet);
      if (tooLarge.length === 0 && sandboxFailure === undefined) return false;
      const message = sandboxFailure ?? `The print files cannot be made: ${tooLarge.join(' ')}`;
      this.logger.warn({ recipeSetId, designVersion }, message);
      await this.sets.attemptFailed(set.id, message, this.clock.now(), true);
      await this.recipeSets.advanceStatus(
        recipeSetId,
        // A sandbox failure asked for after the files were made fails them too.
        sandboxFailure === undefined
          ? BEFORE_PRINT
          : [...BEFORE_PRINT, RecipeStatus.ProcessingWebToPrintCompleted],
        RecipeStatus.ProcessingFailure,
        this.clock.now(),
      );
      await this.events.record([this.failedEvent(recipeSet, designVersion, message)]);
      return true;
    });
  }

  private failedEvent(
    recipeSet: { clientId: string; readableId: string },
    designVersion: number,
    error: string,
  ): NewEvent {
    return {
      clientId: recipeSet.clientId,
      type: 'print_files.failed',
      orderingKey: `rs:${recipeSet.readableId}`,
      data: {
        recipeSetReadableId: recipeSet.readableId,
        designVersion,
        error: error.slice(0, 500),
      },
    };
  }
}
