import { MigrationInterface, QueryRunner } from 'typeorm';

/** A token may expire (`token create --expires-in`); NULL means it never does, as before. */
export class TokenExpiry1764100000000 implements MigrationInterface {
  name = 'TokenExpiry1764100000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "api_token" ADD "expires_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "api_token" DROP COLUMN "expires_at"`);
  }
}
