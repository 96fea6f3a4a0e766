import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** An Idempotency-Key of a request that succeeded, with the response to replay. */
@Entity({ name: 'idempotency_key' })
@Index('IDX_idempotency_key_expires', ['expiresAt'])
export class IdempotencyKeyEntity {
  @PrimaryColumn({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  key: string;

  /** SHA-256 of method, route and body: the same key with another request is refused. */
  @Column({ name: 'request_hash', type: 'char', length: 64 })
  requestHash: string;

  @Column({ name: 'response_status', type: 'smallint' })
  responseStatus: number;

  @Column({ name: 'response_body', type: 'text' })
  responseBody: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}

/** The tables the idempotency module owns. */
export const IDEMPOTENCY_ENTITIES = [IdempotencyKeyEntity];
