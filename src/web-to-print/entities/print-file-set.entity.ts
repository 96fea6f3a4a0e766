import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import type { PrintSettingsSnapshot } from '../../catalog';
import { RecipeSetEntity } from '../../recipe-sets';

export const PRINT_FILE_SET_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
export type PrintFileSetStatus = (typeof PRINT_FILE_SET_STATUSES)[number];

/** Where the stored files of one location are. */
export interface StoredLocationFiles {
  pdf: string;
  png: string;
}

/**
 * The print files of one design version of a recipe set, made with one set of print settings:
 * requested (queued), being made, stored (ready, with the blob keys of the ZIP and of each
 * location's files), or failed for good. The job that makes them is on the queue; this row is what
 * the routes read. Changed settings name another set: files are made again with them.
 */
@Entity({ name: 'print_file_set' })
@Unique('UQ_print_file_set_recipe_set_version_settings', [
  'recipeSetId',
  'designVersion',
  'settingsKey',
])
@Index('IDX_print_file_set_status', ['status', 'requestedAt'])
export class PrintFileSetEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'recipe_set_id', type: 'uuid' })
  recipeSetId: string;

  @ManyToOne(() => RecipeSetEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'recipe_set_id' })
  recipeSet?: RecipeSetEntity;

  @Column({ name: 'design_version', type: 'integer' })
  designVersion: number;

  /** The key of `settings` (printSettingsKey). */
  @Column({ name: 'settings_key', type: 'varchar', length: 64 })
  settingsKey: string;

  /** The print settings the files are made with: the client's and the locations' overrides. */
  @Column({ type: 'jsonb' })
  settings: PrintSettingsSnapshot;

  @Column({ type: 'varchar', length: 16 })
  status: PrintFileSetStatus;

  @Column({ type: 'smallint' })
  priority: number;

  @Column({ name: 'zip_key', type: 'varchar', length: 200, nullable: true })
  zipKey: string | null;

  /** Location handle → its files' blob keys. */
  @Column({ type: 'jsonb', nullable: true })
  locations: Record<string, StoredLocationFiles> | null;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** Why the last attempt failed (no personal data: the error's message). */
  @Column({ type: 'varchar', length: 500, nullable: true })
  error: string | null;

  /** The log entry of a set that failed for good, written once (every read links it). */
  @Column({ name: 'failure_log_id', type: 'uuid', nullable: true })
  failureLogId: string | null;

  @CreateDateColumn({ name: 'requested_at', type: 'timestamptz' })
  requestedAt: Date;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}
