/**
 * axe-core inside the e2e browser: WCAG 2.0, 2.1 and 2.2 at levels A and AA. The one exception
 * allowed is docs/accessibility.md's: product.md#toasts fixes the toast colours (white on #4caf50, 2.78:1;
 * white on #FF0000, 4.0:1), so color-contrast on a toast showing exactly those colours is not
 * counted. Anything else — another rule, another element, another colour — is a violation.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { settled } from './harness.ts';

// Evaluated through the DevTools protocol rather than page.addScriptTag: the app's
// Content-Security-Policy (script-src 'self') rightly refuses an inline <script>.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] as const;
/**
 * The WCAG rules a change of theme alone can change: the theme swaps colours, never the DOM or
 * the layout. A width is not narrowed like this: it shows and hides elements (the phone's menu
 * button), so every rule may find something else there.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;
/** 'all': every WCAG A/AA rule; 'colour': COLOUR_RULES, for the same screen in another theme. */
export type AxeRules = 'all' | 'colour';

/** The toast colours of product.md#toasts, as getComputedStyle spells them. */
const SPEC_TOAST = { text: 'rgb(255, 255, 255)', backgrounds: ['rgb(76, 175, 80)', 'rgb(255, 0, 0)'] };
const TOAST_ITEM = 'section[aria-label="Notifications"] li';

export interface AxeNode {
  target: string;
  html: string;
  summary: string;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

export interface AxeScan {
  violations: AxeViolation[];
  /** Toast elements whose product.md#toasts colours axe flagged and the exception let pass. */
  exceptedToasts: number;
}

/** The page's WCAG A/AA violations (of `rules`), the toast colours of product.md#toasts excepted. */
export async function axeScan(page: Page, rules: AxeRules = 'all'): Promise<AxeScan> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  await settled(page);
  return page.evaluate(
    async ({ runOnly, toast, toastItem }) => {
      const axe = (window as unknown as { axe: any }).axe;
      const results = await axe.run(document, { runOnly, elementRef: true, resultTypes: ['violations'] });
      const isSpecToast = (element: Element | undefined) => {
        const item = element?.closest(toastItem);
        if (!item || !element) return false;
        return getComputedStyle(element).color === toast.text && toast.backgrounds.includes(getComputedStyle(item).backgroundColor);
      };
      let exceptedToasts = 0;
      const violations = results.violations
        .map((violation: any) => ({
          id: violation.id as string,
          impact: violation.impact as string | null,
          help: violation.help as string,
          nodes: violation.nodes
            .filter((node: any) => {
              const excepted = violation.id === 'color-contrast' && isSpecToast(node.element);
              if (excepted) exceptedToasts += 1;
              return !excepted;
            })
            .map((node: any) => ({ target: node.target.join(' '), html: String(node.html).slice(0, 160), summary: String(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240) })),
        }))
        .filter((violation: { nodes: unknown[] }) => violation.nodes.length > 0);
      return { violations, exceptedToasts };
    },
    {
      runOnly: rules === 'all' ? { type: 'tag', values: [...WCAG_TAGS] } : { type: 'rule', values: [...COLOUR_RULES] },
      toast: SPEC_TOAST,
      toastItem: TOAST_ITEM,
    },
  );
}

/** One line per failing element, to read in a test failure. */
export function describeViolations(where: string, violations: readonly AxeViolation[]): string {
  return violations
    .flatMap((violation) => violation.nodes.map((node) => `${where}: ${violation.id} (${violation.impact}) ${violation.help} — ${node.target} — ${node.summary} — ${node.html}`))
    .join('\n');
}

/** No violation in light (every rule) nor, once the page has turned dark, in dark (the colour rules); leaves the page light. */
export async function expectNoViolationsInBothThemes(page: Page, where: string): Promise<void> {
  expect(describeViolations(`${where} light`, (await axeScan(page)).violations)).toBe('');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  expect(describeViolations(`${where} dark`, (await axeScan(page, 'colour')).violations)).toBe('');
  await page.emulateMedia({ colorScheme: 'light' });
}
