import {
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { UploadedAssetEntity } from '../../assets';
import { ClientAccountEntity } from '../../clients';
import type { ProductionJobEntity } from './production-job.entity';

/**
 * An upload saved into an organization's artwork library, with the production jobs made from it.
 * Deleting deactivates (`active` false): inactive assets are not listed or read, and their jobs stay
 * for the record. The indexes serve the list of one organization's active assets in each sort
 * order: last modification, creation, and name (an expression index the migration creates).
 */
@Entity({ name: 'saved_uploaded_asset' })
@Index('IDX_saved_uploaded_asset_recent', [
  'clientId',
  'organizationIdentifier',
  'active',
  'lastModifiedAt',
  'id',
])
@Index('IDX_saved_uploaded_asset_created', [
  'clientId',
  'organizationIdentifier',
  'active',
  'createdAt',
  'id',
])
// (client_id, organization_identifier, active, lower(user_facing_file_name), id): TypeORM cannot
// describe an expression index, so it is left to the migration.
@Index('IDX_saved_uploaded_asset_name', { synchronize: false })
@Index('IDX_saved_uploaded_asset_upload', ['uploadedAssetId'])
export class SavedUploadedAssetEntity {
  /** The integer id callers see (int32). */
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @ManyToOne(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientAccountEntity;

  @Column({ name: 'uploaded_asset_id', type: 'int' })
  uploadedAssetId: number;

  @ManyToOne(() => UploadedAssetEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'uploaded_asset_id' })
  uploadedAsset?: UploadedAssetEntity;

  @Column({ name: 'organization_identifier', type: 'varchar', length: 200 })
  organizationIdentifier: string;

  @Column({ name: 'client_account_reference', type: 'varchar', length: 200 })
  clientAccountReference: string;

  @Column({ name: 'user_facing_file_name', type: 'varchar', length: 255 })
  userFacingFileName: string;

  @Column({ name: 'service_asset_reference', type: 'varchar', length: 200, nullable: true })
  serviceAssetReference: string | null;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  /** Moves on every change of the asset or of one of its jobs (the RecentlyUsed order). */
  @Column({ name: 'last_modified_at', type: 'timestamptz', default: () => 'now()' })
  lastModifiedAt: Date;

  @OneToMany('ProductionJobEntity', (job: ProductionJobEntity) => job.savedAsset)
  productionJobs?: ProductionJobEntity[];
}
