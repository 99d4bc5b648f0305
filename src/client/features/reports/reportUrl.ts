/**
 * The page's state lives in its URL, so a link opens the same report and Back and Forward
 * return to the last one: `?range=90&group=developer`, or a custom `?from=…&to=…`. The last 30
 * days by category is the plain path.
 */
import { DEFAULT_REPORT_GROUP, lastDays, parseReportQuery, type ReportGroup, type ReportQuery } from '../../../shared/report.ts';

export const PRESETS = ['30', '90'] as const;
export type RangeChoice = (typeof PRESETS)[number] | 'custom';
const DEFAULT_PRESET = '30';

export interface ReportState extends ReportQuery {
  range: RangeChoice;
}

/** Reads the URL; anything unusable falls back to the defaults instead of failing. */
export function readReportState(search: string, nowMs: number): ReportState {
  const params = new URLSearchParams(search);
  const { query, errors } = parseReportQuery(params);
  const group: ReportGroup = errors.group ? DEFAULT_REPORT_GROUP : query.group;
  if (params.has('from') && params.has('to') && !errors.from && !errors.to) return { range: 'custom', from: query.from, to: query.to, group };
  const preset = PRESETS.find((days) => days === params.get('range')) ?? DEFAULT_PRESET;
  return { range: preset, ...lastDays(Number(preset), nowMs), group };
}

/** '?range=90&group=developer', '?from=2026-01-01&to=2026-01-31', or '' for the defaults. */
export function reportSearch(state: ReportState): string {
  const params = new URLSearchParams();
  if (state.range === 'custom') {
    params.set('from', state.from);
    params.set('to', state.to);
  } else if (state.range !== DEFAULT_PRESET) params.set('range', state.range);
  if (state.group !== DEFAULT_REPORT_GROUP) params.set('group', state.group);
  const text = params.toString();
  return text ? `?${text}` : '';
}
