/**
 * The write → other agents' streams time, across the load generator's processes: a write's start
 * (by the machine's clock, comparable between processes) reaches every process through the parent;
 * a frame that arrives before the news of its write waits for it a while.
 */

/** A frame whose write is not known after this long is not counted (a write from before the window). */
const WAIT_FOR_WRITE_MS = 2000;
const PRUNE_EVERY_MS = 1000;

/** Milliseconds by the machine's clock, with performance.now()'s resolution. */
export const clock = () => performance.timeOrigin + performance.now();

/** `send(write)`: tells the other processes; `recorder.fanOut(ms)` records one stream's wait. */
export function createFanOut(recorder, send) {
  const writes = new Map();
  /** key → [{at, receiver}] of frames that came before their write was known. */
  const early = new Map();

  function known(key, write) {
    writes.set(key, write);
    for (const frame of early.get(key) ?? []) {
      if (frame.at >= write.t0 && frame.receiver !== write.actor) recorder.fanOut(frame.at - write.t0);
    }
    early.delete(key);
  }
  const pruner = setInterval(() => {
    const before = clock() - WAIT_FOR_WRITE_MS;
    for (const [key, frames] of early) if (frames.at(-1).at < before) early.delete(key);
  }, PRUNE_EVERY_MS).unref();

  return {
    /** An agent of this process starts a write of `key` (`ticket|change`). */
    started(key, actor) {
      const write = { key, t0: clock(), actor };
      send(write);
      known(key, write);
    },
    /** Another process's write. */
    remote: (write) => known(write.key, write),
    /** A frame about `key` reached agent `receiver`'s stream. */
    arrived(key, receiver) {
      const at = clock();
      const write = writes.get(key);
      if (write && at >= write.t0) {
        if (write.actor !== receiver) recorder.fanOut(at - write.t0);
        return;
      }
      let frames = early.get(key);
      if (!frames) early.set(key, (frames = []));
      frames.push({ at, receiver });
    },
    /** The window starts: writes before it are not its fan-out. */
    clear() {
      writes.clear();
      early.clear();
    },
    stop: () => clearInterval(pruner),
  };
}
