import { ApiProperty } from '@nestjs/swagger';
import { WORKFLOW_STATUSES, WorkflowStatus } from '../order.enums';

/**
 * An order as the orders list shows it: no personal data and no line items, only what a table of
 * orders needs. Field names are those of PurchaseOrder where it has the field.
 */
export class OrderSummaryDto {
  @ApiProperty({ example: 'PO-2026-0042' })
  purchaseOrderNumber: string;

  @ApiProperty({ type: String, format: 'date-time', example: '2026-03-30T08:00:00.000Z' })
  orderDateTime: string;

  @ApiProperty({
    type: String,
    format: 'date-time',
    example: '2026-03-31T14:05:00.000Z',
    description: 'The last change of the order or one of its line items.',
  })
  lastModification: string;

  @ApiProperty({
    enum: WorkflowStatus,
    isArray: true,
    example: ['not-started', 'in-progress'],
    description: 'The workflow statuses of its line items, each once, in workflow order.',
  })
  workflowStatuses: WorkflowStatus[];

  @ApiProperty({ type: 'integer', format: 'int32', example: 2 })
  lineItemCount: number;

  @ApiProperty({
    type: 'integer',
    example: 5,
    description: 'The sum of its line items’ quantities.',
  })
  totalQuantity: number;

  @ApiProperty({
    example: false,
    description: 'Whether a tracking number is recorded on one of its line items.',
  })
  shipped: boolean;

  @ApiProperty({
    type: [String],
    example: ['DEMTEE2A', 'DEMTEE2B'],
    description:
      'The readable ids of the recipe sets of its line items, each once, in line item order.',
  })
  recipeSetIds: string[];
}

export class OrderListPageDto {
  @ApiProperty({ type: [OrderSummaryDto], description: 'The page, in the order `sort` asks.' })
  data: OrderSummaryDto[];

  @ApiProperty({
    type: String,
    nullable: true,
    example:
      'eyJ2IjoxLCJzIjoiLW9yZGVyRGF0ZSIsImYiOiJYbjRHSHBQVjdxZGJXNWJ0IiwiayI6IjIwMjYtMDMtMzBUMDg6MDA6MDAuMDAwMDAwWiIsImkiOiI2YzFkMGYwZS0yZjRiLTRmMzktOWIzOC0zZDhkMmIwYzhhMTEifQ',
    description:
      'The `cursor` of the next page (with the same sort and filters); null on the last page. Opaque: pass it as given.',
  })
  nextCursor: string | null;
}

const COUNTS_EXAMPLE: Record<string, number> = {
  'not-started': 12,
  'in-progress': 4,
  completed: 3,
};

/** One count per workflow status, every status present (0 for none). */
export class WorkflowStatusCountsDto {}
// A property per status, written from the enumeration so that a new status is counted too.
for (const status of WORKFLOW_STATUSES)
  ApiProperty({ type: 'integer', minimum: 0, example: COUNTS_EXAMPLE[status] ?? 0 })(
    WorkflowStatusCountsDto.prototype,
    status,
  );

export class OrderStatusCountsDto {
  @ApiProperty({
    type: WorkflowStatusCountsDto,
    description:
      'For every workflow status, the orders with at least one line item in it: an order with line items in two statuses counts under both, so these may add up to more than total.',
  })
  counts: WorkflowStatusCountsDto;

  @ApiProperty({
    type: 'integer',
    example: 17,
    description: 'The orders that match, each counted once.',
  })
  total: number;
}
