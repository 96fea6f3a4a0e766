import {
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { ClientAccountEntity } from '../../clients';
import type { JobResultEntity } from './job-result.entity';
import { SavedUploadedAssetEntity } from './saved-uploaded-asset.entity';

/** A size as production partners write it: `{"value": "3.50n", "type": "Big Number"}`. */
export interface Measure {
  value: string;
  type: string;
}

/**
 * A production job made from a saved asset by a provider (an embroidery digitizer, a print
 * conversion): what was asked for, and its status as the provider reports it. The client id is
 * the asset's, kept here so that a job read by its own id is checked for tenancy in one row; so
 * is the asset's organization (it never changes), so that the list's job filters read only the
 * jobs of the organization listed, through an index per filter (on the lower-cased value; the
 * migration creates them).
 */
@Entity({ name: 'production_job' })
@Index('IDX_production_job_saved_asset', ['savedAssetId', 'id'])
@Index('IDX_production_job_service', { synchronize: false })
@Index('IDX_production_job_embellishment', { synchronize: false })
export class ProductionJobEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ name: 'saved_asset_id', type: 'int' })
  savedAssetId: number;

  @ManyToOne(() => SavedUploadedAssetEntity, (asset) => asset.productionJobs, {
    onDelete: 'CASCADE',
  })
  @JoinColumn({ name: 'saved_asset_id' })
  savedAsset?: SavedUploadedAssetEntity;

  @Column({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @ManyToOne(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientAccountEntity;

  /** The saved asset's organization. */
  @Column({ name: 'organization_identifier', type: 'varchar', length: 200 })
  organizationIdentifier: string;

  /** Who makes it; the list's `service` filter matches it (any case). */
  @Column({ name: 'provider_handle', type: 'varchar', length: 100 })
  providerHandle: string;

  @Column({ name: 'provider_reference', type: 'varchar', length: 200, nullable: true })
  providerReference: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  reference: string | null;

  @Column({ name: 'client_reference', type: 'varchar', length: 200, nullable: true })
  clientReference: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  template: string | null;

  @Column({ name: 'product_color', type: 'varchar', length: 100, nullable: true })
  productColor: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  placement: string | null;

  @Column({ name: 'placement_width', type: 'jsonb', nullable: true })
  placementWidth: Measure | null;

  @Column({ name: 'placement_height', type: 'jsonb', nullable: true })
  placementHeight: Measure | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  notes: string | null;

  @Column({ name: 'work_flow_type', type: 'varchar', length: 100, nullable: true })
  workFlowType: string | null;

  /** As sent (`Embroidery`, `print`); the list's filter compares it in any case. */
  @Column({ name: 'embellishment_type', type: 'varchar', length: 50, nullable: true })
  embellishmentType: string | null;

  @Column({ type: 'varchar', length: 50 })
  status: string;

  @Column({ name: 'specification_uri', type: 'varchar', length: 2000, nullable: true })
  specificationUri: string | null;

  @Column({ name: 'dst_uri', type: 'varchar', length: 2000, nullable: true })
  dstUri: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'last_modified_at', type: 'timestamptz', default: () => 'now()' })
  lastModifiedAt: Date;

  @OneToOne('JobResultEntity', (result: JobResultEntity) => result.job)
  result?: JobResultEntity | null;
}
