/**
 * The size budget the client build enforces (docs/design.md#build): the sign-in screen is the
 * first thing everyone sees, often over a slow intranet link, so the CSS it loads has a ceiling.
 * Plain TypeScript that build.mjs imports (Node strips the types), so a unit test can check it.
 */

/** Gzip bytes of the CSS the sign-in screen loads (dist/index.html's one stylesheet). */
export const SIGN_IN_CSS_BUDGET_BYTES = 8 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Why the build must fail, or undefined when the sign-in CSS is within its budget. */
export function signInCssOverBudget(gzipBytes: number, budgetBytes = SIGN_IN_CSS_BUDGET_BYTES): string | undefined {
  if (gzipBytes <= budgetBytes) return undefined;
  return (
    `Build failed: the CSS the sign-in screen loads is ${kb(gzipBytes)} gzip, over its budget of ${kb(budgetBytes)} ` +
    `(build-budget.ts, docs/design.md#build). Move styles the sign-in screen does not need into an area's CSS ` +
    `(they load with the area), or raise the budget with a written reason.`
  );
}
