import { Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { Clock } from '../common/clock/clock';
import { JobQueue } from '../common/jobs/job-queue';
import { printFilesJobKey } from '../common/jobs/job-registry';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { DesignedRecipeSet, RecipeSetDesignsService } from '../recipe-sets';
import { PrintFileSetsRepository } from './print-file-sets.repository';
import { PRINT_FAILURE_REASON, printFilesFailByInput } from './sandbox-print-failures';

/** What the sandbox helper answers: the run that will fail. */
export interface RequestedPrintFailure {
  recipeSetReadableId: string;
  designVersion: number;
  reason: string;
}

/**
 * Print-file failures of sandbox clients (docs/api/sandbox.md): asked for with
 * POST /api/sandbox/recipesets/{id}/print-files/fail (the next run of the recipe set fails for good
 * with the reason given), or by input (a readable id starting with FAIL). Live recipe sets never
 * fail here.
 */
@Injectable()
export class PrintFailures {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly designs: RecipeSetDesignsService,
    private readonly sets: PrintFileSetsRepository,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
  ) {}

  /**
   * Records the failure and starts a run of the current design version now: its print-file sets
   * are made again (files already made are replaced by the failure), so that the events and
   * GET /api/webtoprint/{id} show the failure within seconds.
   */
  async failNext(actor: Actor, ref: string, reason: string): Promise<RequestedPrintFailure> {
    const recipeSet = await this.designs.forPrint(actor, ref);
    await this.uow.run(async () => {
      await this.sets.requestFailure(recipeSet.id, reason, this.clock.now());
      await this.sets.reopen(recipeSet.id, recipeSet.version);
      await this.jobs.send(
        'print-files',
        { recipeSetId: recipeSet.id, designVersion: recipeSet.version },
        {
          singletonKey: printFilesJobKey(recipeSet.id, recipeSet.version),
          owner: { clientId: recipeSet.clientId, sandbox: recipeSet.sandbox },
        },
      );
    });
    return { recipeSetReadableId: recipeSet.readableId, designVersion: recipeSet.version, reason };
  }

  /**
   * The reason this run of a sandbox recipe set must fail, if it must: by its readable id, or a
   * failure asked for (taken: only the next run fails). Inside the caller's unit of work.
   */
  take(recipeSet: DesignedRecipeSet): Promise<string | undefined> {
    if (!recipeSet.sandbox) return Promise.resolve(undefined);
    if (printFilesFailByInput(true, recipeSet.readableId))
      return Promise.resolve(PRINT_FAILURE_REASON);
    return this.sets.takeFailure(recipeSet.id);
  }
}
