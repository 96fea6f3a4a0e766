import { Injectable, PipeTransform } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ValidationFailed } from '../common/errors/domain-error';
import { yieldToLoop } from '../common/scheduling/yield-to-loop';
import { createValidationPipe } from '../common/validation/validation.pipe';
import { OrderAcknowledgementDto } from './dto/acknowledgement.dto';
import { BatchTooLarge } from './orders.errors';

/**
 * The body of a batch: a non-empty array of at most MAX_BATCH_ORDERS acknowledgements, each
 * validated in turn, letting other work run between them (see slices.ts).
 */
@Injectable()
export class BatchBodyPipe implements PipeTransform<unknown, Promise<OrderAcknowledgementDto[]>> {
  private readonly element = createValidationPipe();

  constructor(private readonly config: AppConfig) {}

  async transform(value: unknown): Promise<OrderAcknowledgementDto[]> {
    if (!Array.isArray(value)) {
      throw new ValidationFailed(
        'Invalid request: the body must be a JSON array of order acknowledgements.',
        [{ field: 'body', message: 'must be an array' }],
      );
    }
    if (value.length === 0) {
      throw new ValidationFailed('Invalid request: the batch is empty.', [
        { field: 'body', message: 'must not be empty' },
      ]);
    }
    if (value.length > this.config.maxBatchOrders)
      throw new BatchTooLarge(value.length, this.config.maxBatchOrders);
    const orders: OrderAcknowledgementDto[] = [];
    for (const [i, item] of value.entries()) {
      await yieldToLoop();
      try {
        orders.push(
          (await this.element.transform(item, {
            type: 'body',
            metatype: OrderAcknowledgementDto,
          })) as OrderAcknowledgementDto,
        );
      } catch (err) {
        if (!(err instanceof ValidationFailed)) throw err;
        const fields = err.fields?.map((f) => ({ field: `[${i}].${f.field}`, message: f.message }));
        throw new ValidationFailed(
          err.message.replace('Invalid request: ', `Invalid request: order [${i}]: `),
          fields,
        );
      }
    }
    return orders;
  }
}
