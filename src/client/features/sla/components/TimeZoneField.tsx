/** The policy's time zone: a search over the runtime's IANA zones above a list to choose from. */
import { useId, useMemo, useState } from 'react';
import { SearchableList } from '../../../components/SearchableList.tsx';
import styles from './SlaForm.module.css';

/** Rows of the list on screen at once; the rest scroll. */
const VISIBLE_ROWS = 6;

function zones(): string[] {
  const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return supported.includes('UTC') ? supported : [...supported, 'UTC'];
}

export function TimeZoneField({ value, onChange, error }: { value: string; onChange(zone: string): void; error?: string }) {
  const id = useId();
  const all = useMemo(zones, []);
  const [search, setSearch] = useState('');
  // The chosen zone stays in the list whatever the search, so the select never shows a value it lacks.
  const keepChosen = (matching: string[]) => (matching.includes(value) || !value ? matching : [value, ...matching]);
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Time zone</legend>
      <p className={styles.hint}>Hours and holidays are counted on this clock.</p>
      <SearchableList items={all} searchText={(zone) => zone.replace(/_/g, ' ')} search={search} onSearchChange={setSearch} label="Search time zones" noMatch="No time zone matches.">
        {(matching) => (
          <select
            id={id}
            className={styles.zones}
            size={VISIBLE_ROWS}
            aria-label="Time zone"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          >
            {keepChosen(matching).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        )}
      </SearchableList>
      <p className={styles.chosen}>
        Chosen: <strong>{value || 'none'}</strong>
      </p>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
