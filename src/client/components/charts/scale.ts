/** Axis arithmetic shared by the charts: round tick steps, and which of many labels to print. */

/** The smallest "round" step (1, 2 or 5 × 10ⁿ) giving at most `ticks` steps up to `max`. */
export function niceStep(max: number, ticks: number): number {
  if (max <= 0) return 1;
  const rough = max / ticks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough) ?? 10 * power;
  return Math.max(1, step);
}

/** Tick values from 0 to the first multiple of the step at or above max. */
export function ticksFor(max: number, ticks = 4): number[] {
  const step = niceStep(max, ticks);
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

/** Every how many categories a label fits, at `minGap` px between labels. */
export const labelEvery = (count: number, width: number, minGap: number) => Math.max(1, Math.ceil(count / Math.max(1, Math.floor(width / minGap))));
