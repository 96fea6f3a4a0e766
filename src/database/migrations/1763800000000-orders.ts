import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recipe sets, purchase orders with their line items, the append-only line-item history,
 * print-file requests (the outbox of acknowledgements) and idempotency keys.
 */
export class Orders1763800000000 implements MigrationInterface {
  name = 'Orders1763800000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "idempotency_key" ("client_id" uuid NOT NULL, "key" character varying(255) NOT NULL, "request_hash" character(64) NOT NULL, "response_status" smallint, "response_body" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_0d6b7ac5ccdc074457f345567be" PRIMARY KEY ("client_id", "key"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_idempotency_key_expires" ON "idempotency_key"  ("expires_at") `,
    );
    await q.query(
      `CREATE TABLE "line_item_history" ("id" BIGSERIAL NOT NULL, "line_item_id" integer NOT NULL, "order_id" uuid NOT NULL, "change" character varying(16) NOT NULL, "workflow_status" character varying(32), "shipment_tracking" jsonb, "shipment_vendor" character varying(200), "serial_numbers" jsonb, "request_id" character varying(128), "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7aa364b246e9c50e5549ee2a55d" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_line_item_history_line_item" ON "line_item_history"  ("line_item_id", "id") `,
    );
    await q.query(
      `CREATE TABLE "recipe_set" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "readable_id" character(8) NOT NULL, "client_id" uuid NOT NULL, "product_handle" character varying(100) NOT NULL, "status" character varying(40) NOT NULL DEFAULT 'Created', "design" jsonb NOT NULL DEFAULT '{}', "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_76a4ea8240235a844e080465674" UNIQUE ("readable_id"), CONSTRAINT "PK_10894e6c16e392784e18a5e3236" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_a6c2a35bf5b696b99c15c25ddc" ON "recipe_set"  ("client_id", "status", "last_modified_at") `,
    );
    await q.query(
      `CREATE TABLE "purchase_order" ("id" uuid NOT NULL, "client_id" uuid NOT NULL, "purchase_order_number" character varying(100) NOT NULL, "order_date" TIMESTAMP WITH TIME ZONE NOT NULL, "submitted_by" character varying(100) NOT NULL, "account_number" character varying(200), "organization_id" character varying(200), "order_reference" character varying(200), "customer_service_contact" character varying(200), "serial_number" character varying(200), "proof_status" smallint, "priority" smallint, "fulfillment_type" character varying(32), "personal_data" text NOT NULL, "workflow_statuses" character varying(32) array NOT NULL DEFAULT '{}', "production_start_at" TIMESTAMP WITH TIME ZONE, "delivered_to_factory_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_purchase_order_client_number" UNIQUE ("client_id", "purchase_order_number"), CONSTRAINT "PK_ad3e1c7b862f4043b103a6c8c60" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_purchase_order_search" ON "purchase_order" ("client_id", "last_modified_at") INCLUDE ("workflow_statuses")`,
    );
    await q.query(
      `CREATE TABLE "order_line_item" ("id" SERIAL NOT NULL, "order_id" uuid NOT NULL, "recipe_set_id" uuid NOT NULL, "position" smallint NOT NULL, "external_line_item_id" character varying(200), "gift_message" character varying(2000), "workflow_status" character varying(32) NOT NULL, "proof_status" character varying(16), "is_reorder" boolean NOT NULL DEFAULT false, "shipment_vendor" character varying(200), "shipment_tracking" jsonb, "sku" character varying(100), "quantity" integer NOT NULL, "unit_price" double precision, "size" character varying(100), "product_name" character varying(200), "estimated_delivery_date" TIMESTAMP WITH TIME ZONE, "sku_quantities" jsonb NOT NULL, "components" jsonb, "serial_numbers" jsonb, "last_modified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c4c5bcb010a01f13385ef7e8b49" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_order_line_item_recipe_set" ON "order_line_item"  ("recipe_set_id") `,
    );
    await q.query(
      `CREATE INDEX "IDX_order_line_item_order_status" ON "order_line_item"  ("order_id", "workflow_status") `,
    );
    await q.query(
      `CREATE TABLE "print_file_request" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "client_id" uuid NOT NULL, "order_id" uuid NOT NULL, "recipe_set_id" uuid NOT NULL, "priority" smallint NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_print_file_request_order_recipe_set" UNIQUE ("order_id", "recipe_set_id"), CONSTRAINT "PK_0e6d635664c125827cb0ed3c005" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_print_file_request_status" ON "print_file_request"  ("status", "priority", "created_at") `,
    );
    await q.query(
      `ALTER TABLE "recipe_set" ADD CONSTRAINT "FK_f3b4befd41395d144fc60b7b2c7" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "purchase_order" ADD CONSTRAINT "FK_a5ea2bd76aee5edc4f6c853ffe1" FOREIGN KEY ("client_id") REFERENCES "client_account"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "order_line_item" ADD CONSTRAINT "FK_922b692082d2e7635d466b25064" FOREIGN KEY ("order_id") REFERENCES "purchase_order"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "order_line_item" ADD CONSTRAINT "FK_df7919bb4b9bd29b7f1cbcf4063" FOREIGN KEY ("recipe_set_id") REFERENCES "recipe_set"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    // The history is append-only: refuse UPDATE and DELETE at the database.
    await q.query(`CREATE FUNCTION line_item_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'line_item_history is append-only';
      END $$`);
    await q.query(
      `CREATE TRIGGER line_item_history_append_only BEFORE UPDATE OR DELETE ON "line_item_history"
       FOR EACH ROW EXECUTE FUNCTION line_item_history_append_only()`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "print_file_request"`);
    await q.query(`DROP TABLE "line_item_history"`);
    await q.query(`DROP FUNCTION line_item_history_append_only()`);
    await q.query(`DROP TABLE "order_line_item"`);
    await q.query(`DROP TABLE "purchase_order"`);
    await q.query(`DROP TABLE "recipe_set"`);
    await q.query(`DROP TABLE "idempotency_key"`);
  }
}
