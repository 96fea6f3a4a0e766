import { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationCipher } from '../migrate';

const NAME = 'EncryptGiftMessages1764000000000';
const BATCH = 1000;

/**
 * Gift messages are personal data: they are now stored encrypted like `purchase_order.personal_data`
 * (FieldCipher, `v1.<keyId>.…`), bound to their line as associated data:
 * `order_line_item:<orderId>:<position>` (the format `giftMessageContext` in the orders module
 * writes; repeated here so that this migration keeps its meaning if that code changes).
 * The column becomes `text`: a 2,000-character message is longer once encrypted. Existing rows are
 * encrypted in place, in batches, in this migration's transaction; `down` decrypts them back.
 */
export class EncryptGiftMessages1764000000000 implements MigrationInterface {
  name = NAME;

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "order_line_item" ALTER COLUMN "gift_message" TYPE text`);
    await convert(q, (cipher, message, context) => cipher.encrypt(message, context));
  }

  public async down(q: QueryRunner): Promise<void> {
    await convert(q, (cipher, stored, context) => cipher.decrypt(stored, context));
    await q.query(
      `ALTER TABLE "order_line_item" ALTER COLUMN "gift_message" TYPE character varying(2000)`,
    );
  }
}

type Convert = (
  cipher: ReturnType<typeof migrationCipher>,
  value: string,
  context: string,
) => string;

/** Rewrites every stored gift message with `fn`, in batches of line ids. */
async function convert(q: QueryRunner, fn: Convert): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = (await q.query(
      `SELECT "id", "order_id", "position", "gift_message" FROM "order_line_item"
       WHERE "gift_message" IS NOT NULL AND "id" > $1 ORDER BY "id" LIMIT ${BATCH}`,
      [after],
    )) as { id: number; order_id: string; position: number; gift_message: string }[];
    if (rows.length === 0) return;
    const cipher = migrationCipher(q, NAME);
    await q.query(
      `UPDATE "order_line_item" li SET "gift_message" = v.message
       FROM unnest($1::int[], $2::text[]) AS v(id, message) WHERE li."id" = v.id`,
      [
        rows.map((r) => r.id),
        rows.map((r) => fn(cipher, r.gift_message, `order_line_item:${r.order_id}:${r.position}`)),
      ],
    );
    after = rows[rows.length - 1].id;
  }
}
