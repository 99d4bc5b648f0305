/** CSV text as RFC 4180 writes it, never a formula when a spreadsheet opens it (OWASP "CSV injection"). */

/** A byte-order mark, so spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
export const CSV_NEWLINE = '\r\n';
/** Cells starting with these are formulas to a spreadsheet. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** `;` too: a spreadsheet in a `;` locale splits cells there, and quotes keep the cell whole. */
const NEEDS_QUOTES = /[",;\r\n]/;
/** …and a reader that ignores quotes must not find a formula after one either. */
const FORMULA_AFTER_SEMICOLON = /;(?=[=+\-@\t\r])/g;

export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  // Numbers are data, even negative ones; text that only looks like a formula is quoted as text.
  if (typeof value !== 'number' && FORMULA_START.test(text)) text = `'${text}`;
  text = text.replace(FORMULA_AFTER_SEMICOLON, ";'");
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole small file: a header line and one line per row, BOM first. */
export function csvText(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return CSV_BOM + [header, ...rows].map((row) => row.map(csvCell).join(',')).join(CSV_NEWLINE) + CSV_NEWLINE;
}
