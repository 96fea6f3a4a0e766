import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { UPSTREAM_HEADER } from '../../support/processes/round-robin-proxy';
import { call, Exchange } from '../../support/processes/http';
import { TestS3Server } from '../../support/s3-server';
import { ServiceProcess } from '../../support/processes/service-process';

/** Which API instance (0 or 1) served an exchange through the proxy. */
export function upstreamOf(exchange: { headers: Headers }): number {
  const value = exchange.headers.get(UPSTREAM_HEADER);
  if (value === null) throw new Error('the answer did not come through the proxy');
  return Number(value);
}

/**
 * Sends `send` through the proxy until the instance other than `instance` answers it (the proxy
 * alternates, so at most a few tries): a read of what `instance` wrote, by the other one.
 */
export async function viaOtherInstance<T extends { headers: Headers }>(
  instance: number,
  send: () => Promise<T>,
): Promise<T> {
  for (let i = 0; i < 6; i++) {
    const answer = await send();
    if (upstreamOf(answer) !== instance) return answer;
  }
  throw new Error(`the proxy sent six requests in a row to instance ${instance}`);
}

export interface Download {
  status: number;
  contentType: string;
  headers: Headers;
  bytes: Buffer;
}

/** GET of a binary (a blob link, a PDF) without following redirects. */
export async function download(url: string, token?: string): Promise<Download> {
  const res = await fetch(url, {
    headers: token ? { SERVICE_API_TOKEN: token } : {},
    redirect: 'manual',
    signal: AbortSignal.timeout(60_000),
  });
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    headers: res.headers,
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/** The keys in the bucket under `prefix`. */
export async function bucketKeys(s3: TestS3Server, prefix: string): Promise<string[]> {
  const settings = s3.settings();
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    credentials: settings.credentials,
    forcePathStyle: true,
  });
  const keys: string[] = [];
  let token: string | undefined;
  try {
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: settings.bucket,
          Prefix: prefix,
          ContinuationToken: token,
        }),
      );
      keys.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.NextContinuationToken;
    } while (token);
  } finally {
    client.destroy();
  }
  return keys;
}

/** A worker's `/metrics` (Prometheus text) from its probe port. */
export async function workerMetrics(worker: ServiceProcess): Promise<string> {
  const res: Exchange = await call(worker.baseUrl, 'GET', '/metrics');
  if (res.status !== 200) throw new Error(`worker /metrics answered ${res.status}: ${res.text}`);
  return res.text;
}

/** The value of `jobs_finished_total{name, outcome}` in a Prometheus text (0 when absent). */
export function jobsFinished(metrics: string, name: string, outcome = 'completed'): number {
  for (const line of metrics.split('\n')) {
    if (!line.startsWith('jobs_finished_total{')) continue;
    const labels = line.slice(line.indexOf('{') + 1, line.indexOf('}'));
    if (labels.includes(`name="${name}"`) && labels.includes(`outcome="${outcome}"`))
      return Number(line.slice(line.indexOf('}') + 1).trim());
  }
  return 0;
}
