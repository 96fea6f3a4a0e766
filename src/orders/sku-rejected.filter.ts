import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import { Response } from 'express';
import { SkuRejected } from './orders.errors';

/**
 * The acknowledgement routes answer SKUs the `strict` policy refused with 422 and the
 * acknowledgement results (one per order of a batch), each recipe set's status `success: false`
 * with its reason, instead of the usual error text: the spec's shape for per-recipe-set outcomes,
 * with a status no partner takes for success (they treat any 2xx as one).
 */
@Catch(SkuRejected)
export class SkuRejectedFilter implements ExceptionFilter {
  catch(error: SkuRejected, host: ArgumentsHost): void {
    host
      .switchToHttp()
      .getResponse<Response>()
      .status(422)
      .json(error.batch ? error.results : error.results[0]);
  }
}
