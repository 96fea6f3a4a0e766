/**
 * The acknowledgement's transaction as a pgbench script: the statements
 * POST /api/order/acknowledgement sends for one order of one line item on a recipe set ordered
 * before (the benchmark's steady state: the recipe set's status does not change, so the order's
 * event is the only one), in the same order, on the same tables and indexes, with values of the
 * same size. Its rate is the database's own ceiling for the route on this machine: the row the
 * acknowledgement is divided by. The values the app builds in Node.js (ids, the order's JSON rows,
 * the event's envelope) are built in SQL here; the statements the app sends are read from
 * PostgreSQL's log of one acknowledgement (log_statement = all), see bench/README.md.
 */
import { randomBytes } from 'node:crypto';

export interface AckScriptInput {
  clientId: string;
  tokenId: string;
  clientHandle: string;
  /** The recipe sets the acknowledgements pick from (readable ids), as the wrk scenario does. */
  readableIds: readonly string[];
}

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** JSON as SQL text, a space after each colon: pgbench reads `:name` as a variable. */
const sqlJson = (value: object) => sqlText(JSON.stringify(value).replace(/":/g, '": '));

/** The pgbench script of one acknowledgement (BEGIN … COMMIT, 8 statements). */
export function acknowledgementScript(input: AckScriptInput): string {
  const { clientId } = input;
  // An encrypted personal-data column of the benchmark's orders: about 700 characters.
  const personal = `v1.k1.${randomBytes(12).toString('base64url')}.${randomBytes(16).toString('base64url')}.${randomBytes(480).toString('base64url')}`;
  const po = `'ACK-PGB-' || :client_id::text || '-' || :n::text`;
  const order = {
    priority: 2,
    client_id: clientId,
    proof_status: null,
    submitted_by: input.tokenId,
    personal_data: personal,
    serial_number: null,
    account_number: 'ACCT-1234',
    order_reference: null,
    organization_id: null,
    fulfillment_type: 'DirectToConsumer',
    workflow_statuses: ['not-started'],
    production_start_at: null,
    delivered_to_factory_at: null,
    customer_service_contact: null,
  };
  const line = {
    sku: 'TEE-BLK-M',
    size: null,
    position: 0,
    quantity: 1,
    components: null,
    is_reorder: false,
    unit_price: 24.9,
    gift_message: null,
    product_name: 'Custom T-shirt',
    proof_status: null,
    serial_numbers: null,
    sku_quantities: [{ sku: 'TEE-BLK-M', quantity: 1 }],
    shipment_vendor: null,
    workflow_status: 'not-started',
    shipment_tracking: null,
    external_line_item_id: 'LI-1234',
    estimated_delivery_date: null,
  };
  const orderCols = [
    'id',
    'client_id',
    'purchase_order_number',
    'order_date',
    'submitted_by',
    'account_number',
    'organization_id',
    'order_reference',
    'customer_service_contact',
    'serial_number',
    'proof_status',
    'priority',
    'fulfillment_type',
    'personal_data',
    'workflow_statuses',
    'production_start_at',
    'delivered_to_factory_at',
    'last_modified_at',
  ];
  const lineCols = [
    'order_id',
    'recipe_set_id',
    'position',
    'external_line_item_id',
    'gift_message',
    'workflow_status',
    'proof_status',
    'is_reorder',
    'shipment_vendor',
    'shipment_tracking',
    'sku',
    'quantity',
    'unit_price',
    'size',
    'product_name',
    'estimated_delivery_date',
    'sku_quantities',
    'components',
    'serial_numbers',
    'last_modified_at',
  ];
  const cols = (list: string[], from = '') => list.map((c) => `${from}"${c}"`).join(', ');
  const ids = input.readableIds.map(sqlText).join(',');
  const envelope = (kind: string) =>
    `jsonb_build_object('id', 'evt_' || md5(random()::text), 'type', ${sqlText(kind)}, 'timestamp', now(), ` +
    `'data', jsonb_build_object('clientHandle', ${sqlText(input.clientHandle)}, 'purchaseOrderNumber', ${po}, ` +
    `'recipeSetReadableIds', jsonb_build_array(:rid::text), 'recipeSetCount', 1, 'lineItemCount', 1))`;
  return `\\set k random(1, ${input.readableIds.length})
\\set n random(1, 9000000000000000)
BEGIN;
SELECT r.id AS rs, r.readable_id AS rid, r.client_id AS cid, r.status AS st
  FROM recipe_set r WHERE r.client_id = '${clientId}' AND r.readable_id = ANY(ARRAY[(ARRAY[${ids}])[:k::int]]) \\gset
WITH o AS (SELECT gen_random_uuid() AS oid, now() AS oat),
i0 AS (INSERT INTO "purchase_order" (${cols(orderCols)})
  SELECT ${cols(orderCols, 'p.')} FROM o, jsonb_populate_recordset(NULL::"purchase_order",
    jsonb_build_array(${sqlJson(order)}::jsonb || jsonb_build_object('id', o.oid,
      'purchase_order_number', ${po}, 'order_date', o.oat, 'last_modified_at', o.oat))) p),
i1 AS (INSERT INTO "order_line_item" (${cols(lineCols)})
  SELECT ${cols(lineCols, 'l.')} FROM o, jsonb_populate_recordset(NULL::"order_line_item",
    jsonb_build_array(${sqlJson(line)}::jsonb || jsonb_build_object('order_id', o.oid,
      'recipe_set_id', :rs::uuid, 'last_modified_at', o.oat))) l)
INSERT INTO "print_file_request" ("client_id", "order_id", "recipe_set_id", "priority")
  SELECT f."client_id", f."order_id", f."recipe_set_id", f."priority" FROM o,
    jsonb_populate_recordset(NULL::"print_file_request", jsonb_build_array(jsonb_build_object(
      'client_id', '${clientId}', 'order_id', o.oid, 'recipe_set_id', :rs::uuid, 'priority', 2))) f
  ON CONFLICT DO NOTHING;
UPDATE recipe_set r SET status = 'Ordered', last_modified_at = now()
  FROM (SELECT id, status FROM recipe_set WHERE id = ANY(ARRAY[:rs::uuid]) ORDER BY id FOR NO KEY UPDATE) AS before
  WHERE r.id = before.id
  RETURNING r.id, r.version, r.readable_id AS "readableId", r.client_id AS "clientId", before.status AS "previousStatus";
INSERT INTO pgboss.job (id, name, data, priority, start_after, singleton_key, singleton_on, dead_letter,
    expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy)
  SELECT gen_random_uuid(), j.name, j.data, j.priority, now(), j.key, NULL, q.dead_letter,
    COALESCE(q.expire_seconds * interval '1s', interval '15 minutes'),
    now() + CAST(COALESCE((q.retention_minutes * 60)::text, '14 days') AS interval),
    COALESCE(q.retry_limit, 2), GREATEST(COALESCE(q.retry_delay, 0), 1), COALESCE(q.retry_backoff, false), q.policy
  FROM (SELECT 'print-files'::text AS name, jsonb_build_object('recipeSetId', :rs::uuid, 'designVersion', 1) AS data,
               2 AS priority, :rs::text || ':1' AS key) j
  JOIN pgboss.queue q ON j.name = q.name
  ON CONFLICT DO NOTHING;
UPDATE pgboss.job j SET priority = v.priority
  FROM unnest(ARRAY[:rs::text || ':1'], ARRAY[2]) AS v(key, priority)
  WHERE j.name = 'print-files' AND j.singleton_key = v.key AND j.state IN ('created', 'retry')
    AND j.priority < v.priority;
WITH v AS (
  SELECT * FROM unnest(ARRAY[gen_random_uuid()], ARRAY['evt_' || md5(random()::text)], ARRAY['${clientId}'::uuid],
                       ARRAY['order.acknowledged'], ARRAY[${po}], ARRAY['po:' || ${po}],
                       ARRAY[${envelope('order.acknowledged')}], ARRAY[0])
    WITH ORDINALITY AS v(id, public_id, client_id, type, po, ordering_key, envelope, later, n)
), s AS (
  INSERT INTO event_sequence (client_id, purchase_order_number, last_sequence)
  SELECT client_id, po, count(*) FROM v WHERE po IS NOT NULL GROUP BY client_id, po ORDER BY client_id, po
  ON CONFLICT (client_id, purchase_order_number)
  DO UPDATE SET last_sequence = event_sequence.last_sequence + excluded.last_sequence
  RETURNING client_id, purchase_order_number AS po, last_sequence AS last
), e AS (
  INSERT INTO event (id, public_id, client_id, position, txid, type, purchase_order_number, ordering_key, envelope, created_at)
  SELECT v.id, v.public_id, v.client_id, nextval('event_position_seq'), pg_current_xact_id()::text::bigint, v.type, v.po,
         v.ordering_key, CASE WHEN s.last IS NULL THEN v.envelope
                              ELSE jsonb_set(v.envelope, '{data,sequence}', to_jsonb(s.last - v.later)) END, now()
    FROM v LEFT JOIN s ON s.client_id = v.client_id AND s.po = v.po ORDER BY v.n
  RETURNING id, position
), f AS (INSERT INTO event_fanout (position, event_id) SELECT position, id FROM e)
SELECT id, position::text AS position FROM e;
COMMIT;
`;
}
