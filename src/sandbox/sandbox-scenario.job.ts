import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { Role } from '../common/auth/role';
import { JobQueue } from '../common/jobs/job-queue';
import { JobPayloads } from '../common/jobs/job-registry';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { AppConfig } from '../config/app-config';
import { ScenarioStartedDto } from './sandbox.dto';
import { SandboxOrdersService } from './sandbox-orders.service';
import { describeStep, isScenario, SCENARIOS, ScenarioName } from './scenarios';

/** The tokenId the steps of a scenario act with (they run as a job, not a request). */
export const SCENARIO_TOKEN_ID = 'sandbox-scenario';

/**
 * Plays a scenario on a sandbox order: one `sandbox-scenario` job per step, each sending the next
 * with SANDBOX_STEP_SECONDS' delay in the transaction of its own change, so a step happens once
 * and the scenario goes on after a restart.
 */
@Injectable()
export class SandboxScenarioJob implements OnModuleInit {
  private readonly logger = new Logger('SandboxScenario');

  constructor(
    private readonly jobs: JobQueue,
    private readonly uow: UnitOfWork,
    private readonly orders: SandboxOrdersService,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.handle('sandbox-scenario', (data) => this.step(data), { concurrency: 2 });
  }

  /** Checks the order and queues the first step (it runs at once). */
  async start(
    actor: Actor,
    purchaseOrderNumber: string,
    scenario: ScenarioName,
  ): Promise<ScenarioStartedDto> {
    await this.orders.recipeSetsOf(actor, purchaseOrderNumber);
    await this.jobs.send(
      'sandbox-scenario',
      {
        clientId: actor.clientId,
        clientHandle: actor.clientHandle,
        purchaseOrderNumber,
        scenario,
        step: 0,
      },
      { owner: { clientId: actor.clientId, sandbox: true } },
    );
    return {
      purchaseOrderNumber,
      scenario,
      steps: SCENARIOS[scenario].map(describeStep),
      stepSeconds: this.config.sandboxStepSeconds,
    };
  }

  /** The `sandbox-scenario` job: one step, and the next one queued with it. */
  async step(job: JobPayloads['sandbox-scenario']): Promise<void> {
    if (!isScenario(job.scenario)) return;
    const steps = SCENARIOS[job.scenario];
    const step = steps[job.step];
    if (!step) return;
    const actor: Actor = {
      clientId: job.clientId,
      clientHandle: job.clientHandle,
      role: Role.User,
      tokenId: SCENARIO_TOKEN_ID,
      sandbox: true,
    };
    const { purchaseOrderNumber } = job;
    await this.uow.run(async () => {
      if (step.kind === 'advance')
        await this.orders.advance(actor, purchaseOrderNumber, { to: step.to }, null);
      else await this.orders.ship(actor, purchaseOrderNumber, {}, null);
      if (job.step + 1 < steps.length)
        await this.jobs.sendMany('sandbox-scenario', [
          {
            data: { ...job, step: job.step + 1 },
            delaySeconds: this.config.sandboxStepSeconds,
            owner: { clientId: job.clientId, sandbox: true },
          },
        ]);
    });
    this.logger.log(
      {
        clientHandle: job.clientHandle,
        scenario: job.scenario,
        step: job.step + 1,
        of: steps.length,
      },
      `sandbox scenario step: ${describeStep(step)}`,
    );
  }
}
