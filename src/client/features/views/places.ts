/**
 * Where a view opens: each area's ticket list, as app/ describes it from the queue feature (no
 * feature imports another). A view keeps a list's search string; opened in an area, its scope
 * is read under that list's own name (`scope`, or the developer list's `tab`), so a shared view
 * a super saved opens in every area.
 */
import type { TicketFilters } from '../../../shared/workQueue.ts';
import type { TicketSource } from '../../api/tickets.ts';
import type { Area } from '../../lib/paths.ts';

export interface ListPlace {
  area: Area;
  /** The list page's path. */
  path: string;
  /** The name the list reads its scope under. */
  param: 'scope' | 'tab';
  /** Its scopes; the first is the default. */
  scopes: readonly string[];
  /** What the list at this search counts: its source and filters (the scope's fixed ones and default statuses included). */
  count(search: string, userId: number | undefined): { source: TicketSource; filters: TicketFilters };
}

const SCOPE_NAMES = ['scope', 'tab'];

const parts = (search: string) => (search.startsWith('?') ? search.slice(1) : search).split('&').filter(Boolean);
const nameOf = (part: string) => part.split('=')[0]!;

/** The view's search string as this list reads it ('?…', or '' for the default list). */
export function viewSearch(place: ListPlace, query: string): string {
  const all = parts(query);
  const scope = all.map((part) => part.split('=')).find(([name]) => SCOPE_NAMES.includes(name!))?.[1];
  const rest = all.filter((part) => !SCOPE_NAMES.includes(nameOf(part)));
  const kept = scope && scope !== place.scopes[0] && place.scopes.includes(scope) ? [`${place.param}=${scope}`] : [];
  const joined = [...kept, ...rest].join('&');
  return joined ? `?${joined}` : '';
}

/** The list's URL as a view keeps it: the scope always written, so the view means the same in every area. */
export function queryToSave(place: ListPlace, search: string): string {
  const all = parts(search);
  const scope = all.find((part) => nameOf(part) === place.param)?.split('=')[1] ?? place.scopes[0]!;
  return [`${place.param}=${scope}`, ...all.filter((part) => !SCOPE_NAMES.includes(nameOf(part)))].join('&');
}

/** Whether the list shown now is this view's. */
export const isShown = (place: ListPlace, query: string, path: string, search: string) =>
  path === place.path && viewSearch(place, query) === viewSearch(place, search);
