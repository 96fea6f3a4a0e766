import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import type { PrintSettingsSnapshot } from '../catalog';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { RECIPE_SET_TABLE } from '../recipe-sets';
import { PrintFailureRequestEntity } from './entities/print-failure-request.entity';
import { PrintFileSetEntity, StoredLocationFiles } from './entities/print-file-set.entity';

/** The print settings a set is made with, and their key. */
export interface KeyedPrintSettings {
  key: string;
  snapshot: PrintSettingsSnapshot;
}

/**
 * Print-file sets by (recipe set, design version, print settings). Inside a unit of work, in its
 * transaction.
 */
@Injectable()
export class PrintFileSetsRepository {
  constructor(private readonly uow: UnitOfWork) {}

  find(
    recipeSetId: string,
    designVersion: number,
    settingsKey: string,
  ): Promise<PrintFileSetEntity | null> {
    return this.uow.manager.findOne(PrintFileSetEntity, {
      where: { recipeSetId, designVersion, settingsKey },
    });
  }

  /**
   * Proofs of the client queued or being made: sets of its recipe sets' current design versions
   * that no order asked for (the recipe set is still Created). Takes a transaction-scoped lock
   * per client first, so that concurrent requests count one after another (count, then insert).
   */
  async lockAndCountProofs(clientId: string): Promise<number> {
    await this.uow.manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `print-proofs:${clientId}`,
    ]);
    const [{ n }] = await this.uow.manager.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM print_file_set s JOIN ${RECIPE_SET_TABLE} r ON r.id = s.recipe_set_id
        WHERE r.client_id = $1 AND r.status = 'Created' AND s.design_version = r.version
          AND s.status IN ('queued', 'processing')`,
      [clientId],
    );
    return n;
  }

  /**
   * The set of this design version and settings, recorded as queued if there was none; whether it
   * is new.
   */
  async request(
    recipeSetId: string,
    designVersion: number,
    priority: number,
    settings: KeyedPrintSettings,
  ): Promise<{ set: PrintFileSetEntity; created: boolean }> {
    const inserted = await this.uow.manager
      .createQueryBuilder()
      .insert()
      .into(PrintFileSetEntity)
      .values({
        recipeSetId,
        designVersion,
        priority,
        status: 'queued',
        settingsKey: settings.key,
        settings: settings.snapshot,
      })
      .orIgnore()
      .returning('id')
      .execute();
    const set = (await this.find(recipeSetId, designVersion, settings.key))!;
    return { set, created: (inserted.raw as unknown[]).length > 0 };
  }

  /** The sets of this design version not made yet (queued or being made), oldest request first. */
  unfinished(recipeSetId: string, designVersion: number): Promise<PrintFileSetEntity[]> {
    return this.uow.manager.find(PrintFileSetEntity, {
      where: { recipeSetId, designVersion, status: In(['queued', 'processing']) },
      order: { requestedAt: 'ASC' },
    });
  }

  async started(id: string, at: Date): Promise<void> {
    await this.uow.manager.update(
      PrintFileSetEntity,
      { id },
      { status: 'processing', startedAt: at, attempts: () => 'attempts + 1' },
    );
  }

  async ready(
    id: string,
    files: { zipKey: string; locations: Record<string, StoredLocationFiles> },
    at: Date,
  ): Promise<void> {
    await this.uow.manager.update(
      PrintFileSetEntity,
      { id },
      { status: 'ready', ...files, error: null, completedAt: at },
    );
  }

  /**
   * Why a failed set failed, and its log entry: the one recorded, else `record`'s, stored with
   * the set's row locked so that concurrent reads record one entry between them.
   */
  failure(
    id: string,
    record: (error: string | null) => Promise<string>,
  ): Promise<{ logId: string; error: string | null }> {
    return this.uow.run(async () => {
      const set = await this.uow.manager.findOne(PrintFileSetEntity, {
        where: { id },
        lock: { mode: 'pessimistic_write' },
      });
      const error = set?.error ?? null;
      if (set?.failureLogId) return { logId: set.failureLogId, error };
      const logId = await record(error);
      await this.uow.manager.update(PrintFileSetEntity, { id }, { failureLogId: logId });
      return { logId, error };
    });
  }

  /**
   * The sets of this design version are to be made again (a sandbox client asked their next run
   * to fail): queued, their outcome forgotten.
   */
  async reopen(recipeSetId: string, designVersion: number): Promise<void> {
    await this.uow.manager.update(
      PrintFileSetEntity,
      { recipeSetId, designVersion },
      { status: 'queued', error: null, failureLogId: null, completedAt: null },
    );
  }

  /** Records the failure the next run of the recipe set takes (one per recipe set: the last). */
  async requestFailure(recipeSetId: string, reason: string, at: Date): Promise<void> {
    await this.uow.manager
      .createQueryBuilder()
      .insert()
      .into(PrintFailureRequestEntity)
      .values({ recipeSetId, reason, requestedAt: at })
      .orUpdate(['reason', 'requested_at'], ['recipe_set_id'])
      .execute();
  }

  /** Takes the failure asked for the recipe set, if any (only one run fails with it). */
  async takeFailure(recipeSetId: string): Promise<string | undefined> {
    // DELETE … RETURNING answers [rows, count] through TypeORM.
    const [rows] = await this.uow.manager.query<[{ reason: string }[], number]>(
      `DELETE FROM print_failure_request WHERE recipe_set_id = $1 RETURNING reason`,
      [recipeSetId],
    );
    return rows[0]?.reason;
  }

  /** An attempt failed: `final` when no retry follows (the set has failed for good). */
  async attemptFailed(id: string, error: string, at: Date, final: boolean): Promise<void> {
    await this.uow.manager.update(
      PrintFileSetEntity,
      { id },
      {
        status: final ? 'failed' : 'queued',
        error: error.slice(0, 500),
        ...(final ? { completedAt: at } : {}),
      },
    );
  }
}
