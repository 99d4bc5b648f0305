/**
 * The board in kiosk mode (docs/design.md#kiosk): the whole screen, no app chrome, large type
 * for a room. It turns through every open ticket by itself, shows the time, when it last heard
 * from the server and whether it is live, and colours overdue and SLA-breached rows. It opens the
 * live stream itself (the header that usually does is not there), and that stream reconnects on
 * its own after a lost connection or a server restart. The next page is rendered ahead, hidden
 * in the same place, so a turn shows it without building or laying out a row; that page is built
 * as a deferred value, in slices between frames.
 */
import { useDeferredValue, useEffect, useState, type CSSProperties } from 'react';
import { Link, useLocation } from 'wouter';
import { useTicketStats } from '../../../api/tickets.ts';
import { useAuth } from '../../../lib/auth.ts';
import { startLiveUpdates, useLiveStatus } from '../../../lib/liveUpdates.ts';
import { hhmm, pageCount, realTimer, rowsFor, type KioskTimer } from './paging.ts';
import { KioskPage } from './KioskPage.tsx';
import { useKioskPages } from './useKioskPages.ts';
import styles from './KioskBoard.module.css';

const CLOCK_MS = 1000;
const NO_FILTERS = {};
const LIVE_WORDS = { live: 'Live', reconnecting: 'Reconnecting…', connecting: 'Connecting…', off: 'Offline' } as const;

function useClock(timer: KioskTimer): number {
  const [now, setNow] = useState(() => timer.now());
  useEffect(() => timer.every(CLOCK_MS, () => setNow(timer.now())), [timer]);
  return now;
}

function useScreenRows(): number {
  const [rows, setRows] = useState(() => rowsFor(window.innerHeight));
  useEffect(() => {
    const onResize = () => setRows(rowsFor(window.innerHeight));
    addEventListener('resize', onResize);
    return () => removeEventListener('resize', onResize);
  }, []);
  return rows;
}

function useOwnLiveStream() {
  const token = useAuth((state) => state.accessToken);
  useEffect(() => (token ? startLiveUpdates() : undefined), [token]);
}

/** The clock ticks on its own, so the rows do not redraw every second. */
function Clock({ timer }: { timer: KioskTimer }) {
  return <time className={styles.clock}>{hhmm(useClock(timer))}</time>;
}

function leaveFullscreen() {
  if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
}

function Count({ label, value }: { label: string; value: number | undefined }) {
  return (
    <span className={styles.count}>
      <span className={styles.countValue}>{value ?? '–'}</span> {label}
    </span>
  );
}

export function KioskBoard({ timer = realTimer }: { timer?: KioskTimer }) {
  useOwnLiveStream();
  const [path] = useLocation();
  const rows = useScreenRows();
  const { shown, ahead: next, error, isPending } = useKioskPages(rows, timer);
  // Built in the background, in slices that leave the frames alone; a turn never waits for it.
  const ahead = useDeferredValue(next);
  const stats = useTicketStats(NO_FILTERS);
  const live = useLiveStatus();
  const total = shown?.page.total ?? 0;
  const tickets = shown?.page.list ?? [];

  return (
    <div className={styles.kiosk} data-theme="dark" style={{ '--rows': rows } as CSSProperties}>
      <header className={styles.head}>
        <h1 className={styles.heading}>Queue board</h1>
        <div className={styles.counts} aria-label="Tickets by status" role="group">
          <Count label="Opened" value={stats.data?.status.opened} />
          <Count label="Assigned" value={stats.data?.status.assigned} />
          <Count label="Unassigned" value={stats.data?.unassigned} />
        </div>
        <div className={styles.state}>
          <Clock timer={timer} />
          <span className={styles.live} data-state={live} role="status">
            <span className={styles.liveDot} aria-hidden="true" />
            {LIVE_WORDS[live]}
          </span>
          {shown && <span className={styles.updated}>Updated {hhmm(shown.at)}</span>}
        </div>
      </header>
      <section className={styles.body} aria-labelledby="kiosk-queue">
        <h2 id="kiosk-queue" className={styles.subheading}>
          Open and assigned{shown ? ` · Page ${shown.index + 1} of ${pageCount(total, rows)}` : ''}
        </h2>
        {error && !shown ? (
          <p className={styles.empty}>{error.message}...</p>
        ) : isPending ? (
          <p className={styles.empty}>Loading</p>
        ) : tickets.length === 0 ? (
          <p className={styles.empty}>Nothing waiting.</p>
        ) : (
          <div className={styles.pages}>
            {/* Keyed by place: at a turn the page read ahead keeps its rows and only comes into view. */}
            {[shown, ahead].map((page) => page && (page === shown || page.key !== shown?.key) && <KioskPage key={page.key} tickets={page.page.list} now={page.at} ahead={page !== shown} />)}
          </div>
        )}
      </section>
      <Link href={path} className={styles.exit} onClick={leaveFullscreen}>
        Exit full screen
      </Link>
    </div>
  );
}
