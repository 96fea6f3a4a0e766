import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import { Request, Response } from 'express';
import { ErrorResponder } from './error-responder';

/** The one exception filter: every error a handler, guard or pipe throws goes through it. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  constructor(private readonly responder: ErrorResponder) {}

  catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    const http = host.switchToHttp();
    return this.responder.respond(
      exception,
      http.getRequest<Request>(),
      http.getResponse<Response>(),
    );
  }
}
