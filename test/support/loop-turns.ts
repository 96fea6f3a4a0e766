import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Runs `work` while another loop counts the turns of the event loop it gets: work done in one
 * stretch lets it run once at most, work that yields between slices about once per slice.
 */
export async function turnsDuring<T>(
  work: () => Promise<T>,
): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let working = true;
  const ticker = (async () => {
    while (working) {
      turns++;
      await nextTurn();
    }
  })();
  try {
    return { result: await work(), turns };
  } finally {
    working = false;
    await ticker;
  }
}
