import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An idempotency key is stored together with its response, in the transaction of the work it
 * answers, so a stored key always has one: the columns say so.
 */
export class IdempotencyResponses1763900000000 implements MigrationInterface {
  name = 'IdempotencyResponses1763900000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `DELETE FROM "idempotency_key" WHERE "response_status" IS NULL OR "response_body" IS NULL`,
    );
    await q.query(`ALTER TABLE "idempotency_key" ALTER COLUMN "response_status" SET NOT NULL`);
    await q.query(`ALTER TABLE "idempotency_key" ALTER COLUMN "response_body" SET NOT NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "idempotency_key" ALTER COLUMN "response_body" DROP NOT NULL`);
    await q.query(`ALTER TABLE "idempotency_key" ALTER COLUMN "response_status" DROP NOT NULL`);
  }
}
