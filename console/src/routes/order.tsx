import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { api, data, type Schemas } from '../api/client';
import { formatCount, formatDateTime, statusLabel } from '../components/format';
import { ErrorNotice, Loading } from '../components/notices';
import { RecipeSetPanel } from './recipe-set-panel';

const route = getRouteApi('/signed-in/orders/$purchaseOrderNumber');

type LineItem = Schemas['LineItemDto'];

/** A line item's SKUs with their quantities: its sku-quantity pairs, or its one SKU. */
function skusOf(item: LineItem): { sku: string; quantity: number }[] {
  if (item.skuQuantities && item.skuQuantities.length > 0)
    return item.skuQuantities.map((q) => ({ sku: q.sku ?? '—', quantity: Number(q.quantity) }));
  return item.sku ? [{ sku: item.sku, quantity: item.quantity ?? 0 }] : [];
}

/** One order: what was ordered, where each line item stands, and each recipe set's production. */
export function OrderPage() {
  const { purchaseOrderNumber } = route.useParams();
  const order = useQuery({
    queryKey: ['order', purchaseOrderNumber],
    queryFn: async () =>
      data(
        await api.GET('/api/order/order-number/{purchaseOrderNumber}', {
          params: { path: { purchaseOrderNumber } },
        }),
      ),
  });

  if (order.isPending) return <Loading what={`order ${purchaseOrderNumber}`} />;
  if (order.error)
    return (
      <>
        <h1>Order {purchaseOrderNumber}</h1>
        <ErrorNotice error={order.error} />
        <Link to="/orders">Back to the orders</Link>
      </>
    );
  const o = order.data;
  const recipeSets = [
    ...new Set(o.lineItems.map((i) => i.recipeSetId).filter(Boolean)),
  ] as string[];
  return (
    <>
      <Link to="/orders" className="back">
        ← Orders
      </Link>
      <h1>Order {o.purchaseOrderNumber}</h1>
      <dl className="facts">
        <dt>Ordered</dt>
        <dd>{formatDateTime(o.orderDateTime)}</dd>
        <dt>Last change</dt>
        <dd>{formatDateTime(o.lastModification)}</dd>
        {o.orderReference && (
          <>
            <dt>Reference</dt>
            <dd>{o.orderReference}</dd>
          </>
        )}
        {o.fulfillmentType && (
          <>
            <dt>Fulfilment</dt>
            <dd>{o.fulfillmentType}</dd>
          </>
        )}
      </dl>
      <h2>Line items</h2>
      <Table aria-label="Line items" className="table">
        <TableHeader>
          <Column isRowHeader>SKU</Column>
          <Column>Quantity</Column>
          <Column>Recipe set</Column>
          <Column>Status</Column>
          <Column>Shipment</Column>
        </TableHeader>
        <TableBody items={o.lineItems.map((item, i) => ({ ...item, key: item.id ?? i }))}>
          {(item: LineItem & { key: number }) => (
            <Row id={item.key}>
              <Cell>
                {skusOf(item).map(({ sku }) => (
                  <code key={sku} className="sku">
                    {sku}
                  </code>
                ))}
              </Cell>
              <Cell>
                {skusOf(item)
                  .map(({ quantity }) => formatCount(quantity))
                  .join(' + ') || '—'}
              </Cell>
              <Cell>
                {item.recipeSetId ? (
                  <a href={`#rs-${item.recipeSetId}`}>{item.recipeSetId}</a>
                ) : (
                  '—'
                )}
              </Cell>
              <Cell>{item.workflowStatus ? statusLabel(item.workflowStatus) : '—'}</Cell>
              <Cell>
                {item.shipmentTracking
                  ? `${item.shipmentVendor ?? ''} ${item.shipmentTracking}`.trim()
                  : 'Not shipped'}
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {recipeSets.map((id) => (
        <RecipeSetPanel key={id} readableId={id} />
      ))}
    </>
  );
}
