/**
 * A ticket's timeline (docs/design.md#ticket-page): comments and activity entries in one stream,
 * oldest first, so what is read top to bottom (and by a screen reader) is what happened in order.
 */

/** Anything placed on the timeline by the moment it happened (an ISO-8601 time). */
export interface Timed {
  at: string;
}

const timeOf = (item: Timed) => {
  const time = Date.parse(item.at);
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
};

/**
 * The groups' items in one list by time, oldest first. Equal times keep the groups' order (the
 * first group's item first) and each group's own order: the sort is stable.
 */
export function interleave<T extends Timed>(...groups: readonly (readonly T[])[]): T[] {
  return groups.flat().sort((a, b) => timeOf(a) - timeOf(b));
}

/**
 * While older comments are still to load page by page, an entry after the last comment shown
 * waits: showing it would put it above comments that happened before it.
 */
export function shownUntil<T extends Timed>(items: readonly T[], last: string | undefined): T[] {
  if (last === undefined) return [...items];
  const limit = Date.parse(last);
  return items.filter((item) => timeOf(item) <= limit);
}
