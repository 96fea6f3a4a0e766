import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The print settings of the sets made before clients had settings: the defaults (PDF/X-4, sRGB,
 * 3 mm bleed, 150 dpi, `{readableId}-{location}`), no location overrides. Their key is
 * printSettingsKey of that snapshot (a unit test holds the two together), so those files keep
 * being served while a client keeps the defaults.
 */
export const DEFAULT_SETTINGS_SNAPSHOT =
  '{"client":{"pdfStandard":"PDF/X-4","colorSpace":"rgb","iccProfile":"sRGB","bleedMm":3,"minimumDpi":150,"fileNameTemplate":"{readableId}-{location}"},"locations":{}}';
export const DEFAULT_SETTINGS_KEY =
  '99af1c46f9031490f8e50f1bd1e6d5c73d52696259ead6d4580cca973ebdd3c1';

/**
 * Clients' print settings (src/catalog), and print-file sets per (recipe set, design version,
 * print settings): a change of settings makes the files again on the next request.
 */
export class PrintSettings1766003400000 implements MigrationInterface {
  name = 'PrintSettings1766003400000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "client_print_settings" ("client_id" uuid NOT NULL, "settings" jsonb NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_f72c861e67a299ae8ae56e84101" PRIMARY KEY ("client_id"))`,
    );
    await q.query(
      `ALTER TABLE "client_print_settings" ADD CONSTRAINT "FK_f72c861e67a299ae8ae56e84101" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "print_file_set" ADD "settings_key" character varying(64) NOT NULL DEFAULT '${DEFAULT_SETTINGS_KEY}'`,
    );
    await q.query(
      `ALTER TABLE "print_file_set" ADD "settings" jsonb NOT NULL DEFAULT '${DEFAULT_SETTINGS_SNAPSHOT}'`,
    );
    await q.query(`ALTER TABLE "print_file_set" ALTER COLUMN "settings_key" DROP DEFAULT`);
    await q.query(`ALTER TABLE "print_file_set" ALTER COLUMN "settings" DROP DEFAULT`);
    await q.query(
      `ALTER TABLE "print_file_set" DROP CONSTRAINT "UQ_print_file_set_recipe_set_version"`,
    );
    await q.query(
      `ALTER TABLE "print_file_set" ADD CONSTRAINT "UQ_print_file_set_recipe_set_version_settings" UNIQUE ("recipe_set_id", "design_version", "settings_key")`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    // Only the sets made with the default settings fit the old (recipe set, version) identity.
    await q.query(`DELETE FROM "print_file_set" WHERE "settings_key" <> '${DEFAULT_SETTINGS_KEY}'`);
    await q.query(
      `ALTER TABLE "print_file_set" DROP CONSTRAINT "UQ_print_file_set_recipe_set_version_settings"`,
    );
    await q.query(
      `ALTER TABLE "print_file_set" ADD CONSTRAINT "UQ_print_file_set_recipe_set_version" UNIQUE ("recipe_set_id", "design_version")`,
    );
    await q.query(`ALTER TABLE "print_file_set" DROP COLUMN "settings"`);
    await q.query(`ALTER TABLE "print_file_set" DROP COLUMN "settings_key"`);
    await q.query(`DROP TABLE "client_print_settings"`);
  }
}
