/** "Send test e-mail": to the admin's own address unless changed; the relay's refusal is shown as it said it. */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { ApiError } from '../../../lib/request.ts';
import { toast } from '../../../lib/toast.ts';
import { useSendTestMail } from '../api.ts';
import panel from '../../../components/Panel.module.css';
import styles from './Mail.module.css';

const SEND = 'Send test e-mail';
const ACCEPTED = 'The relay accepted the test e-mail.';
const EMPTY = 'Enter an address to send to.';

export function TestMailForm() {
  const [to, setTo] = useState(() => useAuth.getState().user?.email ?? '');
  const [missing, setMissing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = useSendTestMail({
    onSuccess: () => {
      setRefusal(null);
      toast.success(ACCEPTED);
    },
    onError: (error) => setRefusal(error instanceof ApiError && error.status === 502 ? `The relay answered: ${error.message}` : error.message),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = to.trim();
    setMissing(address === '');
    if (address && !send.isPending) send.mutate(address);
  }

  return (
    <section className={panel.panel} aria-labelledby="mail-test-title">
      <h2 id="mail-test-title" className={panel.heading}>
        {SEND}
      </h2>
      <form className={styles.testForm} onSubmit={submit} noValidate>
        <TextField label="Send to" name="to" type="email" autoComplete="email" value={to} onChange={setTo} error={missing ? EMPTY : undefined} />
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : SEND}
        </Button>
      </form>
      {refusal && (
        <p role="alert" className={`${styles.refusal} ${styles.mono}`}>
          {refusal}
        </p>
      )}
    </section>
  );
}
