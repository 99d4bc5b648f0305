/** The relay's settings and state, and how many messages wait or failed. */
import type { MailState, MailStatus } from '../api.ts';
import panel from '../../../components/Panel.module.css';
import styles from './Mail.module.css';

/** Each state in words, so no colour has to say it. */
export const STATE_LABELS: Record<MailState, string> = {
  off: 'Off: SMTP_URL is not set, no mail is sent',
  ok: 'Working',
  failing: 'Failing: the relay refuses or cannot be reached; messages wait and are retried',
  'tls-required': 'Stopped: SMTP_REQUIRE_TLS is on and the relay offers no STARTTLS',
};

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export function MailSummary({ status }: { status: MailStatus }) {
  return (
    <section className={panel.panel} aria-labelledby="mail-relay-title">
      <h2 id="mail-relay-title" className={panel.heading}>
        Relay
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>Mail</dt>
          <dd>{status.enabled ? 'On' : 'Off'}</dd>
        </div>
        <div>
          <dt>State</dt>
          <dd>
            <span className={styles.state} data-state={status.state}>
              {STATE_LABELS[status.state] ?? status.state}
            </span>
          </dd>
        </div>
        <div>
          <dt>Relay</dt>
          <dd className={styles.mono}>{status.relay ?? '—'}</dd>
        </div>
        <div>
          <dt>TLS required</dt>
          <dd>{yesNo(status.require_tls)}</dd>
        </div>
        <div>
          <dt>From</dt>
          <dd className={styles.break}>{status.from}</dd>
        </div>
        <div>
          <dt>Waiting</dt>
          <dd className={styles.count}>{status.waiting}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd className={styles.count}>{status.failed}</dd>
        </div>
        {status.last_error && (
          <div className={styles.wide}>
            <dt>Last error</dt>
            <dd className={`${styles.mono} ${styles.error}`}>{status.last_error}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
