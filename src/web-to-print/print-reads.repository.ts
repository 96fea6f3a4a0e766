import { Injectable } from '@nestjs/common';
import { CLIENT_PRINT_SETTINGS_TABLE, PRODUCT_TABLE } from '../catalog';
import { CLIENT_ACCOUNT_TABLE } from '../clients';
import { prepared } from '../common/persistence/prepared';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { RECIPE_SET_TABLE, type RecipeSetRef, type RecipeStatus } from '../recipe-sets';
import type { PrintFileSetEntity } from './entities/print-file-set.entity';

/** What a web-to-print route reads of a file set: whether it is ready, and where its files are. */
export type PrintFileSetState = Pick<
  PrintFileSetEntity,
  'id' | 'status' | 'zipKey' | 'locations' | 'failureLogId'
>;

/** A recipe set as the web-to-print routes read it on every request. */
export interface PrintState {
  id: string;
  readableId: string;
  clientId: string;
  /** Whether its client is a sandbox client. */
  sandbox: boolean;
  status: RecipeStatus;
  /** Its design version. */
  version: number;
  productHandle: string;
  /** The version of its product; null for a recipe set made without one. */
  productVersion: number | null;
  /** The client's stored print settings as PostgreSQL writes the jsonb; null: it wrote none. */
  settingsText: string | null;
  /** The file set of this design version made with the settings key asked for, if there is one. */
  set: PrintFileSetState | null;
}

/** The statement's row: the file set's columns flat beside the recipe set's. */
export type PrintStateRow = Omit<PrintState, 'set'> & {
  setId: string | null;
  setStatus: PrintFileSetState['status'] | null;
  zipKey: string | null;
  locations: PrintFileSetState['locations'];
  failureLogId: string | null;
};

const STATE = (byRef: string) =>
  prepared(`SELECT r.id, r.readable_id AS "readableId", r.client_id AS "clientId", c.sandbox,
       r.status, r.version, r.product_handle AS "productHandle", p.version AS "productVersion",
       ps.settings::text AS "settingsText", s.id AS "setId", s.status AS "setStatus",
       s.zip_key AS "zipKey", s.locations, s.failure_log_id AS "failureLogId"
  FROM ${RECIPE_SET_TABLE} r
  JOIN ${CLIENT_ACCOUNT_TABLE} c ON c.id = r.client_id
  LEFT JOIN ${PRODUCT_TABLE} p ON p.id = r.product_id
  LEFT JOIN ${CLIENT_PRINT_SETTINGS_TABLE} ps ON ps.client_id = r.client_id
  LEFT JOIN print_file_set s
    ON s.recipe_set_id = r.id AND s.design_version = r.version AND s.settings_key = $2
 WHERE ${byRef} = $1 AND ($3::uuid IS NULL OR r.client_id = $3::uuid)`);

/**
 * One text per kind of reference: each is prepared once per connection. One statement, though it
 * reads the tables of recipe-sets, clients and catalog (by the names they export): this read
 * starts every web-to-print request, and a question to each module would cost a round trip each.
 */
const BY_READABLE_ID = STATE('r.readable_id');
const BY_UUID = STATE('r.id');

/** The state of a row, its file set's columns as one object (null when there is none). */
export function printState(row: PrintStateRow): PrintState {
  const { setId, setStatus, zipKey, locations, failureLogId, ...recipeSet } = row;
  return {
    ...recipeSet,
    set:
      setId === null || setStatus === null
        ? null
        : { id: setId, status: setStatus, zipKey, locations, failureLogId },
  };
}

/**
 * The read every web-to-print request starts with, in one prepared statement: the recipe set's
 * status, design version, client and sandbox flag, its product's version, the client's print
 * settings, and the file set of the current design version under a settings key the caller
 * computed before (PrintSettingsKeys; the settings and product version read beside it say whether
 * that key is still theirs). Inside a unit of work, in its transaction.
 */
@Injectable()
export class PrintReadsRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /**
   * The recipe set `ref` names, of the client `clientId` when given (another client's id answers
   * as an unknown one does), with its file set under `settingsKey`.
   */
  async state(
    ref: RecipeSetRef,
    settingsKey: string,
    clientId: string | undefined,
  ): Promise<PrintState | null> {
    const rows = await this.uow.read<PrintStateRow>(
      ref.kind === 'readable' ? BY_READABLE_ID : BY_UUID,
      [ref.value, settingsKey, clientId ?? null],
    );
    return rows[0] ? printState(rows[0]) : null;
  }
}
