/** The report's shared rules: dates and ranges, the page's URL state, and CSV text that never runs as a formula. */
import { describe, expect, it } from 'vitest';
import { csvText } from '../../src/shared/csv.ts';
import { daysInRange, lastDays, parseReportQuery } from '../../src/shared/report.ts';
import { readReportState, reportSearch } from '../../src/client/features/reports/reportUrl.ts';

describe('report rules', () => {
  it('counts UTC days, leap days included, and names the last N days up to today', () => {
    expect(daysInRange('2028-02-28', '2028-03-01')).toBe(3);
    expect(lastDays(30, Date.parse('2026-03-30T23:59:59Z'))).toEqual({ from: '2026-03-01', to: '2026-03-30' });
    expect(parseReportQuery(new URLSearchParams('from=2026-02-29&to=2026-03-01')).errors).toEqual({ from: "'From' must be a date" });
  });

  it('keeps the page state in the URL with defaults left out, and falls back on nonsense', () => {
    const now = Date.parse('2026-03-30T12:00:00Z');
    expect(readReportState('', now)).toEqual({ range: '30', from: '2026-03-01', to: '2026-03-30', group: 'category' });
    expect(readReportState('?range=7&group=team', now)).toEqual({ range: '30', from: '2026-03-01', to: '2026-03-30', group: 'category' });
    const custom = readReportState('?from=2026-01-01&to=2026-01-31&group=developer', now);
    expect(custom).toEqual({ range: 'custom', from: '2026-01-01', to: '2026-01-31', group: 'developer' });
    expect(reportSearch(custom)).toBe('?from=2026-01-01&to=2026-01-31&group=developer');
    expect(reportSearch(readReportState('?range=90', now))).toBe('?range=90');
  });

  it('writes CSV whose text cells never start a formula, while numbers stay numbers', () => {
    expect(csvText(['Name', 'Open'], [['=HYPERLINK("x")', -3], ['Dora, Dev', null]])).toBe('\uFEFFName,Open\r\n"\'=HYPERLINK(""x"")",-3\r\n"Dora, Dev",\r\n');
  });

  it("keeps a cell with ';' whole and inert where a spreadsheet splits cells on ';'", () => {
    const attack = 'Printer broken;=HYPERLINK("https://evil.example";"Click")';
    const line = csvText(['Title'], [[attack]]).split('\r\n')[1]!;
    expect(line).toBe('"Printer broken;\'=HYPERLINK(""https://evil.example"";""Click"")"');
    // Split on ';' as such a spreadsheet does: no piece starts a formula.
    for (const piece of line.replace(/^"|"$/g, '').split(';')) expect(piece).not.toMatch(/^[=+\-@\t\r]/);
    expect(csvText(['Title'], [['a;b']])).toBe('\uFEFFTitle\r\n"a;b"\r\n');
  });
});
