/**
 * The kiosk queue board (/admin/board, /developer/board): read-only, dark, large type, read from
 * across a room. Counts by status, then the open and assigned tickets by priority (high first)
 * and age; "Full screen" opens kiosk mode (kiosk/KioskBoard.tsx). Its reads live under the 'tickets' group, so the live-update stream refreshes it with
 * no interaction; each refetch replaces what it shows, so nothing accumulates over days.
 */
import { useLocation } from 'wouter';
import { NO_VALUE, type Priority } from '../../../../shared/constants.ts';
import type { TicketQuery } from '../../../../shared/workQueue.ts';
import type { Ticket } from '../../../../shared/types.ts';
import { useLiveStatus } from '../../../lib/liveUpdates.ts';
import { useMinuteClock } from '../../../lib/useMinuteClock.ts';
import { Deadlines } from '../../../components/Deadlines.tsx';
import { useSlaOn } from '../../../api/sla.ts';
import { useTicketPages, useTicketStats } from '../../../api/tickets.ts';
import { kioskAddress, useKioskMode } from '../../../lib/kiosk.ts';
import { Button } from '../../../components/Button.tsx';
import { FailureState } from '../../../components/FailureState.tsx';
import { KioskBoard } from '../kiosk/KioskBoard.tsx';
import { boardAge } from '../kiosk/KioskRow.tsx';
import styles from './BoardPage.module.css';

const QUEUE: TicketQuery = { status: ['opened', 'assigned'], sort: 'priority' };
const NO_FILTERS = {};
const MINUTE = 60_000;


function Count({ label, value, tone }: { label: string; value: number | undefined; tone: string }) {
  return (
    <div className={styles.count} data-tone={tone}>
      <span className={styles.countValue}>{value ?? '–'}</span>
      <span className={styles.countLabel}>{label}</span>
    </div>
  );
}

const PRIORITY_TONE: Record<Priority, string> = { high: 'red', medium: 'yellow', low: 'green' };

function Row({ ticket, now }: { ticket: Ticket; now: number }) {
  return (
    <li className={styles.row} data-priority={ticket.priority}>
      <span className={styles.priority} data-tone={PRIORITY_TONE[ticket.priority]}>
        {ticket.priority}
      </span>
      <span className={styles.number}>{ticket.number}</span>
      <span className={styles.title}>{ticket.title}</span>
      <span className={styles.status} data-status={ticket.status}>
        {ticket.status}
      </span>
      <span className={styles.deadline}>
        <Deadlines ticket={ticket} size="lg" />
      </span>
      <span className={styles.developer}>{ticket.developer?.name || NO_VALUE}</span>
      <span className={styles.age} title={ticket.created_at}>
        {boardAge(ticket.created_at, now)}
      </span>
    </li>
  );
}

/** Kiosk mode, and the browser's full screen where it allows it (a kiosk browser may not). */
function FullScreenButton() {
  const [path, navigate] = useLocation();
  const open = () => {
    document.documentElement.requestFullscreen?.().catch(() => undefined);
    navigate(kioskAddress(path));
  };
  return (
    <Button variant="secondary" onClick={open}>
      Full screen
    </Button>
  );
}

export function BoardPage() {
  return useKioskMode() ? <KioskBoard /> : <RoomBoard />;
}

function RoomBoard() {
  const stats = useTicketStats(NO_FILTERS);
  const queue = useTicketPages('all', QUEUE);
  const live = useLiveStatus();
  const now = useMinuteClock();
  const slaOn = useSlaOn();
  const tickets = queue.data?.[0]?.list ?? [];
  const total = queue.data?.[0]?.total;

  return (
    <div className={styles.board} data-theme="dark">
      <header className={styles.head}>
        <h1 className={styles.heading}>Queue board</h1>
        <span className={styles.headEnd}>
          <span className={styles.live} data-state={live} role="status">
            {live === 'live' ? 'Live' : live === 'off' ? '' : 'Reconnecting…'}
          </span>
          <FullScreenButton />
        </span>
      </header>
      <section className={styles.counts} data-wide={slaOn || undefined} aria-label="Tickets by status">
        <Count label="Opened" value={stats.data?.status.opened} tone="red" />
        <Count label="Assigned" value={stats.data?.status.assigned} tone="yellow" />
        <Count label="Unassigned" value={stats.data?.unassigned} tone="blue" />
        <Count label="Closed" value={stats.data?.status.closed} tone="green" />
        {slaOn && <Count label="Due soon" value={stats.data?.sla?.due_soon} tone="yellow" />}
        {slaOn && <Count label="Breached" value={stats.data?.sla?.breached} tone="red" />}
      </section>
      <section aria-labelledby="board-queue">
        <h2 id="board-queue" className={styles.subheading}>
          Open and assigned{total !== undefined && total > tickets.length ? ` (${tickets.length} of ${total})` : ''}
        </h2>
        {queue.error && !queue.data ? (
          <FailureState error={queue.error} onRetry={queue.refetch} />
        ) : queue.isPending ? (
          <p className={styles.empty}>Loading</p>
        ) : tickets.length === 0 ? (
          <p className={styles.empty}>Nothing waiting.</p>
        ) : (
          <ol className={styles.list} aria-labelledby="board-queue">
            {tickets.map((ticket) => (
              <Row key={ticket.id} ticket={ticket} now={now} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
