import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { api, data } from '../api/client';
import { ErrorNotice, Loading } from '../components/notices';

const shell = getRouteApi('/signed-in');

/** What GET /api/webtoprint/{id} says of the print files (Accept: text/plain: the ZIP's URL). */
type PrintFiles =
  | { state: 'ready'; url: string }
  | { state: 'waiting'; retryAfter: number }
  | { state: 'unavailable'; message: string };

async function printFiles(readableId: string): Promise<PrintFiles> {
  const {
    data: text,
    error,
    response,
  } = await api.GET('/api/webtoprint/{recipeSetReadableId}', {
    params: { path: { recipeSetReadableId: readableId } },
    headers: { Accept: 'text/plain' },
    parseAs: 'text',
  });
  if (response.status === 200) return { state: 'ready', url: String(text).trim() };
  if (response.status === 202)
    return { state: 'waiting', retryAfter: Number(response.headers.get('Retry-After') ?? 5) };
  const message =
    typeof error === 'string' && error ? error : `${response.status} ${response.statusText}`;
  return { state: 'unavailable', message };
}

/** A recipe set of the order: its renders from every view angle and its print files. */
export function RecipeSetPanel({ readableId }: { readableId: string }) {
  const { session } = shell.useRouteContext();
  const views = useQuery({
    queryKey: ['recipe-set-views', readableId],
    queryFn: async () => {
      const recipeSet = data(
        await api.GET('/api/recipesets/{recipeSetId}', {
          params: { path: { recipeSetId: readableId } },
        }),
      ).data;
      const product = data(
        await api.GET('/api/catalog/{clientHandle}/products/{productHandle}', {
          params: {
            path: { clientHandle: session.client.handle, productHandle: recipeSet.productHandle },
          },
        }),
      ).data;
      return { recipeSet, product };
    },
  });
  const files = useQuery({
    queryKey: ['print-files', readableId],
    queryFn: () => printFiles(readableId),
    refetchInterval: (q) =>
      q.state.data?.state === 'waiting' ? Math.max(2, q.state.data.retryAfter) * 1000 : false,
  });

  const id = encodeURIComponent(readableId);
  return (
    <section
      id={`rs-${readableId}`}
      className="recipe-set"
      aria-labelledby={`rs-${readableId}-title`}
    >
      <h2 id={`rs-${readableId}-title`}>Recipe set {readableId}</h2>
      {views.isPending && <Loading what="the design" />}
      {views.error && <ErrorNotice error={views.error} />}
      {views.data && (
        <>
          <p>
            {views.data.product.name} · status {views.data.recipeSet.status} · version{' '}
            {views.data.recipeSet.version}
          </p>
          <ul className="renders">
            {(views.data.product.viewAngles ?? []).map((view) => (
              <li key={view.handle}>
                <a
                  href={`/api/assets/generated/recipeset/readable/${id}/${encodeURIComponent(view.handle)}`}
                >
                  <img
                    src={`/api/assets/generated/recipeset/readable/${id}/${encodeURIComponent(view.handle)}?width=320`}
                    alt={`${views.data.product.name}, ${view.name ?? view.handle}`}
                    width={160}
                    loading="lazy"
                  />
                </a>
                <span>{view.name ?? view.handle}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>Print files</h3>
      {files.isPending && <Loading what="the print files" />}
      {files.error && <ErrorNotice error={files.error} />}
      {files.data?.state === 'ready' && (
        <ul className="files">
          <li>
            <a href={files.data.url} download>
              Print files (ZIP: a PDF and a PNG per location, manifest.json)
            </a>
          </li>
          <li>
            <a href={`/${encodeURIComponent(session.client.handle)}/specification/${id}/pdf`}>
              Placement specification (PDF)
            </a>
          </li>
        </ul>
      )}
      {files.data?.state === 'waiting' && (
        <p role="status">Being made; this page checks again in {files.data.retryAfter} s.</p>
      )}
      {files.data?.state === 'unavailable' && <p>{files.data.message}</p>}
    </section>
  );
}
