import { MigrationInterface, QueryRunner } from 'typeorm';

/** Common print and embroidery formats: [extension, MIME type, name, image, raster, converts to]. */
const FORMATS: [string, string, string, boolean, boolean, string | null][] = [
  ['png', 'image/png', 'PNG image', true, true, null],
  ['jpg', 'image/jpeg', 'JPEG image', true, true, null],
  ['gif', 'image/gif', 'GIF image', true, true, null],
  ['tif', 'image/tiff', 'TIFF image', true, true, null],
  ['webp', 'image/webp', 'WebP image', true, true, null],
  ['svg', 'image/svg+xml', 'SVG vector image', true, false, null],
  ['pdf', 'application/pdf', 'PDF document', false, false, null],
  ['eps', 'application/postscript', 'Encapsulated PostScript', false, false, 'pdf'],
  ['ai', 'application/illustrator', 'Adobe Illustrator artwork', false, false, 'pdf'],
  ['dst', 'application/x-dst', 'Tajima DST embroidery', false, false, null],
  ['exp', 'application/x-exp', 'Melco EXP embroidery', false, false, null],
  ['pes', 'application/x-pes', 'Brother PES embroidery', false, false, null],
  ['jef', 'application/x-jef', 'Janome JEF embroidery', false, false, null],
  ['vp3', 'application/x-vp3', 'Pfaff VP3 embroidery', false, false, null],
  ['emb', 'application/x-emb', 'Wilcom EMB embroidery design', false, false, 'dst'],
];

/**
 * Saved uploaded assets (an organization's artwork library) with their production jobs, results
 * and outputs, and the asset formats outputs come in (seeded). The indexes serve the list of an
 * organization's active assets in each of its sort orders, and the job filters per asset.
 */
