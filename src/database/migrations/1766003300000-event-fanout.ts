import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events are fanned out to webhook endpoints after their commit, in batches (EventRelay), rather
 * than in the transaction that records them: `event_fanout` lists the events not fanned out yet.
 * An event's position stays unique by construction (a sequence), without an index to keep.
 */
export class EventFanout1766003300000 implements MigrationInterface {
  name = 'EventFanout1766003300000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "event_fanout" ("position" bigint NOT NULL, "event_id" uuid NOT NULL, CONSTRAINT "PK_event_fanout_position" PRIMARY KEY ("position"))`,
    );
    await q.query(`ALTER TABLE "event" DROP CONSTRAINT "UQ_1196bc649c169d0911d739399ff"`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "event" ADD CONSTRAINT "UQ_1196bc649c169d0911d739399ff" UNIQUE ("position")`,
    );
    await q.query(`DROP TABLE "event_fanout"`);
  }
}
