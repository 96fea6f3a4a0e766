import { Injectable, Logger } from '@nestjs/common';

export interface PrintFilesDue {
  clientId: string;
  orderId: string;
  recipeSetId: string;
  priority: number;
}

/**
 * Told, after an acknowledgement commits, which recipe sets now need print files. The
 * `print_file_request` rows written in the same transaction are the durable record; the
 * web-to-print module provides the scheduler that feeds its queue from them.
 */
export abstract class PrintFileScheduler {
  abstract schedule(due: PrintFilesDue[]): Promise<void>;
}

/** Until a queue is wired in, the requests simply wait in `print_file_request`. */
@Injectable()
export class DeferredPrintFileScheduler extends PrintFileScheduler {
  private readonly logger = new Logger('PrintFiles');

  schedule(due: PrintFilesDue[]): Promise<void> {
    this.logger.debug(
      `${due.length} recipe set(s) due for print files; recorded in print_file_request`,
    );
    return Promise.resolve();
  }
}
