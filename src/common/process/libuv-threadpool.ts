/**
 * Sizes libuv's thread pool before anything uses it: imported first by every entry point
 * (`main.ts`, `worker.ts`, `cli.ts`), for its effect alone.
 *
 * One pool of threads serves, for the whole process, libvips (every sharp call), file reads and
 * writes of the blob store, WebCrypto digests and zlib. With libuv's default of 4, two cold
 * 4096-px renders (each running several sharp calls at once) held every thread for seconds, and
 * another client's render read from the store, or its upload's header check, waited behind
 * them (issue 24, H4: 1.3–2.5 s). With more threads than the heavy work can hold at once
 * (renders, transformations and uploads are bounded by their own pools), short work always finds
 * a thread; the CPU itself is still shared by the operating system.
 *
 * `UV_THREADPOOL_SIZE` set by the operator wins; libuv reads it once, when the pool first starts,
 * so this must run before the first asynchronous file, crypto, zlib or sharp call.
 */
export const DEFAULT_THREADPOOL_SIZE = 16;

/** Sets `UV_THREADPOOL_SIZE` in `env` unless it holds a number already; answers the size in force. */
export function sizeThreadpool(env: NodeJS.ProcessEnv = process.env): number {
  const given = Number(env.UV_THREADPOOL_SIZE);
  if (Number.isInteger(given) && given >= 1) return Math.min(given, 1024);
  env.UV_THREADPOOL_SIZE = String(DEFAULT_THREADPOOL_SIZE);
  return DEFAULT_THREADPOOL_SIZE;
}

sizeThreadpool();
