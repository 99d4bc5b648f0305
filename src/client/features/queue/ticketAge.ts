/** A ticket's age in the table's few characters: '40 min', '5 h', '3 d', '6 w', '4 mo', '2 y'. */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const STEPS = [
  { below: HOUR, unit: MINUTE, label: 'min' },
  { below: DAY, unit: HOUR, label: 'h' },
  { below: 14 * DAY, unit: DAY, label: 'd' },
  { below: 60 * DAY, unit: 7 * DAY, label: 'w' },
  { below: 730 * DAY, unit: 30 * DAY, label: 'mo' },
  { below: Infinity, unit: 365 * DAY, label: 'y' },
] as const;

export function ticketAge(createdAt: string, now = Date.now()): string {
  const at = new Date(createdAt).getTime();
  if (Number.isNaN(at)) return '';
  const age = Math.max(0, now - at);
  const step = STEPS.find((each) => age < each.below)!;
  return `${Math.max(1, Math.floor(age / step.unit))} ${step.label}`;
}
