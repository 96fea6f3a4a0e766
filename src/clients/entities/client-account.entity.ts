import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { SkuPolicy } from '../client-settings';

export enum Plan {
  Free = 'free',
  Standard = 'standard',
  Enterprise = 'enterprise',
}

/** The table of client accounts, for the SQL of other modules (they import it, not write it). */
export const CLIENT_ACCOUNT_TABLE = 'client_account';

/** A client account: the tenant every resource belongs to. */
@Entity({ name: CLIENT_ACCOUNT_TABLE })
export class ClientAccountEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Canonical lower-case handle, unique. */
  @Column({ type: 'varchar', length: 64, unique: true })
  handle: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 32 })
  plan: Plan;

  /**
   * A sandbox client (`client create --sandbox`): its tokens start with `pci_test_`, nothing of it
   * reaches a factory, its e-mail and SMS are held, and the /api/sandbox helpers drive its orders
   * (docs/api/sandbox.md). Set at creation, never changed.
   */
  @Column({ type: 'boolean', default: false })
  sandbox: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /**
   * Requests per window on the rate-limited routes when the operator set them for this client
   * (`client set-plan`); null: the named plan's (see src/plans/plan-limits.ts).
   */
  @Column({ name: 'rate_limit', type: 'integer', nullable: true })
  rateLimit: number | null;

  @Column({ name: 'rate_window_seconds', type: 'integer', nullable: true })
  rateWindowSeconds: number | null;

  /** With rateLimit set: the monthly cap (null: none). */
  @Column({ name: 'monthly_cap', type: 'integer', nullable: true })
  monthlyCap: number | null;

  /**
   * Uploaded assets, and active saved assets, its library may hold when the operator set it for
   * this client; null: the named plan's (see src/plans/plan-limits.ts).
   */
  @Column({ name: 'library_limit', type: 'integer', nullable: true })
  libraryLimit: number | null;

  /** Whether the client's designs may be shared (POST /api/share/send); operators switch it. */
  @Column({ name: 'sharing_enabled', type: 'boolean', default: true })
  sharingEnabled: boolean;

  /** The currency of its catalog's prices (ISO 4217, upper-case), as the pages show them. */
  @Column({ type: 'varchar', length: 3, default: 'EUR' })
  currency: string;

  /** Where its users sign in (https), linked from the invitation's success page; null: none. */
  @Column({ name: 'sign_in_url', type: 'varchar', length: 2000, nullable: true })
  signInUrl: string | null;

  /**
   * Its storefront (https; `{readableId}` and `{productHandle}` are filled in), the share page's
   * call to action; null: none.
   */
  @Column({ name: 'storefront_url', type: 'varchar', length: 2000, nullable: true })
  storefrontUrl: string | null;

  /**
   * How acknowledgements treat a line item's SKU that its recipe set's product does not list or
   * whose options contradict the design (docs/design.md §6): `strict` refuses the recipe set,
   * `warn` accepts it with a warning, `off` does not check. Products without SKUs are never checked.
   */
  @Column({ name: 'sku_policy', type: 'varchar', length: 10, default: 'strict' })
  skuPolicy: SkuPolicy;
}
