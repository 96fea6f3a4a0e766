import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UploadedAssetEntity } from '../../assets';
import { AssetFormatEntity } from './asset-format.entity';
import { JobResultEntity } from './job-result.entity';

/** One file a job produced: where it is, its format, and the upload it was converted into. */
@Entity({ name: 'production_job_output' })
@Index('IDX_production_job_output_result', ['resultId', 'id'])
export class OutputEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ name: 'result_id', type: 'int' })
  resultId: number;

  @ManyToOne(() => JobResultEntity, (result) => result.outputs, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'result_id' })
  result?: JobResultEntity;

  @Column({ type: 'varchar', length: 2000 })
  uri: string;

  @Column({ name: 'converted_asset_id', type: 'int', nullable: true })
  convertedAssetId: number | null;

  @ManyToOne(() => UploadedAssetEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'converted_asset_id' })
  convertedAsset?: UploadedAssetEntity | null;

  @Column({ name: 'asset_format_id', type: 'int' })
  assetFormatId: number;

  @ManyToOne(() => AssetFormatEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'asset_format_id' })
  assetFormat?: AssetFormatEntity;
}
