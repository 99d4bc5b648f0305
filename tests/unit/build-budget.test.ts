/** The build fails when the CSS the sign-in screen loads is over its 8 KB gzip budget (docs/design.md#build). */
import { expect, it } from 'vitest';
import { SIGN_IN_CSS_BUDGET_BYTES, signInCssOverBudget } from '../../build-budget.ts';

it('the sign-in CSS budget is 8 KB of gzip', () => {
  expect(SIGN_IN_CSS_BUDGET_BYTES).toBe(8192);
});

it('passes up to the budget and fails one byte over it, saying by how much and what to do', () => {
  expect(signInCssOverBudget(7_168)).toBeUndefined();
  expect(signInCssOverBudget(8_192)).toBeUndefined();
  expect(signInCssOverBudget(8_193)).toBe(
    'Build failed: the CSS the sign-in screen loads is 8.0 KB gzip, over its budget of 8.0 KB ' +
      "(build-budget.ts, docs/design.md#build). Move styles the sign-in screen does not need into an area's CSS " +
      '(they load with the area), or raise the budget with a written reason.',
  );
  expect(signInCssOverBudget(9_000)).toMatch(/is 8\.8 KB gzip, over its budget of 8\.0 KB/);
});
