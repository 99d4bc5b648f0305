/**
 * The one offline notice (docs/product.md#failures): shown while the browser is offline or calls
 * get no answer, gone once they do. While the browser believes it is online but the server does
 * not answer, it asks the server now and then, so the banner leaves (and reads refetch) on its own.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { FAILURES } from '../../shared/messages.ts';
import { connectionStore, serverUnreachable } from '../lib/connection.ts';
import { probeConnection } from '../lib/request.ts';
import { Icon } from './Icon.tsx';
import styles from './OfflineBanner.module.css';

const FIRST_PROBE_MS = 5_000;
const PROBE_CAP_MS = 60_000;

/** Asks the server with a growing pause (5 s, 10 s … 60 s) while it does not answer. */
function useProbeWhileUnreachable(offline: boolean) {
  useEffect(() => {
    if (!offline) return;
    let delay = FIRST_PROBE_MS;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      timer = setTimeout(async () => {
        // The browser's own 'online' event covers a lost network; probing then would only fail.
        if (serverUnreachable()) await probeConnection();
        delay = Math.min(delay * 2, PROBE_CAP_MS);
        next();
      }, delay);
    };
    next();
    return () => clearTimeout(timer);
  }, [offline]);
}

export function OfflineBanner() {
  const offline = useSyncExternalStore(connectionStore.subscribe, connectionStore.getSnapshot);
  useProbeWhileUnreachable(offline);
  return (
    // A live region present from the start, so the banner's arrival is announced.
    <div aria-live="polite" className={styles.region}>
      {offline && (
        <p className={styles.banner}>
          <Icon name="warning" size={18} />
          <span>{FAILURES.offline}</span>
        </p>
      )}
    </div>
  );
}
