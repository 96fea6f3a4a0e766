/**
 * The ceiling of the benchmark: a bare NestJS app on the same Express adapter, with one route
 * (`GET /` → "Hello World!") and nothing else (no middleware, no guard, no database, no logging).
 * Every route of the API is reported as a ratio to its requests/s in the same run, which is what
 * stays comparable across machines and busy periods. Started by the benchmark as its own process:
 *
 *   PORT=3999 node dist/bench/hello-app.js
 */
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

@Controller()
class HelloController {
  @Get()
  hello(): string {
    return 'Hello World!';
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
