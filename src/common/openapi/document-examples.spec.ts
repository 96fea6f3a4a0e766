import { OpenAPIObject } from '@nestjs/swagger';
import {
  applyExamples,
  EXAMPLE_OUTCOME,
  FIXED_EXAMPLE_CONTEXT,
  liveExampleContext,
} from './document-examples';

function document(): OpenAPIObject {
  return {
    openapi: '3.0.0',
    info: { title: 't', version: '1' },
    paths: {
      '/things/{thingId}': {
        get: {
          operationId: 'getThing',
          parameters: [
            { $ref: '#/components/parameters/thingId' },
            { name: 'flag', in: 'query', schema: { type: 'boolean', example: true } },
          ],
          responses: { '200': { description: 'OK.' }, '404': { description: 'Not found.' } },
        },
      },
      '/things/{flag}': {
        post: {
          operationId: 'makeThing',
          parameters: [
            { $ref: '#/components/parameters/thingId' },
            { name: 'flag', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'flag', in: 'query', schema: { type: 'boolean' } },
          ],
          requestBody: {
            content: {
              'application/json': { schema: {}, examples: { old: { value: { a: 1 } } } },
            },
          },
          responses: { '201': { description: 'Made.' }, '409': { description: 'Taken.' } },
        },
      },
    },
    components: {
      parameters: {
        thingId: { name: 'thingId', in: 'path', required: true, schema: { type: 'string' } },
      },
    },
  };
}

const operation = (d: OpenAPIObject, path: string, method: 'get' | 'post') =>
  d.paths[path][method] as unknown as Record<string, unknown> & {
    parameters: Record<string, unknown>[];
  };

describe('applyExamples', () => {
  it('gives a parameter shared through components its by-name example', () => {
    const d = document();
    applyExamples(d, { parameters: { thingId: 'T1' }, operations: {} });
    expect(d.components!.parameters!.thingId).toMatchObject({ example: 'T1' });
    expect(operation(d, '/things/{thingId}', 'get').parameters[0]).toEqual({
      $ref: '#/components/parameters/thingId',
    });
  });

  it("writes an operation's own example into an inline copy, by name or by in:name; null leaves none", () => {
    const d = document();
    applyExamples(d, {
      parameters: { thingId: 'T1' },
      operations: {
        getThing: { parameters: { thingId: 'T2', flag: null } },
        makeThing: { parameters: { 'path:flag': 'on' } },
      },
    });
    const [own, flag] = operation(d, '/things/{thingId}', 'get').parameters;
    expect(own).toMatchObject({ name: 'thingId', example: 'T2' });
    expect(flag).not.toHaveProperty('example');
    expect((flag.schema as Record<string, unknown>).example).toBeUndefined();
    const made = operation(d, '/things/{flag}', 'post').parameters;
    expect(made[1]).toMatchObject({ in: 'path', example: 'on' });
    expect(made[2]).not.toHaveProperty('example');
    expect(d.components!.parameters!.thingId).toMatchObject({ example: 'T1' });
  });

  it("replaces the JSON body's examples with the table's", () => {
    const d = document();
    applyExamples(d, { parameters: {}, operations: { makeThing: { body: { b: 2 } } } });
    const json = (operation(d, '/things/{flag}', 'post').requestBody as never)['content'][
      'application/json'
    ];
    expect(json).toEqual({ schema: {}, example: { b: 2 } });
  });

  it('shows the named body example first, keeping the others; refuses a name it lacks', () => {
    const d = document();
    const json = (operation(d, '/things/{flag}', 'post').requestBody as never)['content'][
      'application/json'
    ] as { examples: Record<string, unknown> };
    json.examples = { old: { value: { a: 1 } }, other: { value: { a: 2 } } };
    applyExamples(d, { parameters: {}, operations: { makeThing: { bodyExample: 'other' } } });
    expect(Object.keys(json.examples)).toEqual(['other', 'old']);
    expect(json.examples.old).toEqual({ value: { a: 1 } });
    expect(() =>
      applyExamples(document(), {
        parameters: {},
        operations: { makeThing: { bodyExample: 'none' } },
      }),
    ).toThrow('makeThing: no body example named none');
  });

  it('lists the documented non-success answers and says why, once however often applied', () => {
    const d = document();
    const table = {
      parameters: {},
      operations: { makeThing: { outcome: { statuses: [409], why: 'on a second run' } } },
    };
    applyExamples(d, table);
    applyExamples(d, table);
    const made = operation(d, '/things/{flag}', 'post');
    expect(made[EXAMPLE_OUTCOME]).toEqual([409]);
    expect((made.responses as Record<string, { description: string }>)['409'].description).toBe(
      "Taken. The example's answer on a second run.",
    );
  });

  it('refuses an outcome the operation does not document', () => {
    expect(() =>
      applyExamples(document(), {
        parameters: {},
        operations: { getThing: { outcome: { statuses: [403], why: 'never' } } },
      }),
    ).toThrow('getThing: 403 is not documented');
  });
});

describe('example contexts', () => {
  it('are fixed for the committed document and new for each served one', () => {
    expect(FIXED_EXAMPLE_CONTEXT.purchaseOrderNumber).toBe('PO-2026-0042');
    const a = liveExampleContext(new Date('2026-12-03T10:00:00Z'));
    const b = liveExampleContext(new Date('2026-12-03T10:00:01Z'));
    expect(a.purchaseOrderNumber).toMatch(/^PO-[0-9A-Z]+$/);
    expect(a.purchaseOrderNumber).not.toBe(b.purchaseOrderNumber);
  });
});
