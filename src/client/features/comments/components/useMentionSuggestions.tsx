/**
 * @mention suggestions in a comment box (docs/design.md#notifications): typing '@' and a letter or more
 * offers up to 8 people; ArrowDown/ArrowUp choose (wrapping), Enter or Tab inserts, Escape closes
 * until another '@'. The box stays a textbox that owns a listbox while it is open (aria-controls,
 * aria-activedescendant; a textbox may not carry aria-expanded), and a polite status says how many people were found.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { Mentionable } from '../../../../shared/notifications.ts';
import { useMentionable } from '../api.ts';
import { insertMention, mentionAt } from '../mentions.ts';
import styles from './Mentions.module.css';

const LIST_LABEL = 'People to mention';

const foundText = (count: number) => (count === 0 ? 'No one found' : `${count} ${count === 1 ? 'person' : 'people'} found, use the arrow keys to choose`);

export function useMentionSuggestions(text: string, setText: (text: string) => void, textarea: RefObject<HTMLTextAreaElement | null>) {
  const listId = useId();
  const [caret, setCaret] = useState(text.length);
  const [active, setActive] = useState(0);
  // The '@' whose suggestions Escape closed: they stay closed until another one is typed.
  const [dismissed, setDismissed] = useState<number | null>(null);
  const typing = mentionAt(text, caret);
  const query = typing && typing.query !== '' && typing.start !== dismissed ? typing : null;
  const found = useMentionable(query?.query ?? '', query !== null);
  // While the next letter's answer is on its way, the last list stays (no flicker).
  const [shown, setShown] = useState<Mentionable[]>([]);
  useEffect(() => {
    if (found.data) setShown(found.data);
  }, [found.data]);
  const options = query ? (found.data ?? shown) : [];
  const open = options.length > 0;
  const current = Math.min(active, Math.max(options.length - 1, 0));

  useEffect(() => setActive(0), [query?.start, query?.query]);

  // The caret goes after an inserted name once the new text is in the box.
  const nextCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (nextCaret.current === null || !textarea.current) return;
    textarea.current.setSelectionRange(nextCaret.current, nextCaret.current);
    nextCaret.current = null;
  });

  const readCaret = () => setCaret(textarea.current?.selectionStart ?? text.length);

  function choose(person: Mentionable) {
    if (!query) return;
    const next = insertMention(text, query, person, options);
    nextCaret.current = next.caret;
    setText(next.text);
    setCaret(next.caret);
  }

  /** Answers whether the key was the suggestions' (the caller then does nothing more with it). */
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open || event.ctrlKey || event.metaKey || event.altKey) return false;
    const keys: Record<string, () => void> = {
      ArrowDown: () => setActive((current + 1) % options.length),
      ArrowUp: () => setActive((current - 1 + options.length) % options.length),
      Enter: () => choose(options[current]!),
      Tab: () => choose(options[current]!),
      Escape: () => setDismissed(query!.start),
    };
    const action = event.shiftKey && event.key === 'Tab' ? undefined : keys[event.key];
    if (!action) return false;
    event.preventDefault();
    event.stopPropagation();
    action();
    return true;
  }

  const optionId = (index: number) => `${listId}-option-${index}`;
  const status = query && found.data ? foundText(found.data.length) : '';

  return {
    /** For the textarea: its relation to the list, and the caret followed as it moves. */
    textareaProps: {
      'aria-autocomplete': 'list' as const,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(current) : undefined,
      onSelect: readCaret,
      onClick: readCaret,
    },
    /** After each change of the text, where the caret now is. */
    onTextChange: (value: string) => setCaret(textarea.current?.selectionStart ?? value.length),
    onKeyDown,
    popup: (
      <>
        {open && (
          <ul id={listId} role="listbox" aria-label={LIST_LABEL} className={styles.list}>
            {options.map((person, index) => (
              <li
                key={person.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === current}
                className={styles.option}
                // The box keeps focus: the choice is made on click, without a blur.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(person)}
              >
                <span className={styles.name}>{person.name}</span>
                <span className={styles.email}>{person.email}</span>
              </li>
            ))}
          </ul>
        )}
        <span role="status" className="visually-hidden">
          {status}
        </span>
      </>
    ),
  };
}
