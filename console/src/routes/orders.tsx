import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import {
  Cell,
  Column,
  Input,
  Label,
  Row,
  SearchField,
  Table,
  TableBody,
  TableHeader,
  type SortDescriptor,
} from 'react-aria-components';
import { api, data } from '../api/client';
import { ChoiceField } from '../components/choice-field';
import { DateField } from '../components/date-field';
import { Empty, ErrorNotice, Loading } from '../components/notices';
import { formatCount, formatDate, formatDateTime, statusLabel } from '../components/format';
import { ordersFilters, STATUSES, type OrdersSearch, type Sort } from './orders-search';

const route = getRouteApi('/signed-in/orders');
const PAGE = 25;
const SHIPPED = [
  ['true', 'Shipped'],
  ['false', 'Not shipped'],
] as const;

/** Columns the API sorts by, and the sort each means. */
const SORTABLE: Record<string, [Sort, Sort]> = {
  purchaseOrderNumber: ['purchaseOrderNumber', '-purchaseOrderNumber'],
  orderDate: ['orderDate', '-orderDate'],
  lastModification: ['lastModified', '-lastModified'],
};

function sortDescriptor(sort: Sort = '-orderDate'): SortDescriptor {
  for (const [column, [ascending, descending]] of Object.entries(SORTABLE)) {
    if (sort === ascending) return { column, direction: 'ascending' };
    if (sort === descending) return { column, direction: 'descending' };
  }
  return { column: 'orderDate', direction: 'descending' };
}

/** The account's orders: counts per status, filters, a sortable page, the next page by cursor. */
export function OrdersPage() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/orders' });
  const filters = ordersFilters(search);
  /** A new filter or sort starts again at the first page. */
  const refine = (change: Partial<OrdersSearch>) =>
    navigate({ search: (prev) => ({ ...prev, ...change, cursor: undefined }) });

  const counts = useQuery({
    queryKey: ['orders', 'counts', filters],
    queryFn: async () =>
      data(await api.GET('/api/orders/status-counts', { params: { query: filters } })),
  });
  const page = useQuery({
    queryKey: ['orders', 'page', filters, search.status, search.sort, search.cursor],
    queryFn: async () =>
      data(
        await api.GET('/api/orders', {
          params: {
            query: {
              ...filters,
              status: search.status ? [search.status] : undefined,
              sort: search.sort,
              cursor: search.cursor,
              limit: PAGE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <h1 id="orders-heading">Orders</h1>
      <nav aria-label="Orders by status" className="counts">
        {counts.isPending && <Loading what="counts" />}
        {counts.error && <ErrorNotice error={counts.error} />}
        {counts.data && (
          <ul>
            <li>
              <Link
                to="/orders"
                search={{ ...search, status: undefined, cursor: undefined }}
                aria-current={!search.status ? 'true' : undefined}
              >
                All <span className="count">{formatCount(counts.data.total)}</span>
              </Link>
            </li>
            {STATUSES.filter((s) => counts.data.counts[s]).map((s) => (
              <li key={s}>
                <Link
                  to="/orders"
                  search={{ ...search, status: s, cursor: undefined }}
                  aria-current={search.status === s ? 'true' : undefined}
                >
                  {statusLabel(s)}{' '}
                  <span className="count">{formatCount(counts.data.counts[s] ?? 0)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </nav>
      <Filters search={search} refine={refine} />
      {page.error && <ErrorNotice error={page.error} />}
      {page.isPending && <Loading what="orders" />}
      {page.data && (
        <>
          <Table
            aria-labelledby="orders-heading"
            className="table"
            sortDescriptor={sortDescriptor(search.sort)}
            onSortChange={({ column, direction }) => {
              const pair = SORTABLE[String(column)];
              if (pair) void refine({ sort: direction === 'ascending' ? pair[0] : pair[1] });
            }}
          >
            <TableHeader>
              <Column id="purchaseOrderNumber" isRowHeader allowsSorting>
                Purchase order
              </Column>
              <Column id="orderDate" allowsSorting>
                Ordered
              </Column>
              <Column id="lastModification" allowsSorting>
                Last change
              </Column>
              <Column id="statuses">Status</Column>
              <Column id="items">Items</Column>
              <Column id="shipped">Shipped</Column>
            </TableHeader>
            <TableBody
              items={page.data.data}
              renderEmptyState={() => <Empty>No orders match these filters.</Empty>}
            >
              {(order) => (
                <Row id={order.purchaseOrderNumber}>
                  <Cell>
                    <Link
                      to="/orders/$purchaseOrderNumber"
                      params={{ purchaseOrderNumber: order.purchaseOrderNumber }}
                    >
                      {order.purchaseOrderNumber}
                    </Link>
                  </Cell>
                  <Cell>{formatDate(order.orderDateTime)}</Cell>
                  <Cell>{formatDateTime(order.lastModification)}</Cell>
                  <Cell>{order.workflowStatuses.map(statusLabel).join(', ')}</Cell>
                  <Cell>
                    {formatCount(order.lineItemCount)} ({formatCount(order.totalQuantity)} pcs)
                  </Cell>
                  <Cell>{order.shipped ? 'Yes' : 'No'}</Cell>
                </Row>
              )}
            </TableBody>
          </Table>
          <nav aria-label="Pages" className="pager">
            {search.cursor && (
              <Link to="/orders" search={{ ...search, cursor: undefined }}>
                First page
              </Link>
            )}
            {page.data.nextCursor && (
              <Link to="/orders" search={{ ...search, cursor: page.data.nextCursor ?? undefined }}>
                Next page
              </Link>
            )}
          </nav>
        </>
      )}
    </>
  );
}

function Filters({
  search,
  refine,
}: {
  search: OrdersSearch;
  refine: (c: Partial<OrdersSearch>) => unknown;
}) {
  return (
    <form
      className="filters"
      role="search"
      aria-label="Filter the orders"
      onSubmit={(e) => e.preventDefault()}
    >
      <ChoiceField
        label="Status"
        anyLabel="Any status"
        options={STATUSES.map((s) => [s, statusLabel(s)] as const)}
        value={search.status}
        onChange={(status) => refine({ status })}
      />
      <ChoiceField
        label="Shipped"
        anyLabel="Shipped or not"
        options={SHIPPED}
        value={search.shipped}
        onChange={(shipped) => refine({ shipped })}
      />
      <DateField
        label="Ordered from"
        value={search.orderedFrom}
        onChange={(v) => refine({ orderedFrom: v })}
      />
      <DateField
        label="Ordered until"
        value={search.orderedTo}
        onChange={(v) => refine({ orderedTo: v })}
      />
      <SearchField
        defaultValue={search.purchaseOrderNumber ?? ''}
        onSubmit={(v) => refine({ purchaseOrderNumber: v || undefined })}
        onClear={() => refine({ purchaseOrderNumber: undefined })}
      >
        <Label>Purchase order number</Label>
        <Input placeholder="Starts with…" />
      </SearchField>
      <SearchField
        defaultValue={search.recipeSet ?? ''}
        onSubmit={(v) => refine({ recipeSet: v || undefined })}
        onClear={() => refine({ recipeSet: undefined })}
      >
        <Label>Recipe set</Label>
        <Input placeholder="e.g. DEMO2345" />
      </SearchField>
    </form>
  );
}
