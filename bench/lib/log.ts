/** Progress goes to stderr, stamped with the time of day; stdout carries only the results. */
export const log = (message: string): void => {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
};
