import { NewEvent } from '../common/events/event-recorder';
import { JobOwner, printFilesJobKey } from '../common/jobs/job-registry';
import type { RecipeSetRecord } from '../recipe-sets';
import { AcknowledgementResultDto } from './dto/acknowledgement.dto';
import type { OrderLine } from './order-input';
import type { NewPrintFileRequest } from './orders.repository';
import type { SkuProblem } from './sku-check';

const PROCESSED = 'Processed Successfully';

/** An order of a request, its lines and each line's SKU problems (in line order). */
export interface CheckedOrder {
  purchaseOrderNumber: string;
  lines: OrderLine[];
  problems: SkuProblem[][];
}

/** Readable ids of the order's recipe sets, each once, in line order. */
function recipeSetsOf(lines: OrderLine[], resolved: ReadonlyMap<string, RecipeSetRecord>) {
  return [...new Set(lines.map((l) => resolved.get(l.ref)!.readableId))];
}

/** The documented success body: one status per recipe set, named by its readable id. */
export function result(
  purchaseOrderNumber: string,
  lines: OrderLine[],
  resolved: ReadonlyMap<string, RecipeSetRecord>,
): AcknowledgementResultDto {
  return {
    purchaseOrderNumber,
    statuses: recipeSetsOf(lines, resolved).map((recipeSetId) => ({
      recipeSetId,
      success: true,
      message: PROCESSED,
    })),
    allSuccessful: true,
  };
}

/**
 * The answer when SKUs refused recipe sets (`strict`): nothing of the request was stored, so every
 * status is `success: false`: a refused recipe set's message names its SKUs and why; the other
 * recipe sets of its order, and of the other orders of a batch, say why they were not stored
 * (an order, and a batch, is stored whole or not at all).
 */
export function refusedResults(
  orders: readonly CheckedOrder[],
  resolved: ReadonlyMap<string, RecipeSetRecord>,
): AcknowledgementResultDto[] {
  const refused = orders.find((o) => o.problems.some((p) => p.length > 0));
  return orders.map(({ purchaseOrderNumber, lines, problems }) => {
    const byRecipeSet = new Map<string, string[]>();
    lines.forEach((line, i) => {
      const id = resolved.get(line.ref)!.readableId;
      const messages = byRecipeSet.get(id) ?? [];
      for (const p of problems[i]) if (!messages.includes(p.message)) messages.push(p.message);
      byRecipeSet.set(id, messages);
    });
    const orderRefused = [...byRecipeSet.values()].some((m) => m.length > 0);
    return {
      purchaseOrderNumber,
      statuses: [...byRecipeSet].map(([recipeSetId, messages]) => ({
        recipeSetId,
        success: false,
        message:
          messages.length > 0
            ? `${messages.join(' ')} Nothing was stored.`
            : orderRefused
              ? 'Not stored: another recipe set of this order was refused, and an order is stored whole or not at all.'
              : `Not stored: purchase order ${refused?.purchaseOrderNumber} of this batch was refused, and a batch is stored whole or not at all.`,
      })),
      allSuccessful: false,
    };
  });
}

/** The most recipe set ids an `order.acknowledged` event lists (it stays under 20 kB). */
const MAX_EVENT_RECIPE_SETS = 500;
/** The most warnings an `order.warning` event lists. */
const MAX_EVENT_WARNINGS = 100;

export function acknowledgedEvent(
  clientId: string,
  purchaseOrderNumber: string,
  lines: OrderLine[],
  resolved: ReadonlyMap<string, RecipeSetRecord>,
): NewEvent {
  const readable = recipeSetsOf(lines, resolved);
  return {
    clientId,
    type: 'order.acknowledged',
    purchaseOrderNumber,
    data: {
      recipeSetReadableIds: readable.slice(0, MAX_EVENT_RECIPE_SETS),
      recipeSetCount: readable.length,
      lineItemCount: lines.length,
    },
  };
}

/**
 * The `order.warning` of an order the `warn` SKU policy accepted with problems, after its
 * `order.acknowledged`; none when it has none.
 */
export function warningEvents(
  clientId: string,
  { purchaseOrderNumber, lines, problems }: CheckedOrder,
  resolved: ReadonlyMap<string, RecipeSetRecord>,
): NewEvent[] {
  const warnings = lines.flatMap((line, position) =>
    problems[position].map((p) => ({
      recipeSetReadableId: resolved.get(line.ref)!.readableId,
      lineItemPosition: position,
      sku: p.sku,
      message: p.message,
    })),
  );
  if (warnings.length === 0) return [];
  return [
    {
      clientId,
      type: 'order.warning',
      purchaseOrderNumber,
      data: { warnings: warnings.slice(0, MAX_EVENT_WARNINGS), warningCount: warnings.length },
    },
  ];
}

/**
 * One print-file job per recipe set (the highest priority of the orders naming it), keyed by its
 * design version: the queue keeps one waiting job per key.
 */
export function printFileJobs(
  due: NewPrintFileRequest[],
  versions: Map<string, number>,
  owner: JobOwner,
) {
  const priority = new Map<string, number>();
  for (const d of due)
    priority.set(d.recipeSetId, Math.max(d.priority, priority.get(d.recipeSetId) ?? 0));
  return [...priority].map(([recipeSetId, p]) => {
    const designVersion = versions.get(recipeSetId)!;
    return {
      data: { recipeSetId, designVersion },
      priority: p,
      singletonKey: printFilesJobKey(recipeSetId, designVersion),
      owner,
    };
  });
}
