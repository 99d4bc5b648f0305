/**
 * The ticket search: what is typed reaches the URL (and so the server) 250 ms after the last key,
 * not on every key; '/' focuses it, as it does every search (components/SearchInput.tsx).
 */
import { useEffect, useState } from 'react';
import { SearchInput } from '../../../components/SearchInput.tsx';
import { useLatest } from '../../../lib/useLatest.ts';
import { TOUCH_QUERY, useMediaQuery } from '../../../lib/useMediaQuery.ts';
import styles from './TicketToolbar.module.css';

const SEARCH_DEBOUNCE_MS = 250;
const LABEL = 'Search tickets';
/** The '/' hint only where there is a keyboard to press it on. */
const WITH_KEY_HINT = 'Search tickets  ( / )';

export interface SearchBoxProps {
  /** The search in the URL. */
  value: string;
  /** Called with the settled text; `replace` when refining a search already in the URL. */
  onSearch(q: string, replace: boolean): void;
}

export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const latest = useLatest({ value, onSearch });
  const touch = useMediaQuery(TOUCH_QUERY);

  // Back and Forward (and 'Clear filters') change the URL: the box follows it.
  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (text.trim() === latest.current.value) return;
    const timer = setTimeout(() => latest.current.onSearch(text.trim(), latest.current.value !== ''), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, latest]);

  return <SearchInput value={text} onChange={setText} label={LABEL} placeholder={touch ? LABEL : WITH_KEY_HINT} className={styles.search} />;
}
