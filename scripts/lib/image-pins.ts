/**
 * What `npm run compose:check` holds about the images of compose.yaml and the Dockerfile and the
 * variables compose.yaml reads (scripts/check-compose.ts):
 * - every image is pinned to a version (not `latest`) and, unless built here, by digest;
 * - every pulled image is in deploy/images.json with the registry that serves it, the date it was
 *   checked and where its digest came from (or why it has none), and pinned to that digest;
 * - every `${VAR}` of compose.yaml is in prod.env.example.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One entry of deploy/images.json. */
export interface ListedImage {
  image: string;
  version: string;
  /** `sha256:…`; absent only with {@link noDigestReason}. */
  digest?: string;
  noDigestReason?: string;
  registry: string;
  /** `registry`: read from the registry; `public-source`: copied from {@link source}. */
  digestFrom?: 'registry' | 'public-source';
  source?: string;
  /** YYYY-MM-DD. */
  checked: string;
}

/** An image a file uses: where (`compose.yaml: api`, `Dockerfile: FROM`), the reference, built here or pulled. */
export interface ImageUse {
  where: string;
  ref: string;
  built: boolean;
}

/** `registry/name:tag@sha256:…` split; the tag is the part after the last `:` of the last path segment. */
export function parseImageRef(ref: string): { name: string; tag?: string; digest?: string } {
  const [named, digest] = ref.split('@', 2);
  const slash = named.lastIndexOf('/');
  const colon = named.lastIndexOf(':');
  return colon > slash
    ? { name: named.slice(0, colon), tag: named.slice(colon + 1), digest }
    : { name: named, digest };
}

/** The images of compose.yaml's services (those with `build` are built here). */
export function composeImages(compose: unknown): ImageUse[] {
  const services = isObj(compose) && isObj(compose.services) ? compose.services : {};
  return Object.entries(services).flatMap(([name, service]) =>
    isObj(service) && typeof service.image === 'string'
      ? [{ where: `compose.yaml: ${name}`, ref: service.image, built: service.build !== undefined }]
      : [],
  );
}

/** The images the Dockerfile's FROM lines pull (not `scratch`, not an earlier stage). */
export function dockerfileImages(text: string): ImageUse[] {
  const stages = new Set<string>();
  const uses: ImageUse[] = [];
  for (const line of text.split('\n')) {
    const m = /^\s*FROM\s+(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (!m) continue;
    const [, ref, stage] = m;
    if (ref !== 'scratch' && !stages.has(ref.toLowerCase()))
      uses.push({ where: 'Dockerfile: FROM', ref, built: false });
    if (stage) stages.add(stage.toLowerCase());
  }
  return uses;
}

/** Where deploy/images.json itself falls short: each entry needs its registry, date and origin. */
export function imageListProblems(list: unknown): string[] {
  if (!isObj(list) || !Array.isArray(list.images)) return ['deploy/images.json: no images list'];
  return (list.images as unknown[]).flatMap((entry, i) => {
    const e = (isObj(entry) ? entry : {}) as Partial<ListedImage>;
    const name = `deploy/images.json: ${e.image ?? `entry ${i}`}:${e.version ?? '?'}`;
    const problems: string[] = [];
    if (!e.image || !e.version) problems.push(`${name} has no image or version`);
    if (!e.registry) problems.push(`${name} names no registry that serves it`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(e.checked ?? ''))
      problems.push(
        `${name} has no date it was checked (YYYY-MM-DD, got ${JSON.stringify(e.checked)})`,
      );
    if (e.digest !== undefined) {
      if (!/^sha256:[0-9a-f]{64}$/.test(e.digest))
        problems.push(`${name}: digest ${JSON.stringify(e.digest)} is not sha256:<64 hex digits>`);
      if (e.digestFrom !== 'registry' && e.digestFrom !== 'public-source')
        problems.push(`${name} does not say where its digest came from (digestFrom)`);
      if (e.digestFrom === 'public-source' && !e.source)
        problems.push(`${name}: digest copied from a public source that it does not name`);
    } else if (!e.noDigestReason) {
      problems.push(`${name} has no digest and no noDigestReason`);
    }
    return problems;
  });
}

/** Where the images used fall short of their pins and of the list. */
export function imagePinProblems(uses: ImageUse[], list: unknown): string[] {
  const listed = (isObj(list) && Array.isArray(list.images) ? list.images : []) as ListedImage[];
  return uses.flatMap(({ where, ref, built }) => {
    const { name, tag, digest } = parseImageRef(ref);
    if (!tag || tag === 'latest')
      return [`${where}: image ${ref} is not pinned to a version (${tag ?? 'no tag'})`];
    // Built from this repository by `build:`: no registry serves it, so no digest to pin.
    if (built) return [];
    const entry = listed.find((e) => e.image === name && e.version === tag);
    if (!entry) return [`${where}: image ${name}:${tag} is not in deploy/images.json`];
    if (!digest)
      return entry.digest
        ? [`${where}: image ${ref} is not pinned by digest (deploy/images.json: ${entry.digest})`]
        : entry.noDigestReason
          ? []
          : [`${where}: image ${ref} has no digest and deploy/images.json gives no reason`];
    if (entry.digest !== digest)
      return [
        `${where}: image ${ref} is pinned to another digest than deploy/images.json (${entry.digest ?? 'none'})`,
      ];
    return [];
  });
}

/** The entries of deploy/images.json that no file uses any more. */
export function unusedImageProblems(uses: ImageUse[], list: unknown): string[] {
  const listed = (isObj(list) && Array.isArray(list.images) ? list.images : []) as ListedImage[];
  const used = new Set(
    uses.map(({ ref }) => parseImageRef(ref)).map(({ name, tag }) => `${name}:${tag ?? ''}`),
  );
  return listed
    .filter((e) => !used.has(`${e.image}:${e.version}`))
    .map((e) => `deploy/images.json lists ${e.image}:${e.version}, which nothing uses`);
}

/** The variables compose.yaml interpolates (`${VAR}`, `${VAR:-x}`, `$VAR`; `$$` is a literal `$`). */
export function composeVariables(compose: unknown): string[] {
  const found = new Set<string>();
  const visit = (v: unknown): void => {
    if (typeof v === 'string') {
      for (const m of v.replace(/\$\$/g, '').matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g))
        found.add(m[1]);
    } else if (Array.isArray(v)) v.forEach(visit);
    else if (isObj(v))
      for (const [k, inner] of Object.entries(v)) {
        visit(k);
        visit(inner);
      }
  };
  visit(compose);
  return [...found].sort();
}

/** The variables compose.yaml reads that prod.env.example does not list (as `VAR=`). */
export function envExampleProblems(compose: unknown, envExample: string): string[] {
  const listed = new Set(
    [...envExample.matchAll(/^\s*([A-Za-z_][A-Za-z0-9_]*)=/gm)].map((m) => m[1]),
  );
  return composeVariables(compose)
    .filter((v) => !listed.has(v))
    .map((v) => `prod.env.example does not list ${v}, which compose.yaml reads`);
}
