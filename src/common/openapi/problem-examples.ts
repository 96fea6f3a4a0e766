import { STATUS_CODES } from 'node:http';
import { OpenAPIObject } from '@nestjs/swagger';
import { PROBLEM_JSON } from '../errors/problem-details';

/** The codes of the answers every operation can give (addCommonErrors in openapi.ts). */
const COMMON_CODES: Record<number, string> = {
  500: 'INTERNAL_ERROR',
  503: 'DATABASE_UNAVAILABLE',
};

const METHODS = ['get', 'head', 'put', 'post', 'delete', 'patch'] as const;

interface MediaType {
  schema?: { example?: unknown };
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

/**
 * Gives each ProblemDetails answer that has no example of its own one of its status: without it,
 * Swagger UI, Prism's mock and other tools build the example from the schema's property examples,
 * whose `status` is 500 (a 503 then read `"status": 500`). The example's `title` is the status'
 * reason phrase and its `detail` the text/plain example of the same answer, else its description.
 */
export function applyProblemExamples(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const responses = item[method]?.responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        const content = (response && 'content' in response ? response.content : undefined) as
          Record<string, MediaType> | undefined;
        const problem = content?.[PROBLEM_JSON];
        const code = Number(status);
        if (!problem || problem.example !== undefined || problem.examples || !(code >= 400))
          continue;
        const text = content?.['text/plain']?.schema?.example;
        // Copies: content objects are shared between operations (addCommonErrors).
        (response as { content: Record<string, MediaType> }).content = {
          ...content,
          [PROBLEM_JSON]: {
            ...problem,
            example: problemExample(
              code,
              typeof text === 'string' ? text : (response as { description: string }).description,
            ),
          },
        };
      }
    }
  }
}

/** A ProblemDetails example of `status` saying `detail`. */
export function problemExample(status: number, detail: string): Record<string, unknown> {
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...(COMMON_CODES[status] ? { code: COMMON_CODES[status] } : {}),
  };
}

/**
 * Every example of an error answer in `document` whose `status` is not the answer's code, as
 * `"<method> <path> <code> <media type>: status <value>"`.
 */
export function mismatchedExampleStatuses(document: OpenAPIObject): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const responses = item[method]?.responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        if (!(Number(status) >= 400)) continue;
        const content = (response && 'content' in response ? response.content : undefined) as
          Record<string, MediaType> | undefined;
        for (const [mediaType, media] of Object.entries(content ?? {})) {
          const values = [
            media.example,
            media.schema?.example,
            ...Object.values(media.examples ?? {}).map((e) => e.value),
          ];
          for (const value of values) {
            if (!value || typeof value !== 'object' || !('status' in value)) continue;
            const said = value.status;
            if (String(said) !== status)
              out.push(
                `${method.toUpperCase()} ${path} ${status} ${mediaType}: status ${String(said)}`,
              );
          }
        }
      }
    }
  }
  return out;
}
