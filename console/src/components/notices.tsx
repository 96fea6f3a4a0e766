import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../api/client';

/** An error as the API said it, with the link to its log entry when there is one. */
export function ErrorNotice({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div role="alert" className="notice notice-error">
      <p>{message}</p>
      {error instanceof ApiError && error.logUrl && (
        <p>
          <a href={error.logUrl}>The log entry of this error</a>
        </p>
      )}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p className="loading" role="status">
      Loading {what}…
    </p>
  );
}

export function Empty({ children }: { children: React.ReactNode }) {
  return <p className="empty">{children}</p>;
}

export function RouteError({ error }: ErrorComponentProps) {
  return (
    <main className="page">
      <h1>Something went wrong</h1>
      <ErrorNotice error={error} />
      <Link to="/orders">Back to the orders</Link>
    </main>
  );
}

export function NotFound() {
  return (
    <main className="page">
      <h1>Not found</h1>
      <p>The console has no page at this address.</p>
      <Link to="/orders">Go to the orders</Link>
    </main>
  );
}
