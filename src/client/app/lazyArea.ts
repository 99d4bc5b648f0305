/**
 * Loads an area's code and its stylesheet together. esbuild copies the CSS of every chunk that
 * an entry reaches by import() into that entry's stylesheet, so the sign-in screen would load
 * every area's CSS; in the built client the areas are therefore imported by the URL of their own
 * entry file, which build.mjs lists in <meta name="area-scripts">, with their stylesheets in
 * <meta name="area-styles"> (meta tags: no inline script under our CSP). Under vitest the
 * source is imported as usual.
 */
import { createElement, lazy, type ComponentType } from 'react';

const STYLES_META = 'area-styles';
const SCRIPTS_META = 'area-scripts';

function readMeta(name: string): Record<string, string> {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  try {
    return content ? (JSON.parse(content) as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function loadStylesheet(href: string | undefined): Promise<void> {
  if (!href || document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    // A missing stylesheet must not keep the screen from showing.
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}

/** Fetches a stylesheet into the cache without applying it. */
function prefetchStylesheet(href: string | undefined): void {
  if (!href || document.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'style';
  link.href = href;
  document.head.append(link);
}

export interface LazyArea {
  (): ReturnType<typeof createElement>;
  /** Starts loading now; once loaded, the area renders without suspending. */
  preload(): Promise<unknown>;
  /**
   * Loads the code and fetches the stylesheet without applying it: for an area that may not be
   * shown (sign-in pressed, role unknown). Applying every area's stylesheet would change the
   * cascade order of the rules they share.
   */
  warm(): Promise<unknown>;
}

/**
 * A lazily loaded area that can also be loaded before the first render: React reveals suspended
 * content at most every 300 ms, which on a kiosk is longer than the chunk takes to arrive.
 */
export function lazyArea(name: string, loadSource?: () => Promise<{ default: ComponentType }>): LazyArea {
  const load = loadSource ?? (() => import(/* @vite-ignore */ readMeta(SCRIPTS_META)[name]!) as Promise<{ default: ComponentType }>);
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const preload = () =>
    (loading ??= Promise.all([load(), loadStylesheet(readMeta(STYLES_META)[name])]).then(
      ([module]) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = null; // the next render may try again
        throw error;
      },
    ));
  const Suspending = lazy(preload);
  const Area = () => createElement(loaded ?? Suspending);
  Area.preload = preload;
  Area.warm = () => {
    prefetchStylesheet(readMeta(STYLES_META)[name]);
    return load();
  };
  return Area;
}