export class SavedAssets1764600000000 implements MigrationInterface {
  name = 'SavedAssets1764600000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "asset_format" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "extension" character varying(16) NOT NULL, "mime_type" character varying(100) NOT NULL, "client_id" uuid, "requires_conversion" boolean NOT NULL DEFAULT false, "is_image" boolean NOT NULL DEFAULT false, "is_raster" boolean NOT NULL DEFAULT false, "conversion_asset_format_id" integer, "name" character varying(100) NOT NULL, CONSTRAINT "UQ_asset_format_extension" UNIQUE ("extension"), CONSTRAINT "PK_b852a7a03a79a110c4c56c3290a" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE TABLE "saved_uploaded_asset" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "client_id" uuid NOT NULL, "uploaded_asset_id" integer NOT NULL, "organization_identifier" character varying(200) NOT NULL, "client_account_reference" character varying(200) NOT NULL, "user_facing_file_name" character varying(255) NOT NULL, "service_asset_reference" character varying(200), "active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_800156a6ee2f6b01b80f2553d25" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_saved_uploaded_asset_upload" ON "saved_uploaded_asset" ("uploaded_asset_id")`,
    );
    await q.query(
      `CREATE INDEX "IDX_saved_uploaded_asset_created" ON "saved_uploaded_asset" ("client_id", "organization_identifier", "active", "created_at", "id")`,
    );
    await q.query(
      `CREATE INDEX "IDX_saved_uploaded_asset_recent" ON "saved_uploaded_asset" ("client_id", "organization_identifier", "active", "last_modified_at", "id")`,
    );
    await q.query(
      `CREATE INDEX "IDX_saved_uploaded_asset_name" ON "saved_uploaded_asset" ("client_id", "organization_identifier", "active", lower("user_facing_file_name"), "id")`,
    );
    await q.query(
      `CREATE TABLE "production_job" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "saved_asset_id" integer NOT NULL, "client_id" uuid NOT NULL, "organization_identifier" character varying(200) NOT NULL, "provider_handle" character varying(100) NOT NULL, "provider_reference" character varying(200), "reference" character varying(200), "client_reference" character varying(200), "template" character varying(200), "product_color" character varying(100), "placement" character varying(100), "placement_width" jsonb, "placement_height" jsonb, "notes" character varying(2000), "work_flow_type" character varying(100), "embellishment_type" character varying(50), "status" character varying(50) NOT NULL, "specification_uri" character varying(2000), "dst_uri" character varying(2000), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8e7c9459b22c88557703f91349d" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_production_job_saved_asset" ON "production_job" ("saved_asset_id", "id")`,
    );
    await q.query(
      `CREATE INDEX "IDX_production_job_service" ON "production_job" ("client_id", "organization_identifier", lower("provider_handle"), "saved_asset_id")`,
    );
    await q.query(
      `CREATE INDEX "IDX_production_job_embellishment" ON "production_job" ("client_id", "organization_identifier", lower("embellishment_type"), "saved_asset_id")`,
    );
    await q.query(
      `CREATE TABLE "production_job_result" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "job_id" integer NOT NULL, "received_date" TIMESTAMP WITH TIME ZONE NOT NULL, "thread_count" integer, "actual_width" jsonb, "actual_height" jsonb, "last_modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "REL_519f558539df72688c2a8d8d9c" UNIQUE ("job_id"), CONSTRAINT "PK_5a8ffa8bbaf7070ec4551fb3930" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE TABLE "production_job_output" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "result_id" integer NOT NULL, "uri" character varying(2000) NOT NULL, "converted_asset_id" integer, "asset_format_id" integer NOT NULL, CONSTRAINT "PK_96857bac7a8f1429a0ee786bcb9" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_production_job_output_result" ON "production_job_output" ("result_id", "id")`,
    );
    await q.query(
      `ALTER TABLE "asset_format" ADD CONSTRAINT "FK_2b0317a98d3de38218074dc6611" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "asset_format" ADD CONSTRAINT "FK_124bfe90bc0bf552e526adb8719" FOREIGN KEY ("conversion_asset_format_id") REFERENCES "asset_format"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "saved_uploaded_asset" ADD CONSTRAINT "FK_a6ded5b6273d42daff67ef1997b" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "saved_uploaded_asset" ADD CONSTRAINT "FK_98329ff8f8135de578ba5574e82" FOREIGN KEY ("uploaded_asset_id") REFERENCES "uploaded_asset"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "production_job" ADD CONSTRAINT "FK_2e4f32698dcb2b7154eac62ffc2" FOREIGN KEY ("saved_asset_id") REFERENCES "saved_uploaded_asset"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "production_job" ADD CONSTRAINT "FK_1c76eafeb695f9ed25649671ba0" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "production_job_result" ADD CONSTRAINT "FK_519f558539df72688c2a8d8d9c1" FOREIGN KEY ("job_id") REFERENCES "production_job"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "production_job_output" ADD CONSTRAINT "FK_2a4c25e6e588fe954f166646e9c" FOREIGN KEY ("result_id") REFERENCES "production_job_result"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "production_job_output" ADD CONSTRAINT "FK_c65903a8a48497a8991cb75058b" FOREIGN KEY ("converted_asset_id") REFERENCES "uploaded_asset"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "production_job_output" ADD CONSTRAINT "FK_58cec08c045231c1b8f9c8c3d8e" FOREIGN KEY ("asset_format_id") REFERENCES "asset_format"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    for (const [extension, mimeType, name, isImage, isRaster] of FORMATS) {
      await q.query(
        `INSERT INTO "asset_format" ("extension", "mime_type", "name", "is_image", "is_raster", "requires_conversion") VALUES ($1, $2, $3, $4, $5, false)`,
        [extension, mimeType, name, isImage, isRaster],
      );
    }
    for (const [extension, , , , , target] of FORMATS) {
      if (!target) continue;
      await q.query(
        `UPDATE "asset_format" SET "requires_conversion" = true, "conversion_asset_format_id" = (SELECT "id" FROM "asset_format" WHERE "extension" = $2) WHERE "extension" = $1`,
        [extension, target],
      );
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "production_job_output"`);
    await q.query(`DROP TABLE "production_job_result"`);
    await q.query(`DROP TABLE "production_job"`);
    await q.query(`DROP TABLE "saved_uploaded_asset"`);
    await q.query(`DROP TABLE "asset_format"`);
  }
}
