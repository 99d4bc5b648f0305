/**
 * The process's open-file budget (design.md#open-files): every connection is a descriptor, and so are
 * the database's files, a backup's copy, the mail relay's socket and the logs. Out of descriptors,
 * SQLite cannot open its journal and a write fails with 500; so connections get the limit minus a
 * reserve, and event streams a share of that which leaves room for the requests of the people holding them.
 */
import { readFileSync } from 'node:fs';

/** Where the limit is not readable (not Linux): a common soft limit. Set OPEN_FILES_LIMIT there. */
export const DEFAULT_OPEN_FILES_LIMIT = 1024;
/**
 * Kept for the server's own work: Node's own descriptors, SQLite's (the database, its WAL and
 * shared memory, temporary files; the report runner's connection), backups, mail and log files.
 */
export const OPEN_FILES_RESERVE = 256;
/** From this share of the connection budget, idle keep-alive connections are closed, oldest first… */
export const CONNECTIONS_HIGH_SHARE = 0.9;
/** …until the open ones are back at this share. */
export const CONNECTIONS_LOW_SHARE = 0.8;
/** Event streams may take at most this share of the connections: the rest carry the requests. */
export const STREAMS_SHARE = 0.85;

export interface OpenFilesBudget {
  /** The process's open-file limit (soft), read or given. */
  limit: number;
  /** Open connections at most: limit − OPEN_FILES_RESERVE. */
  connections: number;
  /** From here idle keep-alive connections are closed… */
  highWater: number;
  /** …down to here. */
  lowWater: number;
  /** Event streams the descriptors allow (EVENTS_MAX_STREAMS may ask for fewer). */
  streams: number;
}

/** The soft "Max open files" of /proc/self/limits; undefined when unreadable; Infinity when unlimited. */
export function parseOpenFilesLimit(limits: string): number | undefined {
  const soft = /^Max open files\s+(\S+)/m.exec(limits)?.[1];
  if (soft === undefined) return undefined;
  if (soft === 'unlimited') return Infinity;
  const value = Number(soft);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** This process's open-file limit as Node left it (Node raises the soft limit to the hard one at start; we raise nothing). */
export function readOpenFilesLimit(): number {
  try {
    return parseOpenFilesLimit(readFileSync('/proc/self/limits', 'utf8')) ?? DEFAULT_OPEN_FILES_LIMIT;
  } catch {
    return DEFAULT_OPEN_FILES_LIMIT;
  }
}

/** The budget for `limit` descriptors; at least one connection and one stream whatever the limit. */
export function openFilesBudget(limit: number): OpenFilesBudget {
  const connections = Math.max(2, Math.min(Number.MAX_SAFE_INTEGER, limit - OPEN_FILES_RESERVE));
  const highWater = Math.max(1, Math.floor(connections * CONNECTIONS_HIGH_SHARE));
  return {
    limit,
    connections,
    highWater,
    lowWater: Math.min(highWater, Math.max(1, Math.floor(connections * CONNECTIONS_LOW_SHARE))),
    streams: Math.max(1, Math.floor(connections * STREAMS_SHARE)),
  };
}
