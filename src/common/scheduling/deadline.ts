/**
 * `promise`, or the error of `onTimeout()` if it has not settled within `ms`. The work itself goes
 * on (a promise cannot be cancelled): what holds resources must bound itself; this bounds how long
 * a caller waits.
 */
export function withDeadline<T>(
  promise: Promise<T>,
  ms: number,
  onTimeout: () => Error = () => new Error(`timed out after ${ms} ms`),
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
