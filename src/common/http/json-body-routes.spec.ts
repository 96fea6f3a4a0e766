import {
  CallHandler,
  Controller,
  Delete,
  ExecutionContext,
  Get,
  Head,
  NestInterceptor,
  Patch,
  Post,
  Put,
  UseInterceptors,
} from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { Observable } from 'rxjs';
import { bindToBodyRoutes } from './json-body-routes';
import { JsonBodyInterceptor } from './json-body.interceptor';

class Other implements NestInterceptor {
  intercept(_: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle();
  }
}

@Controller('things')
class Things {
  @Get() list(): void {}
  @Head() head(): void {}
  @Post() create(): void {}
  @Put(':id') replace(): void {}
  @Patch(':id') change(): void {}
  @Delete(':id') remove(): void {}
  @Post('idempotent') @UseInterceptors(Other) idempotent(): void {}
  helper(): void {}
}

@Controller('more-things')
class MoreThings extends Things {
  @Post('more') more(): void {}
}

const interceptorsOf = (name: keyof MoreThings): unknown[] | undefined =>
  Reflect.getMetadata(INTERCEPTORS_METADATA, MoreThings.prototype[name]) as unknown[] | undefined;

describe('bindToBodyRoutes', () => {
  const reader = Object.create(JsonBodyInterceptor.prototype) as JsonBodyInterceptor;
  beforeAll(() => bindToBodyRoutes(Things, reader));

  it('binds the body reader to the routes of POST, PUT, PATCH and DELETE only', () => {
    for (const name of ['create', 'replace', 'change', 'remove'] as const)
      expect([name, interceptorsOf(name)]).toEqual([name, [reader]]);
    for (const name of ['list', 'head', 'helper'] as const)
      expect([name, interceptorsOf(name)]).toEqual([name, undefined]);
  });

  it('binds it to the routes a controller inherits too', () => {
    bindToBodyRoutes(MoreThings, reader);
    expect(interceptorsOf('more')).toEqual([reader]);
    expect(interceptorsOf('create')).toEqual([reader]);
    expect(interceptorsOf('list')).toBeUndefined();
  });

  it("puts it before the route's own interceptors, once however often it is bound", () => {
    expect(interceptorsOf('idempotent')).toEqual([reader, Other]);
    bindToBodyRoutes(Things, reader);
    expect(interceptorsOf('idempotent')).toEqual([reader, Other]);
    expect(interceptorsOf('create')).toEqual([reader]);
  });
});
