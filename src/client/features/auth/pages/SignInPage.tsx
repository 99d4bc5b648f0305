/**
 * The sign-in page at '/' (product.md#validation-sign-in, #auth-flow): validate, sign in, route by
 * role. With directory sign-in on (docs/design.md#directory-sign-in) a "Sign in with {label}" button
 * sits above SPEC's form, and PASSWORD_SIGN_IN may narrow or hide the form; a trusted proxy signs
 * people in without it.
 */
import { useEffect, useId, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { FAILURES } from '../../../../shared/messages.ts';
import { validateSignIn } from '../../../../shared/validators.ts';
import { Button } from '../../../components/Button.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { clearQueries } from '../../../lib/query.ts';
import { waitHint } from '../../../lib/failure.ts';
import { sessionEndStore } from '../../../lib/sessionEnd.ts';
import { useChange } from '../../../lib/useChange.ts';
import { useFormErrors } from '../../../lib/useFormErrors.ts';
import { allowReturnPath, takeLandingPath } from '../../../lib/returnPath.ts';
import { signIn, type Credentials } from '../api.ts';
import { AdministratorsNote, DirectoryButton, NoPasswordNote } from '../components/DirectoryChoice.tsx';
import { proxySignIn } from '../directory.ts';
import { useAuthMethods } from '../methods.ts';
import styles from './AuthPages.module.css';

/** A refused sign-in as it shows under the form: the server's message, and how long a 429 asks to wait. */
interface Refusal {
  message: string;
  wait?: string;
}

export interface SignInPageProps {
  /**
   * Starts loading the areas' code when the button is pressed, in parallel with the sign-in
   * request; the answer waits for the signed-in role's area, so no loading screen follows.
   * @default nothing is loaded ahead
   */
  preloadArea?(role?: string): Promise<unknown>;
}

export function SignInPage({ preloadArea }: SignInPageProps) {
  const methods = useAuthMethods();
  const [, navigate] = useLocation();
  const [form, setForm] = useState<Credentials>({ email: '', password: '' });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const sessionEnded = useSyncExternalStore(sessionEndStore.subscribe, sessionEndStore.getSnapshot);
  const refusalId = useId();
  const { errors, check } = useFormErrors(validateSignIn, { ...form });
  useEffect(allowReturnPath, []);
  useEffect(() => {
    let current = true;
    void proxySignIn().then((to) => current && to !== undefined && navigate(to, { replace: true }));
    return () => {
      current = false;
    };
  }, [navigate]);
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
    // The toast says it like every failure (product.md#toasts); it also stays under the form,
    // where the person is looking (docs/product.md#failures).
    onError: (error) => setRefusal({ message: error.message, wait: waitHint(error) }),
  });

  const change = (name: keyof Credentials) => (value: string) => {
    setForm((current) => ({ ...current, [name]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    if (!check()) return;
    void preloadArea?.().catch(() => undefined);
    mutation.mutate({ email: form.email.trim(), password: form.password });
  };

  const oidc = methods?.oidc ?? null;
  const passwordShown = methods?.password !== false;
  const heading = (
    <>
      <div className={styles.brand}>
        <span className={styles.logo} aria-hidden="true">H</span>
        <span>Helpdesk</span>
      </div>
      <h1 className={styles.title}>Sign in</h1>
      {sessionEnded && (
        <p role="status" className={styles.ended}>
          {FAILURES.sessionEnded}
        </p>
      )}
      {oidc && <DirectoryButton label={oidc.label} formFollows={passwordShown} />}
    </>
  );
  if (!passwordShown) return <Card>{heading}{methods && <NoPasswordNote methods={methods} />}</Card>;

  return (
    <Card form onSubmit={submit} describedBy={refusal ? refusalId : undefined}>
      {heading}
      <p className={styles.text}>Use your work e-mail and password.</p>
      {methods?.password_for === 'super' && <AdministratorsNote />}
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
      {refusal && (
        <div id={refusalId} role="alert" className={styles.refusal}>
          <p>{refusal.message}</p>
          {refusal.wait && <p>{refusal.wait}</p>}
        </div>
      )}
    </Card>
  );
}

/** The sign-in card: SPEC's form, or a plain card when there is no form to fill. */
function Card({ form = false, onSubmit, describedBy, children }: { form?: boolean; onSubmit?(event: FormEvent): void; describedBy?: string; children: ReactNode }) {
  return (
    <main className={styles.screen}>
      {form ? (
        <form className={styles.card} onSubmit={onSubmit} aria-describedby={describedBy} noValidate>
          {children}
        </form>
      ) : (
        <div className={styles.card}>{children}</div>
      )}
    </main>
  );
}
