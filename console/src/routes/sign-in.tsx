import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { sessionQuery, signIn } from '../api/session';
import { ErrorNotice } from '../components/notices';

const route = getRouteApi('/sign-in');

/** E-mail and password of an invited user (POST /api/session), then back where they were going. */
export function SignInPage() {
  const { next } = route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    setBusy(true);
    setError(undefined);
    try {
      const session = await signIn(field('email'), field('password'));
      queryClient.setQueryData(sessionQuery.queryKey, session);
      await navigate({ href: next ?? '/orders', replace: true });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="sign-in">
      <h1>Sign in to the console</h1>
      <p className="note">With the e-mail address and password of your invitation.</p>
      <Form onSubmit={(event) => void submit(event)}>
        <TextField name="email" type="email" autoComplete="username" isRequired autoFocus>
          <Label>E-mail</Label>
          <Input />
          <FieldError />
        </TextField>
        <TextField name="password" type="password" autoComplete="current-password" isRequired>
          <Label>Password</Label>
          <Input />
          <FieldError />
        </TextField>
        {error !== undefined && <ErrorNotice error={error} />}
        <Button type="submit" isPending={busy} className="primary">
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </Form>
    </main>
  );
}
