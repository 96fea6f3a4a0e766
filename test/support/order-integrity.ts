/**
 * Orders that are not whole: without line items, with a `workflow_statuses` summary that does
 * not match their line items, or with a line item whose print-file request is missing. Every
 * write path stores an order with all of these in one transaction, so after any fault or any
 * input this must be empty.
 */
export const HALF_WRITTEN_ORDERS = `
  SELECT o.purchase_order_number FROM purchase_order o
  WHERE NOT EXISTS (SELECT 1 FROM order_line_item li WHERE li.order_id = o.id)
     OR o.workflow_statuses IS DISTINCT FROM
        ARRAY(SELECT DISTINCT li.workflow_status FROM order_line_item li WHERE li.order_id = o.id ORDER BY 1)::varchar[]
     OR EXISTS (SELECT 1 FROM order_line_item li WHERE li.order_id = o.id AND NOT EXISTS (
          SELECT 1 FROM print_file_request p WHERE p.order_id = o.id AND p.recipe_set_id = li.recipe_set_id))`;

/** Idempotency keys without a response: none may exist, a key commits with its response. */
export const UNFINISHED_IDEMPOTENCY_KEYS =
  'SELECT key FROM idempotency_key WHERE response_status IS NULL';
