/**
 * What the simulated agents do (issue 26). Aggressive: each acts every ~10 s; realistic: once a
 * minute with 10 % writes. `visible`: the share of agents whose tab is on screen (a hidden tab's
 * lists wait, as the real client's do); people keep the app open in a background tab.
 */
export const PROFILES = {
  aggressive: {
    everyMs: 10_000,
    visible: 1,
    mix: { list: 40, search: 10, detail: 25, comment: 10, transition: 10, statsOrReport: 5 },
  },
  realistic: {
    everyMs: 60_000,
    visible: 0.3,
    mix: { list: 45, search: 10, detail: 30, comment: 5, transition: 5, statsOrReport: 5 },
  },
};

/** The next action's name, drawn by the mix's weights. */
export function drawAction(mix, random = Math.random) {
  const total = Object.values(mix).reduce((a, b) => a + b, 0);
  let at = random() * total;
  for (const [name, weight] of Object.entries(mix)) {
    if ((at -= weight) < 0) return name;
  }
  return Object.keys(mix)[0];
}

/** The wait before an agent's next action: the profile's interval, ±50 %. */
export const nextWait = (everyMs, random = Math.random) => everyMs * (0.5 + random());
