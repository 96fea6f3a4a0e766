import { OpenAPIObject } from '@nestjs/swagger';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyProblemExamples, mismatchedExampleStatuses } from './problem-examples';

const PROBLEM = { schema: { $ref: '#/components/schemas/ProblemDetails' } };

function document(responses: Record<string, unknown>): OpenAPIObject {
  return {
    openapi: '3.0.0',
    info: { title: 't', version: '1' },
    paths: { '/x': { get: { responses } } },
  } as unknown as OpenAPIObject;
}

describe('applyProblemExamples', () => {
  it('gives each ProblemDetails answer an example of its own status', () => {
    const doc = document({
      '404': {
        description: 'Not there.',
        content: {
          'text/plain': { schema: { type: 'string', example: 'Recipe set X was not found.' } },
          'application/problem+json': structuredClone(PROBLEM),
        },
      },
      '503': {
        description: 'The database is unavailable; retry later (Retry-After).',
        content: { 'application/problem+json': structuredClone(PROBLEM) },
      },
    });
    applyProblemExamples(doc);
    const responses = doc.paths['/x'].get!.responses as Record<
      string,
      { content: Record<string, { example?: unknown }> }
    >;
    expect(responses['404'].content['application/problem+json'].example).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'Recipe set X was not found.',
    });
    expect(responses['503'].content['application/problem+json'].example).toEqual({
      type: 'about:blank',
      title: 'Service Unavailable',
      status: 503,
      detail: 'The database is unavailable; retry later (Retry-After).',
      code: 'DATABASE_UNAVAILABLE',
    });
    expect(mismatchedExampleStatuses(doc)).toEqual([]);
  });

  it('keeps an example given, and reports one whose status is not its code', () => {
    const example = { type: 'about:blank', title: 'Internal Server Error', status: 500 };
    const doc = document({
      '503': {
        description: 'Busy.',
        content: { 'application/problem+json': { ...PROBLEM, example } },
      },
      '200': { description: 'OK', content: { 'application/json': { example: { status: 'OK' } } } },
    });
    applyProblemExamples(doc);
    expect(mismatchedExampleStatuses(doc)).toEqual([
      'GET /x 503 application/problem+json: status 500',
    ]);
  });
});

describe('the committed openapi.json', () => {
  const doc = JSON.parse(
    readFileSync(join(__dirname, '..', '..', '..', 'openapi.json'), 'utf8'),
  ) as OpenAPIObject;

  it("has no error example whose status is not its answer's code", () => {
    expect(mismatchedExampleStatuses(doc)).toEqual([]);
  });

  it('has an example on every ProblemDetails answer (none left to be built from the schema)', () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(item))
        for (const [status, response] of Object.entries(
          (operation as { responses?: Record<string, { content?: Record<string, object> }> })
            .responses ?? {},
        )) {
          const problem = response.content?.['application/problem+json'];
          if (problem && !('example' in problem) && !('examples' in problem))
            missing.push(`${method} ${path} ${status}`);
        }
    expect(missing).toEqual([]);
  });
});
