/**
 * The e-mail preferences (docs/design.md#notifications) on the profile: one switch per kind, each
 * saved the moment it changes with a toast; a refused save puts that switch back.
 */
import { useId, useState } from 'react';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_TEXT as TEXT,
  type NotificationKind,
  type NotificationPreferences as Preferences,
} from '../../../../shared/notifications.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { Switch } from '../../../components/Switch.tsx';
import { toast } from '../../../lib/toast.ts';
import { saveNotificationPreferences, useNotificationPreferences } from '../api.ts';
import styles from './NotificationPreferences.module.css';

export function NotificationPreferences() {
  const stored = useNotificationPreferences();
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        {TEXT.preferencesTitle}
      </h3>
      <p className={styles.intro}>{TEXT.preferencesIntro}</p>
      <QueryState query={stored}>{(prefs) => <Switches initial={prefs} />}</QueryState>
    </section>
  );
}

function Switches({ initial }: { initial: Preferences }) {
  const [email, setEmail] = useState(initial.email);

  async function change(kind: NotificationKind, on: boolean) {
    const next = { ...email, [kind]: on };
    setEmail(next);
    try {
      await saveNotificationPreferences({ email: next });
      toast.success(TEXT.preferencesSaved);
    } catch (error) {
      // Only this switch goes back: another one changed meanwhile keeps its own outcome.
      setEmail((now) => ({ ...now, [kind]: !on }));
      toast.error(error instanceof Error && error.message ? error.message : TEXT.preferencesFailed);
    }
  }

  return (
    <ul className={styles.switches}>
      {NOTIFICATION_KINDS.map((kind) => (
        <li key={kind}>
          <Switch
            label={NOTIFICATION_KIND_LABELS[kind].label}
            hint={NOTIFICATION_KIND_LABELS[kind].hint}
            checked={email[kind]}
            onChange={(on) => void change(kind, on)}
          />
        </li>
      ))}
    </ul>
  );
}
