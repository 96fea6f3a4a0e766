import { ApiExtension, OpenAPIObject } from '@nestjs/swagger';
import type { OperationObject, ParameterObject, ReferenceObject } from '@nestjs/swagger';

/**
 * Another URL form of a documented operation, answered by a route the document cannot list
 * itself (a wildcard, say): the operation's path followed by `suffix` (`/width/{width}`), with
 * the parameters the suffix names; the query parameters in `replaces` are left out of it (they
 * may not be given twice).
 */
export interface PathForm {
  suffix: string;
  operationId: string;
  summary: string;
  parameters: ParameterObject[];
  replaces: string[];
}

const EXTENSION = 'x-path-forms';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Documents the operation's other URL forms (see {@link PathForm}). */
export const ApiPathForms = (forms: PathForm[]): MethodDecorator => ApiExtension(EXTENSION, forms);

/**
 * Adds each path form as an operation of its own, a copy of its operation. Their query
 * parameters, the same in every copy, are described once in `components.parameters` (as
 * `{operationId}.{name}`) and referenced from the copies and from any other operation that has
 * the very same parameter.
 */
export function applyPathForms(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      const extended = operation as unknown as Record<string, unknown> | undefined;
      const forms = extended?.[EXTENSION] as PathForm[] | undefined;
      if (!operation || !forms) continue;
      delete extended![EXTENSION];
      shareQueryParameters(document, operation);
      for (const form of forms) {
        const copy = structuredClone(operation);
        copy.operationId = form.operationId;
        copy.summary = form.summary;
        copy.parameters = [
          ...(copy.parameters ?? []).filter((p) => !replaced(document, p, form.replaces)),
          ...form.parameters,
        ];
        (document.paths[`${path}${form.suffix}`] ??= {})[method] = copy;
      }
    }
  }
}

function replaced(
  document: OpenAPIObject,
  parameter: ParameterObject | ReferenceObject,
  names: string[],
): boolean {
  const resolved =
    '$ref' in parameter
      ? document.components?.parameters?.[parameter.$ref.split('/').pop()!]
      : parameter;
  return (
    !!resolved && !('$ref' in resolved) && resolved.in === 'query' && names.includes(resolved.name)
  );
}

function shareQueryParameters(document: OpenAPIObject, source: OperationObject): void {
  const shared = ((document.components ??= {}).parameters ??= {});
  const refs = new Map<string, ReferenceObject>();
  for (const parameter of source.parameters ?? []) {
    if ('$ref' in parameter || parameter.in !== 'query') continue;
    const key = `${source.operationId}.${parameter.name}`;
    shared[key] = parameter;
    refs.set(JSON.stringify(parameter), { $ref: `#/components/parameters/${key}` });
  }
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation?.parameters) continue;
      operation.parameters = operation.parameters.map((p) => refs.get(JSON.stringify(p)) ?? p);
    }
  }
}
