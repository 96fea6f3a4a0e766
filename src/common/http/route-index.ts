import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Application, NextFunction, Request, Response } from 'express';
import { Router, type Router as ExpressRouter } from 'express';

/**
 * Routing by path prefix in front of Express's router.
 *
 * Express tries every registered layer in turn, one regular expression each, until one matches:
 * with about 120 routes, a request for the last-registered one pays about 120 matches before its
 * own work. This index sorts the layers, once, by the first {@link DEPTH} literal segments of
 * their paths. A request goes to the one group its own first segments name, which holds every
 * layer that could match it (those with those segments, and those whose path starts with a
 * parameter or a wildcard sooner), in their registered order. Express still matches each layer of
 * the group itself, so which handler answers, with which parameters, is exactly what it was; only
 * layers that could not match are skipped.
 *
 * Each group is an Express router holding the original layer objects, called as a middleware (not
 * mounted, so `req.url` and `req.baseUrl` are left alone). The layers from the first route to the
 * end are indexed, the not-found and error handlers included, so that a group never finishes
 * without them (an unanswered OPTIONS request is answered by them, as before).
 */

/** How many leading literal segments key a group (as requestKeys reads a request's path). */
const DEPTH = 2;

/** The parts of Express's router this uses: its layers, in order. */
export interface IndexedLayer {
  route?: unknown;
  /** The path (or paths) the layer was registered with (router ≥ 2.2). */
  rawPath?: unknown;
}
interface LayerStack {
  stack: IndexedLayer[];
}

/** Characters that make a path segment more than a literal (path-to-regexp 8 syntax). */
const NOT_LITERAL = /[^A-Za-z0-9._~-]/;

/**
 * The leading literal segments of a layer's path (up to DEPTH), lower-cased unless routing is
 * case-sensitive; [] for a layer that could match any path (a parameter, a wildcard or an
 * optional part first, several paths, a regular expression, or a path of non-ASCII characters,
 * which case-insensitive matching may fold differently).
 */
export function literalPrefix(rawPath: unknown, caseSensitive: boolean): string[] {
  if (typeof rawPath !== 'string' || !rawPath.startsWith('/')) return [];
  const prefix: string[] = [];
  for (const segment of rawPath.slice(1).split('/')) {
    if (prefix.length === DEPTH || segment === '' || NOT_LITERAL.test(segment)) break;
    prefix.push(caseSensitive ? segment : segment.toLowerCase());
  }
  return prefix;
}

/**
 * The keys of a request path's groups, as {@link literalPrefix} reads segments: its first segment
 * and, if it has a second, its first two joined by '/'.
 */
function requestKeys(path: string, caseSensitive: boolean): { one: string; two?: string } {
  const p = caseSensitive ? path : path.toLowerCase();
  const first = p.indexOf('/', 1);
  if (first === -1) return { one: p.slice(1) };
  const second = p.indexOf('/', first + 1);
  return { one: p.slice(1, first), two: p.slice(1, second === -1 ? p.length : second) };
}

/** Whether `key` starts with every segment of `prefix`. */
function startsWith(key: string[], prefix: string[]): boolean {
  return prefix.length <= key.length && prefix.every((segment, i) => key[i] === segment);
}

/** The groups, by the request key joined with '/'. */
export interface RouteIndex {
  /** Groups by key: one-segment keys for the first level, two-segment keys below. */
  groups: Map<string, IndexedLayer[]>;
  /** The layers every request may reach (paths with no literal first segment). */
  anyPath: IndexedLayer[];
}

/** Sorts `layers` into groups: one per distinct literal prefix, each in registered order. */
export function buildRouteIndex(layers: IndexedLayer[], caseSensitive: boolean): RouteIndex {
  const prefixes = layers.map((layer) => literalPrefix(layer.rawPath, caseSensitive));
  const keys = new Set<string>();
  for (const prefix of prefixes) {
    for (let n = 1; n <= prefix.length; n++) keys.add(prefix.slice(0, n).join('/'));
  }
  // A group holds the layers whose whole prefix its key starts with. A one-segment key also serves
  // requests whose second segment has no group: no layer has that second segment as a literal.
  const groups = new Map<string, IndexedLayer[]>();
  for (const key of keys) {
    const segments = key.split('/');
    groups.set(
      key,
      layers.filter((_, i) => startsWith(segments, prefixes[i])),
    );
  }
  return { groups, anyPath: layers.filter((_, i) => prefixes[i].length === 0) };
}

/** The layers each dispatching middleware indexes, in registered order. */
const INDEXED = new WeakMap<object, IndexedLayer[]>();

/**
 * Replaces the layers of `router` from its first route to its end with one middleware that hands
 * each request to its group. Call it once every route, the not-found handler and the error
 * handler are registered.
 */
export function indexRoutes(router: ExpressRouter, caseSensitive: boolean): void {
  const stack = (router as unknown as LayerStack).stack;
  const first = stack.findIndex((layer) => layer.route !== undefined);
  if (first === -1) return;
  const index = buildRouteIndex(stack.slice(first), caseSensitive);
  const toRouter = (group: IndexedLayer[]): ExpressRouter => {
    const groupRouter = Router({ caseSensitive });
    (groupRouter as unknown as LayerStack).stack = group;
    return groupRouter;
  };
  const routers = new Map([...index.groups].map(([key, group]) => [key, toRouter(group)]));
  const anyPath = toRouter(index.anyPath);
  const dispatch = (req: Request, res: Response, next: NextFunction): void => {
    const { one, two } = requestKeys(req.path, caseSensitive);
    const group = (two !== undefined ? routers.get(two) : undefined) ?? routers.get(one) ?? anyPath;
    group(req, res, next);
  };
  INDEXED.set(dispatch, stack.slice(first));
  stack.length = first;
  router.use(dispatch);
}

/** Every layer of `router` in registered order, those it indexes included (for introspection). */
export function routeLayers(router: ExpressRouter): IndexedLayer[] {
  return (router as unknown as LayerStack).stack.flatMap((layer) => {
    const handle = (layer as { handle?: object }).handle;
    return (handle && INDEXED.get(handle)) ?? [layer];
  });
}

/**
 * Indexes the Express app's routes once Nest has registered them all (its not-found and error
 * handlers are registered after the init hooks and before the bootstrap hooks).
 */
@Injectable()
export class RouteIndexInstaller implements OnApplicationBootstrap {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onApplicationBootstrap(): void {
    const app = this.adapterHost.httpAdapter?.getInstance<Application>();
    if (!app?.router) return;
    indexRoutes(app.router, app.enabled('case sensitive routing'));
  }
}
