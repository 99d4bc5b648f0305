/**
 * Loads an area's code and its stylesheet together. esbuild puts a lazily imported chunk's CSS in
 * a file of its own and does not load it; build.mjs lists those files in a
 * <meta name="area-styles"> tag (no inline script under our CSP), and we add the <link> here.
 */
import { lazy, type ComponentType } from 'react';

const META_NAME = 'area-styles';

function readStyleMap(): Record<string, string> {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${META_NAME}"]`)?.content;
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

export function lazyArea(name: string, load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), loadStylesheet(readStyleMap()[name])]);
    return module;
  });
}
