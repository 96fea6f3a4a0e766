import { Body, Controller, Get, Header, Param, Post } from '@nestjs/common';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { DataSource } from 'typeorm';
import { Actor } from '../../src/common/auth/actor';
import { Authenticated, CurrentActor, Public } from '../../src/common/auth/access.decorators';
import { ClientAccess } from '../../src/common/auth/client-access';

export class EchoDto {
  @IsString()
  name: string;

  @IsInt()
  @Min(1)
  @Max(10)
  count: number;
}

/**
 * Mounted only by tests (never shipped): forces an unexpected error, exercises the object-level
 * helper and validation (also on public routes), and has a route with no access rule to prove
 * the guard denies it.
 */
@Controller('test-only')
export class TestOnlyController {
  constructor(private readonly dataSource: DataSource) {}

  @Get('boom')
  @Authenticated()
  boom(): never {
    throw new Error('simulated failure: connection to 10.0.0.7 refused (secret=hunter2)');
  }

  /** A statement that fails on its parameter: PostgreSQL quotes the value in `detail`/`where`. */
  @Get('sql-boom')
  @Authenticated()
  async sqlBoom(): Promise<never> {
    await this.dataSource.query('SELECT $1::jsonb', ['{"card": hunter2secret}']);
    throw new Error('unreachable');
  }

  /** A statement too long to log whole: 70,000 placeholders, more than PostgreSQL accepts. */
  @Get('huge-sql-boom')
  @Authenticated()
  async hugeSqlBoom(): Promise<never> {
    const values = Array.from({ length: 70_000 }, (_, i) => `ID-${i}`);
    await this.dataSource.query(
      `SELECT 1 WHERE 'x' IN (${values.map((_, i) => `$${i + 1}`).join(', ')})`,
      values,
    );
    throw new Error('unreachable');
  }

  @Get('clients/:clientHandle')
  @Authenticated()
  clientScoped(
    @CurrentActor() actor: Actor,
    @Param('clientHandle') clientHandle: string,
  ): { handle: string } {
    return { handle: ClientAccess.handleInPath(actor, clientHandle) };
  }

  @Post('echo')
  @Authenticated()
  echo(@Body() body: EchoDto): EchoDto {
    return body;
  }

  @Get('public-boom')
  @Public()
  publicBoom(): never {
    throw new Error('simulated failure on a public route');
  }

  @Post('public-echo')
  @Public()
  publicEcho(@Body() body: EchoDto): EchoDto {
    return body;
  }

  @Get('cacheable')
  @Public()
  @Header('Cache-Control', 'public, max-age=60')
  cacheable(): { cacheable: boolean } {
    return { cacheable: true };
  }

  @Get('unclassified')
  unclassified(): string {
    return 'this must never be served';
  }
}
