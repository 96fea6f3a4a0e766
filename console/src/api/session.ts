import { queryOptions } from '@tanstack/react-query';
import { api, data, rememberCsrfToken, type Session } from './client';

/** Who is signed in (GET /api/session), or null when nobody is: the console's sign-in gate. */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async (): Promise<Session | null> => {
    const result = await api.GET('/api/session');
    if (result.response.status === 401) {
      rememberCsrfToken(undefined);
      return null;
    }
    const session = data(result);
    rememberCsrfToken(session.csrfToken);
    return session;
  },
  staleTime: 60_000,
});

export async function signIn(email: string, password: string): Promise<Session> {
  const session = data(await api.POST('/api/session', { body: { email, password } }));
  rememberCsrfToken(session.csrfToken);
  return session;
}

export async function signOut(everywhere = false): Promise<void> {
  const result = everywhere ? await api.DELETE('/api/sessions') : await api.DELETE('/api/session');
  if (!result.response.ok && result.response.status !== 401) data(result);
  rememberCsrfToken(undefined);
}
