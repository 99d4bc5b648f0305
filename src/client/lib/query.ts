/** useQuery / useMutation over the cache in queryCache.ts (design.md#query-cache). */
import { useCallback, useState, useSyncExternalStore } from 'react';
import { hashKey, snapshotOf, type QueryKey } from './queryCache.ts';
import { cacheGeneration, refetchKey, subscribeClears, watch } from './queryWatch.ts';
import { useLatest } from './useLatest.ts';

export { invalidate, updateData, type QueryKey } from './queryCache.ts';
export { clearQueries } from './queryWatch.ts';

export interface QueryResult<T> {
  data: T | undefined;
  error: Error | null;
  /** No data yet (stale data stays on screen while it refetches). */
  isPending: boolean;
  isFetching: boolean;
  refetch(): void;
}

export interface QueryOptions {
  /** Fetch only when true. @default true */
  enabled?: boolean;
  /** Never dropped and never refetched on mount; only an invalidation refreshes it. @default false */
  keepForever?: boolean;
}

/**
 * A cached read. Rendering only reads the cache; the subscription (an effect) creates the entry
 * and fetches. `fetcher` gets an AbortSignal: pass it to request() so a superseded or abandoned
 * read stops.
 */
export function useQuery<T>(key: QueryKey, fetcher: (signal: AbortSignal) => Promise<T>, options: QueryOptions = {}): QueryResult<T> {
  const { enabled = true, keepForever = false } = options;
  const hash = hashKey(key);
  const latest = useLatest({ hash, fetcher });
  // A cleared cache has no entry to watch any more: resubscribe onto a fresh one.
  const generation = useSyncExternalStore(subscribeClears, cacheGeneration);
  const subscribeEntry = useCallback(
    (listener: () => void) => {
      // Once this hook has moved on to another key, a fetch still running for this one (another
      // screen took it over, a retry) must read this key, not the hook's new one.
      const own = fetcher;
      return watch(key, (signal) => (latest.current.hash === hash ? latest.current.fetcher : own)(signal), { enabled, keepForever }, listener);
    },
    // `key` is named by its hash: a new array with the same parts is the same query.
    [hash, enabled, keepForever, generation, latest],
  );
  const snapshot = useSyncExternalStore(subscribeEntry, () => snapshotOf(hash));
  const refetch = useCallback(() => void refetchKey(hash), [hash]);
  return { ...snapshot, data: snapshot.data as T | undefined, refetch };
}

export interface MutationOptions<V, R> {
  onSuccess?(result: R, vars: V): void;
  onError?(error: Error, vars: V): void;
}

export interface MutationResult<V, R> {
  mutate(vars: V): void;
  mutateAsync(vars: V): Promise<R>;
  isPending: boolean;
  error: Error | null;
  reset(): void;
}

/** Mutations are never retried: sending a change twice is not safe in general. */
export function useMutation<V, R>(fn: (vars: V) => Promise<R>, options: MutationOptions<V, R> = {}): MutationResult<V, R> {
  const [state, setState] = useState<{ isPending: boolean; error: Error | null }>({ isPending: false, error: null });
  const latest = useLatest({ fn, options });

  const mutateAsync = useCallback(async (vars: V) => {
    setState({ isPending: true, error: null });
    try {
      const result = await latest.current.fn(vars);
      setState({ isPending: false, error: null });
      latest.current.options.onSuccess?.(result, vars);
      return result;
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      setState({ isPending: false, error });
      latest.current.options.onError?.(error, vars);
      throw error;
    }
  }, []);
  const mutate = useCallback((vars: V) => void mutateAsync(vars).catch(() => {}), [mutateAsync]);
  const reset = useCallback(() => setState({ isPending: false, error: null }), []);
  return { mutate, mutateAsync, reset, ...state };
}
