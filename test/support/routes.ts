import { NestExpressApplication } from '@nestjs/platform-express';
import type { Application } from 'express';
import { routeLayers } from '../../src/common/http/route-index';

export interface RegisteredRoute {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every route registered on the Express router (Nest controllers and Swagger UI alike). */
export function registeredRoutes(app: NestExpressApplication): RegisteredRoute[] {
  const express = app.getHttpAdapter().getInstance() as Application;
  const routes: RegisteredRoute[] = [];
  for (const layer of routeLayers(express.router) as Layer[]) {
    // Layers bound to every method are middleware mounted by Nest (e.g. the request logger),
    // not routes of the API.
    if (!layer.route || layer.route.methods._all || Object.keys(layer.route.methods).length > 8)
      continue;
    for (const [method, on] of Object.entries(layer.route.methods)) {
      if (on) routes.push({ method: method.toUpperCase(), path: layer.route.path });
    }
  }
  return routes;
}

/** A concrete URL for a route template: each `:param` replaced by a sample value. */
export function samplePath(path: string): string {
  return path
    .replace(/:(\w+)/g, (_, name: string) => `sample-${name}`)
    .replace(/\{\/\*\w+\}|\/\*\w+/g, '/sample');
}
