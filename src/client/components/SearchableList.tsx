/** A search box above a list: shows the matching items, or a note when none match. */
import type { ReactNode } from 'react';
import { SearchInput } from './SearchInput.tsx';
import styles from './SearchableList.module.css';

export interface SearchableListProps<T> {
  items: readonly T[];
  /** What the search looks in, per item (case-insensitive substring match). */
  searchText(item: T): string;
  search: string;
  onSearchChange(value: string): void;
  /** The search box's label and placeholder. */
  label: string;
  /** Shown instead of the list when nothing matches. */
  noMatch: string;
  children(matching: T[]): ReactNode;
}

export function SearchableList<T>({ items, searchText, search, onSearchChange, label, noMatch, children }: SearchableListProps<T>) {
  const needle = search.trim().toLowerCase();
  const matching = items.filter((item) => searchText(item).toLowerCase().includes(needle));
  return (
    <>
      <div className={styles.toolbar}>
        <SearchInput value={search} onChange={onSearchChange} label={label} placeholder={label} />
      </div>
      {matching.length === 0 ? <p className={styles.note}>{noMatch}</p> : children(matching)}
    </>
  );
}
