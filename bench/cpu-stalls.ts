/**
 * The longest busy stretches of a V8 CPU profile's thread (`node --cpu-prof`), with the frames
 * that took them: where an event loop stalled. A stretch is a run of samples without `(idle)`;
 * samples far apart inside one mean the thread was runnable but not running (the machine's CPU
 * was taken by other threads).
 *
 *   node dist/bench/cpu-stalls.js <file.cpuprofile> [min ms, default 100] [from s] [to s]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

function main(): void {
  const [file, minArg = '100', fromArg = '0', toArg = 'Infinity'] = process.argv.slice(2);
  if (!file) {
    process.stderr.write('usage: cpu-stalls <file.cpuprofile> [min ms] [from s] [to s]\n');
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (id: number): string => {
    const f = byId.get(id)!.callFrame;
    const where = f.url.split('/').slice(-2).join('/');
    return `${f.functionName || '(anonymous)'} ${where}:${f.lineNumber + 1}`;
  };
  /** The nearest frame of the service or a package above a sample: who asked for the work. */
  const caller = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const url = byId.get(at)!.callFrame.url;
      if (/\/(dist\/src|node_modules)\//.test(url)) return label(at);
    }
    return label(id);
  };
  const report = (startUs: number, endUs: number, ids: number[]): void => {
    const ms = (endUs - startUs) / 1000;
    const at = (startUs - profile.startTime) / 1e6;
    if (ms < Number(minArg) || at < Number(fromArg) || at > Number(toArg)) return;
    console.log(`\nbusy ${ms.toFixed(0)} ms at ${at.toFixed(1)} s (${ids.length} samples)`);
    const top = (key: (id: number) => string) => {
      const counts = new Map<string, number>();
      for (const id of ids) counts.set(key(id), (counts.get(key(id)) ?? 0) + 1);
      return [...counts].sort((a, b) => b[1] - a[1]).slice(0, 6);
    };
    for (const [l, n] of top(label)) console.log(`  ${String(n).padStart(5)}  ${l}`);
    console.log('  called from:');
    for (const [l, n] of top(caller)) console.log(`  ${String(n).padStart(5)}  ${l}`);
  };
  let t = profile.startTime;
  let start: number | undefined;
  let run: number[] = [];
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i];
    if (byId.get(id)!.callFrame.functionName === '(idle)') {
      if (start !== undefined) report(start, t, run);
      start = undefined;
      run = [];
    } else {
      start ??= t;
      run.push(id);
    }
  });
}

main();
