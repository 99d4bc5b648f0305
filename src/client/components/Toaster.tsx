/**
 * Bottom-right toasts: 3 at a time, 4 s each (or their own time), paused on hover, while focus is
 * inside, or in a hidden tab; swipe right to dismiss. A toast's action ("Undo") is a real button.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react';
import { toast, toastStore, type ToastItem } from '../lib/toast.ts';
import { Icon } from './Icon.tsx';
import styles from './Toaster.module.css';

const MAX_VISIBLE = 3;
const DURATION_MS = 4000;
const SWIPE_THRESHOLD_PX = 20;

function subscribeVisibility(listener: () => void) {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

/** Counts down only while not paused; what is left carries over to the next run. Shown again, it starts afresh. */
function useDismissTimer(id: string, paused: boolean, durationMs: number, shownAt: number) {
  const remaining = useRef(durationMs);
  const lastShown = useRef(shownAt);
  useEffect(() => {
    if (lastShown.current !== shownAt) {
      lastShown.current = shownAt;
      remaining.current = durationMs;
    }
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => toast.dismiss(id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [id, paused, shownAt, durationMs]);
}

function Toast({ item, paused }: { item: ToastItem; paused: boolean }) {
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [focused, setFocused] = useState(false);
  const start = useRef<number | null>(null);
  useDismissTimer(item.id, paused || dragging || focused, item.durationMs ?? DURATION_MS, item.shownAt);
  const action = item.action;

  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
    setDragging(true);
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = (event: PointerEvent) => {
    if (start.current === null) return;
    const moved = event.clientX - start.current;
    start.current = null;
    setDragging(false);
    if (moved > SWIPE_THRESHOLD_PX) toast.dismiss(item.id);
    else setOffset(0);
  };

  return (
    <li
      className={`${styles.toast} ${styles[item.type]}`}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <span className={styles.message}>
        <span>{item.message}</span>
        {item.detail && <span> {item.detail}</span>}
        {item.count > 1 && <span className={styles.count}> ({item.count})</span>}
      </span>
      {action && (
        <button
          type="button"
          className={styles.action}
          onPointerDown={(event) => event.stopPropagation()}
          onClick={() => {
            toast.dismiss(item.id);
            action.run();
          }}
        >
          {action.label}
        </button>
      )}
      <button type="button" className={styles.close} aria-label="Close notification" onClick={() => toast.dismiss(item.id)}>
        <Icon name="close" size={16} />
      </button>
    </li>
  );
}

export function Toaster() {
  const items = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot);
  const hidden = useSyncExternalStore(subscribeVisibility, () => document.hidden);
  const [hovered, setHovered] = useState(false);
  // First come, first shown: a fourth toast waits until one of the three leaves, so no message
  // is pushed out of sight unread; it gets its full time once it appears.
  const visible = items.slice(0, MAX_VISIBLE);
  return (
    <section aria-label="Notifications" className={styles.region}>
      <ol
        aria-live="polite"
        className={styles.list}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        {visible.map((item) => (
          <Toast key={item.id} item={item} paused={hovered || hidden} />
        ))}
      </ol>
    </section>
  );
}
