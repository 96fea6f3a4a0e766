import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Users of client accounts (src/users): an e-mail is a user once in the service; invitations are
 * the hash of their link's token. API tokens may belong to a user (and stop working while the
 * user is disabled). Daily counts of the messages clients have had sent, per kind (invitations,
 * shares), for their daily caps (src/messages).
 */
export class Users1764800000000 implements MigrationInterface {
  name = 'Users1764800000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "app_user" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "client_id" uuid NOT NULL, "email" character varying(254) NOT NULL, "first_name" character varying(100), "last_name" character varying(100), "role" character varying(16) NOT NULL, "status" character varying(16) NOT NULL, "locale" character varying(16) NOT NULL, "password_hash" character varying(200), "invitation_token_hash" character(64), "invitation_expires_at" TIMESTAMP WITH TIME ZONE, "invited_at" TIMESTAMP WITH TIME ZONE NOT NULL, "accepted_at" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "UQ_app_user_email" UNIQUE ("email"), CONSTRAINT "UQ_app_user_invitation" UNIQUE ("invitation_token_hash"), CONSTRAINT "PK_app_user" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_app_user_client" ON "app_user" ("client_id", "invited_at")`);
    await q.query(
      `ALTER TABLE "app_user" ADD CONSTRAINT "FK_e9250a6e3523ddefd357e4bcdfd" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `CREATE TABLE "message_daily_count" ("client_id" uuid NOT NULL, "day" date NOT NULL, "kind" character varying(50) NOT NULL, "count" integer NOT NULL, CONSTRAINT "PK_message_daily_count" PRIMARY KEY ("client_id", "day", "kind"))`,
    );
    await q.query(
      `ALTER TABLE "message_daily_count" ADD CONSTRAINT "FK_ac707252a42790ebcc5a3327c3d" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(`ALTER TABLE "api_token" ADD "user_id" uuid`);
    await q.query(`CREATE INDEX "IDX_api_token_user" ON "api_token" ("user_id")`);
    await q.query(
      `ALTER TABLE "api_token" ADD CONSTRAINT "FK_1725c5ea908ff009f6ab3fa34fd" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "api_token" DROP CONSTRAINT "FK_1725c5ea908ff009f6ab3fa34fd"`);
    await q.query(`DROP INDEX "IDX_api_token_user"`);
    await q.query(`ALTER TABLE "api_token" DROP COLUMN "user_id"`);
    await q.query(`DROP TABLE "app_user"`);
    await q.query(`DROP TABLE "message_daily_count"`);
  }
}
