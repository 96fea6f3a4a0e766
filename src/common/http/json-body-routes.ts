import { Injectable, RequestMethod, Type } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { JsonBodyInterceptor } from './json-body.interceptor';

/** The methods whose routes take a body: their JSON body is read by JsonBodyInterceptor. */
export const BODY_METHODS: ReadonlySet<RequestMethod> = new Set([
  RequestMethod.POST,
  RequestMethod.PUT,
  RequestMethod.PATCH,
  RequestMethod.DELETE,
]);

/**
 * Binds the JSON body reader (JsonBodyInterceptor, one instance) to every route of a method that
 * takes a body, as the first of the route's own interceptors: after the guards (a request its
 * token, role or rate limit refuses is never read) and before the route's interceptors that use
 * the body (Idempotency-Key, line-item limits) and its pipes. Routes of other methods never read
 * a body, and run without an interceptor at all: Nest wraps a handler in observables only when it
 * has one (about a tenth of a small GET's time). Runs when the app is created, before Nest
 * registers the routes (it reads the interceptors then).
 */
@Injectable()
export class JsonBodyRoutes {
  constructor(modules: ModulesContainer, reader: JsonBodyInterceptor) {
    for (const module of modules.values())
      for (const { metatype } of module.controllers.values())
        if (metatype) bindToBodyRoutes(metatype as Type<unknown>, reader);
  }
}

/**
 * Puts `reader` first among the own interceptors of each handler of `controller` (its own methods
 * and those it inherits, as Nest finds routes) whose method takes a body.
 */
export function bindToBodyRoutes(controller: Type<unknown>, reader: JsonBodyInterceptor): void {
  for (const handler of handlers(controller)) {
    const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
    if (method === undefined || !BODY_METHODS.has(method)) continue;
    const own =
      (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[] | undefined) ?? [];
    if (own.some((i) => i === reader || i === JsonBodyInterceptor)) continue;
    Reflect.defineMetadata(INTERCEPTORS_METADATA, [reader, ...own], handler);
  }
}

/** The methods of `controller`'s prototype chain, each once. */
function handlers(controller: Type<unknown>): Set<object> {
  const found = new Set<object>();
  for (
    let prototype = controller.prototype as object | null;
    prototype && prototype !== Object.prototype;
    prototype = Object.getPrototypeOf(prototype) as object | null
  )
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const value = Object.getOwnPropertyDescriptor(prototype, name)?.value as unknown;
      if (name !== 'constructor' && typeof value === 'function') found.add(value);
    }
  return found;
}
