import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pricing and availability (src/availability): per client and SKU the price adjustment and
 * availability, the append-only history of their changes, and the pages' sign-in sessions (only
 * their hashes).
 */
export class Availability1765100000000 implements MigrationInterface {
  name = 'Availability1765100000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "sku_availability" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "client_id" uuid NOT NULL, "sku" character varying(100) NOT NULL, "adjustment_type" character varying(16), "adjustment_value" numeric(12,2), "effective_from" TIMESTAMP WITH TIME ZONE, "effective_until" TIMESTAMP WITH TIME ZONE, "status" character varying(16) NOT NULL DEFAULT 'available', "expected_date" date, "last_modified_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "UQ_sku_availability_client_sku" UNIQUE ("client_id", "sku"), CONSTRAINT "PK_sku_availability" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE TABLE "availability_change" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "client_id" uuid NOT NULL, "sku" character varying(100) NOT NULL, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL, "token_id" character varying(64) NOT NULL, "role" character varying(16) NOT NULL, "before" jsonb NOT NULL, "after" jsonb NOT NULL, CONSTRAINT "PK_availability_change" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_availability_change_client" ON "availability_change" ("client_id", "changed_at")`,
    );
    await q.query(
      `CREATE TABLE "availability_session" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "session_hash" character(64) NOT NULL, "token_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_availability_session_hash" UNIQUE ("session_hash"), CONSTRAINT "PK_availability_session" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `ALTER TABLE "sku_availability" ADD CONSTRAINT "FK_3cf24ffb8897d6886d8dccee417" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "availability_change" ADD CONSTRAINT "FK_7b8b978dd3cdd5006a366ede6f8" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "availability_session" ADD CONSTRAINT "FK_c765b930d1821caf27d9a26f2cb" FOREIGN KEY ("token_id") REFERENCES "api_token"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "availability_session"`);
    await q.query(`DROP TABLE "availability_change"`);
    await q.query(`DROP TABLE "sku_availability"`);
  }
}
