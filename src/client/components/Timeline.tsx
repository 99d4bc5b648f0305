/**
 * The one stream of a ticket's page (docs/design.md#ticket-page): items drawn by their features
 * (an activity entry, a comment), each an <li>, on one rail, oldest first.
 */
import { Fragment, type ReactNode } from 'react';
import type { Timed } from '../lib/timeline.ts';
import styles from './Timeline.module.css';

/** One thing that happened, drawn as an <li> by the feature it belongs to. */
export interface TimelineItem extends Timed {
  key: string;
  node: ReactNode;
}

/** The ticket's activity entries for the timeline, and what to say while they cannot be shown. */
export interface Activity {
  items: TimelineItem[];
  /** The read's failure (message and Retry), or nothing. */
  status?: ReactNode;
}

export function Timeline({ items, label }: { items: readonly TimelineItem[]; label: string }) {
  if (items.length === 0) return null;
  return (
    <ol className={styles.stream} aria-label={label}>
      {items.map((item) => (
        <Fragment key={item.key}>{item.node}</Fragment>
      ))}
    </ol>
  );
}

/** The rail's marker classes, for the features' <li>s: a dot for an entry, a ring for a comment. */
export const timelineStyles = styles;
