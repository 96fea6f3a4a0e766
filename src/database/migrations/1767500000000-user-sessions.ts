import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Console sessions (src/users/sessions, docs/design.md §3): one row per sign-in, holding only the
 * SHA-256 hash of the cookie's secret; the partial index finds a user's open sessions (sign out
 * everywhere, a user disabled).
 */
export class UserSessions1767500000000 implements MigrationInterface {
  name = 'UserSessions1767500000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "user_session" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "session_hash" character(64) NOT NULL, "user_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "ended_at" TIMESTAMP WITH TIME ZONE, "ended_reason" character varying(32), "source" character varying(64) NOT NULL, "user_agent" character varying(200), CONSTRAINT "UQ_832015abc6150f5ae2300cf3af7" UNIQUE ("session_hash"), CONSTRAINT "PK_adf3b49590842ac3cf54cac451a" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_user_session_user_open" ON "user_session" ("user_id") WHERE ended_at IS NULL`,
    );
    await q.query(
      `ALTER TABLE "user_session" ADD CONSTRAINT "FK_13275383dcdf095ee29f2b3455a" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "user_session"`);
  }
}
