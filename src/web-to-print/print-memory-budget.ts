import { Injectable } from '@nestjs/common';
import { MemoryBudget } from '../common/scheduling/memory-budget';
import { AppConfig } from '../config/app-config';

/**
 * The process's budget of bytes for making print files (PRINT_MEMORY_BUDGET_MB): every print job
 * holds its weight, what the cost model says it allocates at most (printJobBytes), while its
 * files are made, so that concurrent jobs never allocate more together than the budget.
 */
@Injectable()
export class PrintMemoryBudget extends MemoryBudget {
  constructor(config: AppConfig) {
    super(config.print.memoryBudgetBytes);
  }
}
