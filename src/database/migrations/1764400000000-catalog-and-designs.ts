import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Products of clients' catalogs (one JSON definition each), and designs on recipe sets: the
 * product designed on and the chosen options. A product with recipe sets cannot be deleted (the
 * foreign key is checked at the end of the statement, so deleting a client still cascades).
 */
export class CatalogAndDesigns1764400000000 implements MigrationInterface {
  name = 'CatalogAndDesigns1764400000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "product" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "client_id" uuid NOT NULL, "handle" character varying(64) NOT NULL, "name" character varying(200) NOT NULL, "definition" jsonb NOT NULL, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_product_client_handle" UNIQUE ("client_id", "handle"), CONSTRAINT "PK_bebc9158e480b949565b4dc7a82" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `ALTER TABLE "product" ADD CONSTRAINT "FK_030bea9382144b30f955e6d147c" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(`ALTER TABLE "recipe_set" ADD "product_id" uuid`);
    await q.query(`ALTER TABLE "recipe_set" ADD "options" jsonb NOT NULL DEFAULT '{}'`);
    await q.query(`CREATE INDEX "IDX_0d3fd1aee6d3482539bb5cafbb" ON "recipe_set" ("product_id")`);
    await q.query(
      `ALTER TABLE "recipe_set" ADD CONSTRAINT "FK_0d3fd1aee6d3482539bb5cafbb4" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "recipe_set" DROP CONSTRAINT "FK_0d3fd1aee6d3482539bb5cafbb4"`);
    await q.query(`DROP INDEX "public"."IDX_0d3fd1aee6d3482539bb5cafbb"`);
    await q.query(`ALTER TABLE "recipe_set" DROP COLUMN "options"`);
    await q.query(`ALTER TABLE "recipe_set" DROP COLUMN "product_id"`);
    await q.query(`DROP TABLE "product"`);
  }
}
