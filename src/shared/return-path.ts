/**
 * The open-redirect rule shared by the client's return path and the server's directory sign-in:
 * only a same-origin path is ever followed. '//evil.com', '/\evil.com' (browsers read '\' as '/'),
 * 'https://…' and anything that resolves to another origin are refused.
 */

/** A stand-in origin to resolve against: whatever resolves elsewhere is not a path of ours. */
export const PROBE_ORIGIN = 'http://helpdesk.invalid';

/** The path, query and hash of `raw` if it is a same-origin path, else undefined. */
export function sameOriginPath(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//')) return undefined;
  // Backslashes and control characters have no place in our paths and are how redirects get smuggled.
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN) return undefined;
  return url.pathname + url.search + url.hash;
}
