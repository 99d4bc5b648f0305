declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}

declare module '*.css';

/** Baked in by build.mjs from the API_BASE environment variable; undefined under vitest. */
declare const __API_BASE__: string | undefined;
