/**
 * The peer of bench/sign-in.ts: a minimal sign-in page on our stack (React 19, Blueprint 6 and its
 * stylesheet), built by the bench with Vite into a temp dir and served by it — what one would ship
 * for a sign-in page alone: no router, no translations, no app documents. Its form posts to the
 * app's /iam/api/login, as ours does (the bench never submits it).
 */
import '@blueprintjs/core/lib/css/blueprint.css';
import { Button, Callout, Card, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { createRoot } from 'react-dom/client';

function SignIn() {
  const [failed, setFailed] = useState(false);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    const answer = await fetch('/iam/api/login', {
      method: 'POST',
      body: new URLSearchParams(new FormData(event.currentTarget) as unknown as Record<string, string>),
    }).catch(() => undefined);
    setPending(false);
    setFailed(!answer?.ok);
  };
  return (
    <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <Card elevation={2} style={{ width: 400 }}>
        <H2>Sign in</H2>
        <form onSubmit={submit}>
          {failed && <Callout intent="danger">The e-mail address or the password is wrong.</Callout>}
          <FormGroup label="E-mail address" labelFor="email">
            <InputGroup id="email" name="username" type="email" autoComplete="username" required />
          </FormGroup>
          <FormGroup label="Password" labelFor="password">
            <InputGroup id="password" name="password" type="password" autoComplete="current-password" required />
          </FormGroup>
          <Button type="submit" intent="primary" fill loading={pending} text="Sign in" />
        </form>
      </Card>
    </main>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<SignIn />);
