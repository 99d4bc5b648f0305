/**
 * Watch / Unwatch on a ticket's page, with who watches it (docs/design.md#notifications). Watchers
 * hear of its comments and changes. Shown only when the server tells whether the user watches.
 */
import { useState } from 'react';
import { NOTIFICATION_TEXT as TEXT } from '../../../../shared/notifications.ts';
import type { Ticket } from '../../../../shared/types.ts';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { useSetWatching, watchStateOf } from '../watchApi.ts';
import styles from './TicketWatch.module.css';

const SAID = { watching: 'You are watching this ticket.', stopped: 'You stopped watching this ticket.' } as const;

export function TicketWatch({ ticket }: { ticket: Ticket }) {
  const { watching, watchers = [] } = watchStateOf(ticket);
  const change = useSetWatching();
  const [said, setSaid] = useState('');
  if (watching === undefined) return null;

  const onClick = () => {
    setSaid(watching ? SAID.stopped : SAID.watching);
    change.mutate({ number: ticket.number, watch: !watching });
  };

  return (
    <div className={styles.watch}>
      <Button size="sm" variant="secondary" onClick={onClick} disabled={change.isPending} aria-busy={change.isPending}>
        <Icon name="eye" size={16} />
        {watching ? TEXT.unwatch : TEXT.watch}
      </Button>
      <p className={styles.watchers}>
        <span className={styles.label}>{TEXT.watchers}:</span>{' '}
        {watchers.length === 0 ? TEXT.noWatchers : watchers.map((watcher) => watcher.name).join(', ')}
      </p>
      <span className="visually-hidden" role="status">
        {change.isPending || change.error ? '' : said}
      </span>
    </div>
  );
}
