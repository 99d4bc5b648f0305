/**
 * The composer's @mentions (docs/design.md#notifications): which '@name' is being typed at the caret,
 * and the text once a person is chosen. The rule for what is inserted lives in shared.
 */
import { mentionHandle, type Mentionable } from '../../../shared/notifications.ts';

/** An '@' that opens a word (not one inside an address), then the name typed so far. */
const TYPING = /(?:^|[^A-Za-z0-9._%+-])@([A-Za-z0-9._%+-]*)$/;

export interface MentionQuery {
  /** Where the '@' is. */
  start: number;
  /** What follows it up to the caret. */
  query: string;
}

/** The mention being typed just before the caret, or null. */
export function mentionAt(text: string, caret: number): MentionQuery | null {
  const match = TYPING.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1]!;
  return { start: caret - query.length - 1, query };
}

/** The text with the typed '@name' replaced by the person's handle and a space; the caret after it. */
export function insertMention(text: string, at: MentionQuery, person: Mentionable, offered: readonly Mentionable[]) {
  const handle = `@${mentionHandle(person.email, offered.map((other) => other.email))}`;
  const end = at.start + 1 + at.query.length;
  const rest = text.slice(end);
  const space = rest.startsWith(' ') ? '' : ' ';
  return { text: text.slice(0, at.start) + handle + space + rest, caret: at.start + handle.length + 1 };
}
