/** A process's CPU time and resident memory, read from /proc (Linux). */
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) the process has used so far. */
export function cpuSeconds(pid) {
  // The name (field 2) may hold spaces: count fields from after its closing parenthesis.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

export function rssMB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) / 1024;
}

/** Starts a CPU measurement of `pid`; end() answers the share of one core used meanwhile (1 = 100 %). */
export function cpuMeter(pid) {
  const t0 = performance.now();
  const c0 = cpuSeconds(pid);
  return { end: () => (cpuSeconds(pid) - c0) / ((performance.now() - t0) / 1000) };
}

/** The soft "Max open files" of a process (Node raises its own to the hard limit at start). */
export function openFilesLimit(pid) {
  const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
  return Number(/^Max open files\s+(\d+)/m.exec(limits)?.[1] ?? NaN);
}

/** The kernel's count of connections dropped because a listen queue was full (all sockets, since boot; Linux). */
export function listenOverflows() {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n').filter((line) => line.startsWith('TcpExt:'));
    const names = lines[0].split(/\s+/);
    const values = lines[1].split(/\s+/);
    return Number(values[names.indexOf('ListenOverflows')]);
  } catch {
    return NaN;
  }
}
