import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploaded images (artwork and catalog layer images). The bytes are in the blob store; a row per
 * upload. The index serves listing an organization's uploads, newest first.
 */
export class UploadedAssets1764300000000 implements MigrationInterface {
  name = 'UploadedAssets1764300000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "uploaded_asset" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "client_id" uuid NOT NULL, "blob_key" character varying(120) NOT NULL, "sha256" character(64) NOT NULL, "mime_type" character varying(40) NOT NULL, "width" integer NOT NULL, "height" integer NOT NULL, "bytes" integer NOT NULL, "user_facing_file_name" character varying(255), "organization_identifier" character varying(200), "client_account_reference" character varying(200), "purpose" character varying(16) NOT NULL DEFAULT 'artwork', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b5b0a37813fd7129f93ea36578e" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_uploaded_asset_organization" ON "uploaded_asset" ("client_id", "organization_identifier", "created_at")`,
    );
    await q.query(
      `ALTER TABLE "uploaded_asset" ADD CONSTRAINT "FK_c2278f3b6df482b1be75758eca2" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "uploaded_asset"`);
  }
}
