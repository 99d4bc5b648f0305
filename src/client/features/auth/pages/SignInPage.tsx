/** The sign-in page at '/' (product.md#validation-sign-in, #auth-flow): validate, sign in, route by role. */
import { useEffect, useState, type FormEvent } from 'react';
import { validateSignIn } from '../../../../shared/validators.ts';
import { Button } from '../../../components/Button.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { clearQueries } from '../../../lib/query.ts';
import { useChange } from '../../../lib/useChange.ts';
import { useFormErrors } from '../../../lib/useFormErrors.ts';
import { allowReturnPath, takeLandingPath } from '../../../lib/returnPath.ts';
import { signIn, type Credentials } from '../api.ts';
import styles from './AuthPages.module.css';

export interface SignInPageProps {
  /**
   * Starts loading the areas' code when the button is pressed, in parallel with the sign-in
   * request; the answer waits for the signed-in role's area, so no loading screen follows.
   * @default nothing is loaded ahead
   */
  preloadArea?(role?: string): Promise<unknown>;
}

export function SignInPage({ preloadArea }: SignInPageProps) {
  const [form, setForm] = useState<Credentials>({ email: '', password: '' });
  const { errors, check } = useFormErrors(validateSignIn, { ...form });
  useEffect(allowReturnPath, []);
  const send = async (credentials: Credentials) => {
    const answer = await signIn(credentials);
    // A chunk that fails to load is not a failed sign-in: the area then loads the usual way.
    await preloadArea?.(answer.data.user.role).catch(() => undefined);
    return answer;
  };
  // The sign-in page leaves history: Back from the area must not return to the form.
  const mutation = useChange(send, {
    onSuccess: ({ data: { user, authorization } }) => {
      clearQueries();
      useAuth.getState().login(authorization.token, user);
    },
    // The page asked for before sign-in, when the role may see it (issue 13); else home (product.md#auth-flow).
    to: ({ data }) => takeLandingPath(data.user.role),
    replace: true,
  });

  const change = (name: keyof Credentials) => (value: string) => {
    setForm((current) => ({ ...current, [name]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    void preloadArea?.().catch(() => undefined);
    mutation.mutate({ email: form.email.trim(), password: form.password });
  };

  return (
    <main className={styles.screen}>
      <form className={styles.card} onSubmit={submit} noValidate>
        <div className={styles.brand}>
          <span className={styles.logo} aria-hidden="true">H</span>
          <span>Helpdesk</span>
        </div>
        <h1 className={styles.title}>Sign in</h1>
        <p className={styles.text}>Use your work e-mail and password.</p>
        <TextField label="Email" name="email" type="email" autoComplete="username" value={form.email} onChange={change('email')} error={errors.email || undefined} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={form.password}
          onChange={change('password')}
          error={errors.password || undefined}
        />
        <Button type="submit" disabled={mutation.isPending} className={styles.submit}>
          {mutation.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </main>
  );
}
