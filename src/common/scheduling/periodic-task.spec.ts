import { PinoLogger } from 'nestjs-pino';
import { AppConfig } from '../../config/app-config';
import { PeriodicTasks } from './periodic-task';

const logger = { warn: jest.fn() } as unknown as PinoLogger;

describe('PeriodicTasks', () => {
  it('runs a task at once, and not again once stopped, in a process with background tasks', () => {
    const task = jest.fn(() => Promise.resolve());
    const periodic = new PeriodicTasks({ backgroundTasks: true } as AppConfig);
    const stop = periodic.start('purge', 60_000, task, logger);
    expect(task).toHaveBeenCalledTimes(1);
    stop();
  });

  it('starts nothing in a process without background tasks (the operator CLI)', () => {
    const task = jest.fn(() => Promise.resolve());
    const periodic = new PeriodicTasks({ backgroundTasks: false } as AppConfig);
    const stop = periodic.start('purge', 60_000, task, logger);
    expect(task).not.toHaveBeenCalled();
    expect(stop).not.toThrow();
  });
});

describe('AppConfig.backgroundTasks', () => {
  it('is on by default, and off turns the job workers off whatever WORKERS says', () => {
    const env = { DATA_DIR: '/tmp/pci-config-test', WORKERS: 'true' };
    expect(AppConfig.fromEnv(env)).toMatchObject({
      backgroundTasks: true,
      jobs: { workers: true },
    });
    expect(AppConfig.fromEnv(env, { backgroundTasks: false })).toMatchObject({
      backgroundTasks: false,
      jobs: { workers: false },
    });
  });
});
