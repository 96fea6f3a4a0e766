/**
 * Memory of embedded mode: the API on its own PGlite database (no DATABASE_URL), as `npm start`
 * runs it, idle after start-up and under a light load. PGlite runs inside the API's process, so
 * its memory is part of the API's RSS.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { createClientWithToken, runCli } from './lib/app-cli';
import { memoryOf, resetPeakRss, startBenchApp, stopApp } from './lib/app-process';
import { AppBuild } from './lib/build';
import { log } from './lib/log';
import { fmt } from './lib/report';
import { errorCount, runWrk } from './lib/wrk';
import { acknowledgementBodies } from './orders-requests';

/** Connections of the light load: a few partners at a time. */
const LIGHT_CONNECTIONS = 4;

export interface EmbeddedMemory {
  build: AppBuild;
  /** Peak RSS from the start to ready (migrations included). */
  startPeakMiB?: number;
  /** RSS after start-up, idle for 3 s. */
  idleMiB?: number;
  /** Peak RSS under the light load. */
  loadPeakMiB?: number;
  /** Requests/s of the light load (token-only route, then acknowledgements). */
  loadRps: number[];
  errors: number;
}

export async function measureEmbedded(
  build: AppBuild,
  durationS: number,
  runId: string,
): Promise<EmbeddedMemory> {
  const { app, env } = await startBenchApp(build, undefined, undefined);
  const startPeakMiB = memoryOf(app.pid)?.peakMiB;
  // The CLI attaches to the running app's database through its socket.
  const issued = await createClientWithToken(env, 'bench', build);
  const recipeSets = JSON.parse(
    await runCli(['recipe-set', 'create', 'bench', '--count', '10'], env, build),
  ) as { readableId: string }[];
  await sleep(3000);
  const idleMiB = memoryOf(app.pid)?.rssMiB;
  resetPeakRss(app.pid);
  const loads = [
    { method: 'GET' as const, path: '/api/clients/current' },
    {
      method: 'POST' as const,
      path: '/api/order/acknowledgement',
      bodies: acknowledgementBodies(
        `E${runId}`,
        recipeSets.map((r) => r.readableId),
      ),
    },
  ];
  const loadRps: number[] = [];
  let errors = 0;
  for (const load of loads) {
    const r = await runWrk(app, issued.token, {
      ...load,
      connections: LIGHT_CONNECTIONS,
      durationS,
    });
    loadRps.push(r.requests / r.durationS);
    errors += errorCount(r);
  }
  const loadPeakMiB = memoryOf(app.pid)?.peakMiB;
  await stopApp(app);
  log(
    `embedded (${build.label}): start-up peak ${fmt(startPeakMiB, 0)} MiB, idle ${fmt(idleMiB, 0)} MiB, ` +
      `light load peak ${fmt(loadPeakMiB, 0)} MiB`,
  );
  return { build, startPeakMiB, idleMiB, loadPeakMiB, loadRps, errors };
}

export function embeddedTable(results: EmbeddedMemory[]): string {
  const lines = [
    `| embedded mode (PGlite in the API process) | RSS idle MiB | peak RSS start-up MiB | peak RSS light load MiB | light load req/s (token only, ack; c=${LIGHT_CONNECTIONS}) | errors |`,
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.build.label} | ${fmt(r.idleMiB, 0)} | ${fmt(r.startPeakMiB, 0)} | ${fmt(r.loadPeakMiB, 0)} | ` +
        `${r.loadRps.map((v) => fmt(v, 0)).join(', ')} | ${r.errors} |`,
    );
  }
  return lines.join('\n');
}
