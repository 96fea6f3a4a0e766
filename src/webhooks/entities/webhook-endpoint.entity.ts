import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ClientAccountEntity } from '../../clients';
import { Encrypted } from '../../common/crypto/encrypted-columns';

export type EndpointStatus = 'enabled' | 'disabled';

/** A partner's webhook endpoint: where the client's events are POSTed, signed with its secret. */
@Entity({ name: 'webhook_endpoint' })
@Index('IDX_webhook_endpoint_client', ['clientId', 'createdAt'])
// The key ids of the secrets, for the start-up check (see @Encrypted); expression indexes.
@Index('IDX_webhook_endpoint_secret_key', { synchronize: false })
@Index('IDX_webhook_endpoint_previous_secret_key', { synchronize: false })
export class WebhookEndpointEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @ManyToOne(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientAccountEntity;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  /** The event types delivered; null: all of them. */
  @Column({ name: 'event_types', type: 'text', array: true, nullable: true })
  eventTypes: string[] | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 16 })
  status: EndpointStatus;

  /** Why it was disabled, when the service disabled it (410, failing for days). */
  @Column({ name: 'disabled_reason', type: 'varchar', length: 300, nullable: true })
  disabledReason: string | null;

  /** `whsec_…`, encrypted (FieldCipher, context `webhook-secret:<id>`). */
  @Encrypted()
  @Column({ type: 'text' })
  secret: string;

  /** The secret before the last rotation, also signing until `previousSecretUntil`. */
  @Encrypted()
  @Column({ name: 'previous_secret', type: 'text', nullable: true })
  previousSecret: string | null;

  @Column({ name: 'previous_secret_until', type: 'timestamptz', nullable: true })
  previousSecretUntil: Date | null;

  /** The first failed attempt since the last success; null while deliveries succeed. */
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince: Date | null;

  /** Failed attempts in a row (the circuit breaker's count; 0 after a success). */
  @Column({ name: 'consecutive_failures', type: 'int', default: 0 })
  consecutiveFailures: number;

  /**
   * While the circuit breaker is open: until when the endpoint's attempts are not claimed. Once
   * past, one attempt at a time is made (half-open) until one succeeds (see breaker.ts).
   */
  @Column({ name: 'breaker_open_until', type: 'timestamptz', nullable: true })
  breakerOpenUntil: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
