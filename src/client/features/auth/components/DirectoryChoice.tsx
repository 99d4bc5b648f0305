/** The way in through the directory, above SPEC's form (docs/design.md#directory-sign-in). */
import type { AuthMethods } from '../../../../shared/auth.ts';
import { DIRECTORY_SIGN_IN } from '../../../../shared/directory.ts';
import { ExternalButtonLink } from '../../../components/Button.tsx';
import { directoryStartUrl } from '../directory.ts';
import styles from './DirectoryChoice.module.css';

/** The "Sign in with {label}" button, and "or" before the form when the form shows. */
export function DirectoryButton({ label, formFollows }: { label: string; formFollows: boolean }) {
  return (
    <>
      <ExternalButtonLink href={directoryStartUrl()} variant="secondary" className={styles.wide}>
        {DIRECTORY_SIGN_IN.button(label)}
      </ExternalButtonLink>
      {formFollows && (
        <p className={styles.divider}>{DIRECTORY_SIGN_IN.or}</p>
      )}
    </>
  );
}

/** Why there is no form: PASSWORD_SIGN_IN=off. */
export function NoPasswordNote({ methods }: { methods: AuthMethods }) {
  return <p className={styles.note}>{methods.oidc ? DIRECTORY_SIGN_IN.passwordOff : DIRECTORY_SIGN_IN.proxyOnly}</p>;
}

/** PASSWORD_SIGN_IN=super: who the form is for. */
export function AdministratorsNote() {
  return <p className={styles.note}>{DIRECTORY_SIGN_IN.superOnly}</p>;
}
