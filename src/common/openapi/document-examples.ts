import { OpenAPIObject } from '@nestjs/swagger';

/**
 * The examples Swagger UI's "Try it out" fills in, made so that "Execute" works as shown: one
 * table (the owner of the data they name writes it, e.g. the demo's ids) applied to the document
 * after it is built. The committed document is built with a fixed context (it must not change
 * from one day to the next); the served one again on each request with the current date and a
 * new purchase order number, so that windows relative to today and "create once" examples work.
 */
export interface ExampleContext {
  now: Date;
  /** A purchase order number no one used yet (the same in every operation of one document). */
  purchaseOrderNumber: string;
}

export interface OperationExamples {
  /**
   * Parameter examples of this operation (over the table's by-name ones), by name or by
   * `in:name`; null: none.
   */
  parameters?: Record<string, unknown>;
  /** The JSON body's example. */
  body?: unknown;
  /**
   * Which of the body's named examples Swagger UI shows first (it fills in the first), all of them
   * kept: one that executes as shown where the first would not suit the table's data.
   */
  bodyExample?: string;
  /**
   * Answers the example gets that are not a success, each documented among the operation's
   * responses: e.g. 409 when the example runs a second time, 403 for a sandbox helper called
   * with a live token. `why` is added to that response's description.
   */
  outcome?: { statuses: number[]; why: string };
}

export interface DocumentExamples {
  /** Parameter examples by name, in every operation that has the parameter. */
  parameters: Record<string, unknown>;
  /** By operationId. */
  operations: Record<string, OperationExamples>;
}

export type ExamplesTable = (context: ExampleContext) => DocumentExamples;

/** The context of the committed document. */
export const FIXED_EXAMPLE_CONTEXT: ExampleContext = {
  now: new Date('2026-11-01T09:00:00Z'),
  purchaseOrderNumber: 'PO-2026-0042',
};

/** The context of a served document: now, and a purchase order number made of the time. */
export function liveExampleContext(now = new Date()): ExampleContext {
  return { now, purchaseOrderNumber: `PO-${now.getTime().toString(36).toUpperCase()}` };
}

/** The extension that lists an example's documented non-success answers (read by its test). */
export const EXAMPLE_OUTCOME = 'x-example-outcome';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head'] as const;
type Node = Record<string, unknown>;

function resolved(document: OpenAPIObject, node: Node): Node {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  return ref
    .slice(2)
    .split('/')
    .reduce<Node>((at, key) => at[key] as Node, document as unknown as Node);
}

/**
 * Writes the table's examples into the document (in place). A parameter shared through
 * `components/parameters` gets the by-name example; an operation's own examples of it are
 * written into an inline copy, so that they stay its own.
 */
export function applyExamples(document: OpenAPIObject, table: DocumentExamples): void {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as Node | undefined;
      if (!operation) continue;
      const own = table.operations[operation.operationId as string] ?? {};
      const parameters = (operation.parameters ?? []) as Node[];
      operation.parameters = parameters.map((node) => {
        const parameter = resolved(document, node);
        const name = parameter.name as string;
        // `in:name` when two parameters share a name (a path and a query parameter).
        const key = [`${parameter.in as string}:${name}`, name].find(
          (k) => own.parameters && k in own.parameters,
        );
        if (own.parameters && key) {
          // null: no example (the field is left empty).
          const copy: Node = { ...parameter, example: own.parameters[key] };
          if (copy.example === null) delete copy.example;
          delete copy.examples;
          if (
            copy.schema &&
            (copy.schema as Node).example !== undefined &&
            copy.example === undefined
          )
            copy.schema = { ...(copy.schema as Node), example: undefined };
          return copy;
        }
        if (name in table.parameters) {
          parameter.example = table.parameters[name];
          delete parameter.examples;
        }
        return node;
      });
      if (own.body !== undefined) {
        const body = resolved(document, operation.requestBody as Node);
        const json = (body.content as Record<string, Node>)['application/json'];
        if (json) {
          delete json.examples;
          json.example = own.body;
        }
      }
      if (own.bodyExample !== undefined) {
        const body = resolved(document, operation.requestBody as Node);
        const json = (body.content as Record<string, Node>)['application/json'];
        const examples = json?.examples as Record<string, unknown> | undefined;
        if (!examples || !(own.bodyExample in examples))
          throw new Error(
            `${operation.operationId as string}: no body example named ${own.bodyExample}`,
          );
        json.examples = { [own.bodyExample]: examples[own.bodyExample], ...examples };
      }
      if (own.outcome) {
        operation[EXAMPLE_OUTCOME] = own.outcome.statuses;
        const responses = operation.responses as Record<string, Node>;
        for (const status of own.outcome.statuses) {
          const response = responses[String(status)];
          if (!response)
            throw new Error(`${operation.operationId as string}: ${status} is not documented`);
          const note = `The example's answer ${own.outcome.why}.`;
          if (!(response.description as string).includes(note))
            response.description = `${response.description as string} ${note}`;
        }
      }
    }
  }
}
