import { MigrationInterface, QueryRunner } from 'typeorm';

/** A print-file set that failed for good keeps the id of its one log entry (src/web-to-print). */
export class PrintFailureLog1766003100000 implements MigrationInterface {
  name = 'PrintFailureLog1766003100000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "print_file_set" ADD "failure_log_id" uuid`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "print_file_set" DROP COLUMN "failure_log_id"`);
  }
}
