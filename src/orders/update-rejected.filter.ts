import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import { Response } from 'express';
import { UpdateRejected } from './orders.errors';

/**
 * The update routes answer a missing order or line item with 404 and the UpdateResult the error
 * carries (the spec's shape for these routes), instead of the usual error text.
 */
@Catch(UpdateRejected)
export class UpdateRejectedFilter implements ExceptionFilter {
  catch(error: UpdateRejected, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<Response>().status(404).json(error.result);
  }
}
