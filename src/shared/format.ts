/** Display rules shared by every screen (product.md#ticket-card, #log-entry): card truncation, log dates, safe links. */
import { LIMITS, MONTHS } from './constants.ts';
import { firstCharacter, truncate } from './text.ts';
import type { TicketLogEntry } from './types.ts';

const ELLIPSIS = '...';

/** Characters are counted and cut whole (text.ts): an emoji or an accented letter is one. */
export function truncateTitle(title: string): string {
  return truncate(title, LIMITS.cardTitleMax, { keep: LIMITS.cardTitleKeep, ellipsis: ELLIPSIS });
}

export function truncateName(name: string): string {
  return truncate(name, LIMITS.cardNameMax, { keep: LIMITS.cardNameKeep, ellipsis: ELLIPSIS });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** US short month, day, year and 24-hour time in the viewer's zone: 'Nov 21, 2026 09:05'. */
export function formatLogDate(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : undefined;
  if (!date || Number.isNaN(date.getTime())) return '';
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function logEntryTime(entry: TicketLogEntry): string | null {
  const byAction = { opened: entry.opened_at, assigned: entry.assigned_at, closed: entry.closed_at, unassigned: entry.unassigned_at };
  return byAction[entry.action] ?? entry.created_at;
}

/** '@name: action ticket at date time' (product.md#log-entry). */
export function formatLogEntry(entry: TicketLogEntry): string {
  return `@${entry.name}: ${entry.action} ticket at ${formatLogDate(logEntryTime(entry))}`;
}

/** Only http and https links may become clickable; anything else is shown as text. */
export function isSafeLink(link: string | null | undefined): boolean {
  if (!link) return false;
  try {
    const { protocol } = new URL(link);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** The avatar's letters: the initials of the first name's words, at most two. */
export function initials(firstName: string): string {
  const words = firstName.trim().split(/[\s-]+/).filter(Boolean);
  return words.slice(0, 2).map((w) => firstCharacter(w).toUpperCase()).join('') || '?';
}
