import { Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { Clock } from '../common/clock/clock';
import { JobQueue } from '../common/jobs/job-queue';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import {
  PRINT_FAILURE_REASON,
  printFilesFailByInput,
} from '../common/sandbox/deterministic-failures';
import { DesignedRecipeSet, RecipeSetDesignsService } from '../recipe-sets';
import { PrintFailureRequestEntity } from './entities/print-failure-request.entity';
import { PrintFileSetEntity } from './entities/print-file-set.entity';

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
      await this.uow.manager
        .createQueryBuilder()
        .insert()
        .into(PrintFailureRequestEntity)
        .values({ recipeSetId: recipeSet.id, reason, requestedAt: this.clock.now() })
        .orUpdate(['reason', 'requested_at'], ['recipe_set_id'])
        .execute();
      await this.uow.manager.update(
        PrintFileSetEntity,
        { recipeSetId: recipeSet.id, designVersion: recipeSet.version },
        { status: 'queued', error: null, failureLogId: null, completedAt: null },
      );
      await this.jobs.send(
        'print-files',
        { recipeSetId: recipeSet.id, designVersion: recipeSet.version },
        { singletonKey: `${recipeSet.id}:${recipeSet.version}` },
      );
    });
    return { recipeSetReadableId: recipeSet.readableId, designVersion: recipeSet.version, reason };
  }

  /**
   * The reason this run of a sandbox recipe set must fail, if it must: by its readable id, or a
   * failure asked for (taken: only the next run fails). Inside the caller's unit of work.
   */
  async take(recipeSet: DesignedRecipeSet): Promise<string | undefined> {
    if (!recipeSet.sandbox) return undefined;
    if (printFilesFailByInput(true, recipeSet.readableId)) return PRINT_FAILURE_REASON;
    // DELETE … RETURNING answers [rows, count] through TypeORM.
    const [rows] = await this.uow.manager.query<[{ reason: string }[], number]>(
      `DELETE FROM print_failure_request WHERE recipe_set_id = $1 RETURNING reason`,
      [recipeSet.id],
    );
    return rows[0]?.reason;
  }
}
