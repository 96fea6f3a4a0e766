import { PinoLogger } from 'nestjs-pino';
import { CommonSettings } from '../settings/common-settings';
import { PeriodicTasks } from './periodic-task';

const logger = { warn: jest.fn() } as unknown as PinoLogger;

describe('PeriodicTasks', () => {
  it('runs a task at once, and not again once stopped, in a process with background tasks', () => {
    const task = jest.fn(() => Promise.resolve());
    const periodic = new PeriodicTasks({ backgroundTasks: true } as CommonSettings);
    const stop = periodic.start('purge', 60_000, task, logger);
    expect(task).toHaveBeenCalledTimes(1);
    stop();
  });

  it('starts nothing in a process without background tasks (the operator CLI)', () => {
    const task = jest.fn(() => Promise.resolve());
    const periodic = new PeriodicTasks({ backgroundTasks: false } as CommonSettings);
    const stop = periodic.start('purge', 60_000, task, logger);
    expect(task).not.toHaveBeenCalled();
    expect(stop).not.toThrow();
  });
});
