/**
 * The one failure state of every screen (docs/product.md#failures): SPEC's '<message>...' line,
 * then what to do. A missing thing (404) offers the way back to the area's tickets; a network
 * error or a 5xx offers Retry; any other 4xx offers no Retry (the same call would be refused
 * again), and a 429 says how long to wait.
 */
import { useLocation } from 'wouter';
import { FAILURES } from '../../shared/messages.ts';
import { canRetry, failureKind, waitHint } from '../lib/failure.ts';
import { areaOf, ROUTES, type Area } from '../lib/paths.ts';
import { Button, ButtonLink } from './Button.tsx';
import { Icon } from './Icon.tsx';
import styles from './FailureState.module.css';

/** Where "Back to tickets" goes in each area: its ticket list. */
const TICKET_LIST: Record<Area, string> = {
  admin: ROUTES.admin.tickets,
  support: ROUTES.support.home,
  developer: ROUTES.developer.home,
};

export interface FailureStateProps {
  error: Error;
  /** Fetches again; offered only when that can help (network, 5xx). @default no Retry */
  onRetry?(): void;
}

export function FailureState({ error, onRetry }: FailureStateProps) {
  const [location] = useLocation();
  const wait = waitHint(error);
  const missing = failureKind(error) === 'missing';
  return (
    <div className={styles.failed}>
      <Icon name="warning" size={28} className={styles.icon} />
      <p role="alert" className={styles.error}>
        {`${error.message}...`}
      </p>
      {wait && <p className={styles.hint}>{wait}</p>}
      {(missing || (onRetry && canRetry(error))) && (
        <div className={styles.actions}>
          {missing && (
            <ButtonLink href={TICKET_LIST[areaOf(location)]} variant="secondary">
              {FAILURES.backToTickets}
            </ButtonLink>
          )}
          {onRetry && canRetry(error) && (
            <Button type="button" variant="secondary" onClick={onRetry}>
              {FAILURES.retry}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
