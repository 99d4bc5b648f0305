/**
 * When a page really drew something, from a Chromium trace: the end of the main-thread task that
 * painted the first frame after a mark. A timer after requestAnimationFrame (what an in-page
 * timing can do) runs only after whatever work React scheduled before it, so it would count the
 * background render that follows a frame as part of the frame.
 */
const CATEGORIES = 'devtools.timeline,disabled-by-default-devtools.timeline';

/** Runs `act` with tracing on; answers `act`'s result and the trace's events. */
export async function traced(cdp, act, categories = CATEGORIES) {
  const events = [];
  const collect = ({ value }) => events.push(...value);
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  try {
    return { result: await act(), events };
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
  }
}

/** The `console.timeStamp(name)` mark in the trace. */
export function markOf(events, name) {
  const mark = events.find((event) => event.name === 'TimeStamp' && event.args?.data?.message === name);
  if (!mark) throw new Error(`no "${name}" mark in the trace`);
  return mark;
}

const tasksOf = (events, tid) => events.filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.tid === tid);

/**
 * From the `start` mark to the end of the task that painted the first frame after the `shown`
 * mark (ms), and the main thread's busy time in between (ms).
 */
export function drawnAfter(events, start, shown) {
  const from = markOf(events, start);
  const after = markOf(events, shown);
  const paint = events.filter((event) => event.name === 'Paint' && event.tid === after.tid && event.ts > after.ts).sort((a, b) => a.ts - b.ts)[0];
  if (!paint) throw new Error(`no paint after "${shown}" in the trace`);
  const tasks = tasksOf(events, after.tid);
  const painting = tasks.filter((task) => task.ts <= paint.ts && task.ts + task.dur >= paint.ts + (paint.dur ?? 0)).sort((a, b) => a.dur - b.dur)[0];
  const end = painting ? painting.ts + painting.dur : paint.ts + (paint.dur ?? 0);
  const busy = tasks.filter((task) => task.ts + task.dur > from.ts && task.ts < end).reduce((sum, task) => sum + Math.min(end, task.ts + task.dur) - Math.max(from.ts, task.ts), 0);
  return { ms: (end - from.ts) / 1000, work: busy / 1000 };
}
