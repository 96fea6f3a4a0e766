import { Column, Entity, JoinColumn, OneToMany, OneToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { OutputEntity } from './output.entity';
import { Measure, ProductionJobEntity } from './production-job.entity';

/** What a provider reported back for a job (one per job; a new report replaces it whole). */
@Entity({ name: 'production_job_result' })
export class JobResultEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ name: 'job_id', type: 'int' })
  jobId: number;

  @OneToOne(() => ProductionJobEntity, (job) => job.result, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'job_id' })
  job?: ProductionJobEntity;

  @Column({ name: 'received_date', type: 'timestamptz' })
  receivedDate: Date;

  @Column({ name: 'thread_count', type: 'int', nullable: true })
  threadCount: number | null;

  @Column({ name: 'actual_width', type: 'jsonb', nullable: true })
  actualWidth: Measure | null;

  @Column({ name: 'actual_height', type: 'jsonb', nullable: true })
  actualHeight: Measure | null;

  @Column({ name: 'last_modified_at', type: 'timestamptz', default: () => 'now()' })
  lastModifiedAt: Date;

  @OneToMany('OutputEntity', (output: OutputEntity) => output.result)
  outputs?: OutputEntity[];
}
