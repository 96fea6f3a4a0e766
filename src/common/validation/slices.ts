import { Type as Class } from '@nestjs/common';

/**
 * Validating a large body in one synchronous call would keep the event loop from everything else
 * (health checks, other callers) for as long as it takes: class-transformer and class-validator
 * spend about 10 µs per nested object. So the validation pipe validates the elements of a DTO's
 * nested lists one at a time, and yields to the loop between them (common/scheduling/yield-to-loop.ts).
 */

/**
 * A nested list of a DTO: the class of its elements, its maximum size, and a class holding only the
 * list's own rules (array, size, objects only) on the same property, to check them without the
 * elements' rules.
 */
export interface NestedListRule {
  type: Class;
  max: number;
  listOnly: new () => object;
}

const rules = new WeakMap<object, Map<string, NestedListRule>>();

/** Records a nested list (NestedList does this for every list of objects). */
export const RecordNestedList =
  (type: Class, max: number, listRules: PropertyDecorator[]): PropertyDecorator =>
  (target, property) => {
    const listOnly = class {};
    for (const rule of listRules) rule(listOnly.prototype, property);
    const own = rules.get(target.constructor) ?? new Map<string, NestedListRule>();
    own.set(String(property), { type, max, listOnly });
    rules.set(target.constructor, own);
  };

/** The nested lists of a DTO class, its parent classes' included; undefined when it has none. */
export function nestedListsOf(metatype: Class): Map<string, NestedListRule> | undefined {
  let found: Map<string, NestedListRule> | undefined;
  for (let c: unknown = metatype; typeof c === 'function'; c = Object.getPrototypeOf(c)) {
    const own = rules.get(c);
    if (own) found = new Map([...own, ...(found ?? [])]);
  }
  return found;
}
