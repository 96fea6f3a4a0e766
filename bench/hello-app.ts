/**
 * The ceiling of the benchmark: a bare NestJS app on the same Express adapter, with one route
 * (`GET /` → "Hello World!") and nothing else (no middleware, no guard, no database, no logging).
 * Every route of the API is reported as a ratio to its requests/s in the same run, which is what
 * stays comparable across machines and busy periods. For routes whose answers are large, a second
 * route sends a body of a given size (`GET /bytes/{n}`, JSON, made once per size): the ceiling for
 * writing that many bytes. Started by the benchmark as its own process:
 *
 *   PORT=3999 node dist/bench/hello-app.js
 */
import 'reflect-metadata';
import { Controller, Get, Module, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { NestFactory } from '@nestjs/core';

const bodies = new Map<number, Buffer>();

/** A JSON document (an empty array padded with blanks) of `size` bytes, at most 16 MiB. */
function bodyOf(size: number): Buffer {
  const n = Math.min(Math.max(2, Math.floor(size) || 2), 16 * 2 ** 20);
  let body = bodies.get(n);
  if (!body) {
    // `[`, blanks, `]`: valid JSON of exactly n bytes.
    body = Buffer.alloc(n, ' ');
    body[0] = 0x5b;
    body[n - 1] = 0x5d;
    bodies.set(n, body);
  }
  return body;
}

@Controller()
class HelloController {
  @Get()
  hello(): string {
    return 'Hello World!';
  }

  /** Written as it is (a Buffer returned from a handler would be sent as JSON of its bytes). */
  @Get('bytes/:size')
  bytes(@Param('size') size: string, @Res() res: Response): void {
    const body = bodyOf(Number(size));
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', body.length);
    res.end(body);
  }
}

@Module({ controllers: [HelloController] })
class HelloModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create(HelloModule, { logger: false });
  app.enableShutdownHooks();
  await app.listen(Number(process.env.PORT ?? 3999), '127.0.0.1');
}

void main();
