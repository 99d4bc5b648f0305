import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * SPEC §2 gives the table column headers exactly ('First Name', 'Last seen', ...). A CSS
 * text-transform would make a browser show 'FIRST NAME' instead, which a user (and innerText)
 * reads as a different text, so the header cells must not transform their case.
 */
describe('texts SPEC fixes are shown as written', () => {
  it('table column headers keep their letter case', () => {
    const css = readFileSync(new URL('../../src/client/components/Table.module.css', import.meta.url), 'utf8');
    const headerRules = [...css.matchAll(/([^{}]*\bth\b[^{}]*)\{([^}]*)\}/g)].map((m) => m[2]);
    expect(headerRules.length).toBeGreaterThan(0);
    for (const body of headerRules) expect(body).not.toMatch(/text-transform\s*:\s*(uppercase|lowercase|capitalize)/);
  });
});
