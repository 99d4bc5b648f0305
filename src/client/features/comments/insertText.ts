/** Text put into the composer at the caret (a canned reply): what is selected gives way, the rest stays. */
export interface Inserted {
  text: string;
  /** Just after the inserted text. */
  caret: number;
}

/** `start`/`end` are the box's selection; outside the text, they are taken as its end. */
export function insertText(text: string, start: number, end: number, inserted: string): Inserted {
  const from = Math.min(Math.max(start, 0), text.length);
  const to = Math.min(Math.max(end, from), text.length);
  return { text: text.slice(0, from) + inserted + text.slice(to), caret: from + inserted.length };
}
