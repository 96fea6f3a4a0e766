import { MigrationInterface, QueryRunner } from 'typeorm';

/** Client accounts, API tokens (hashed) and the public log entries linked from error bodies. */
export class Foundation1763700000000 implements MigrationInterface {
  name = 'Foundation1763700000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "client_account" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "handle" character varying(64) NOT NULL, "name" character varying(200) NOT NULL, "plan" character varying(32) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_3cf75cf8e9d6e8a72820b4994e0" UNIQUE ("handle"), CONSTRAINT "PK_b3627c981b3d782cb5a2845e3d8" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE TABLE "api_token" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "client_id" uuid NOT NULL, "role" character varying(16) NOT NULL, "label" character varying(200), "prefix" character varying(16) NOT NULL, "token_hash" character(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "revoked_at" TIMESTAMP WITH TIME ZONE, "last_used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_bafaa5aab5957cd193fb2da8f24" UNIQUE ("token_hash"), CONSTRAINT "PK_d862311c568d175c26f41bc6f98" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_1de83a7588cff6ece30285c7c2" ON "api_token"  ("client_id") `);
    await q.query(
      `CREATE TABLE "log_entry" ("id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "status" smallint NOT NULL, "method" character varying(10) NOT NULL, "route" character varying(500) NOT NULL, "code" character varying(64) NOT NULL, "message" character varying(1000) NOT NULL, "request_id" character varying(128) NOT NULL, CONSTRAINT "PK_45e2f8fa5e70dd60266d2f94d49" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_7ccb79f1636ea60a63e8d8fa1f" ON "log_entry"  ("created_at") `);
    await q.query(
      `ALTER TABLE "api_token" ADD CONSTRAINT "FK_1de83a7588cff6ece30285c7c23" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "log_entry"`);
    await q.query(`DROP TABLE "api_token"`);
    await q.query(`DROP TABLE "client_account"`);
  }
}
