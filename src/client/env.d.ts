declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}

declare module '*.css';

/** Baked in by build.mjs from the API_BASE environment variable; undefined under vitest. */
declare const __API_BASE__: string | undefined;

/**
 * true in the built client (build.mjs): areas are then loaded by the URL build.mjs writes in
 * <meta name="area-scripts">, not by an import() esbuild can see; undefined under vitest.
 */
declare const __BUNDLED__: boolean | undefined;
