import { applyDecorators } from '@nestjs/common';
import { ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { PROBLEM_JSON, ProblemDetails } from '../errors/problem-details';

/**
 * Documents an error answer: `text/plain` by default, ProblemDetails for clients that send
 * `Accept: application/problem+json` (docs/design.md §4).
 */
export function ApiTextError(
  status: number,
  description: string,
  example?: string,
): MethodDecorator {
  return applyDecorators(
    ApiResponse({
      status,
      description,
      content: {
        'text/plain': { schema: { type: 'string', ...(example ? { example } : {}) } },
        [PROBLEM_JSON]: { schema: { $ref: getSchemaPath(ProblemDetails) } },
      },
    }),
  );
}
