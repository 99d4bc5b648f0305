/** Holidays: add one, remove one, or import a pasted list one date a line (lines that are not a date are named). */
import { useState } from 'react';
import { isDay } from '../../../../shared/sla.ts';
import { formatDueDate } from '../../../../shared/ticketFields.ts';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { TextArea } from '../../../components/TextArea.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { importHolidays, type HolidayImport } from '../form.ts';
import styles from './SlaForm.module.css';

const NOT_A_DAY = 'Enter a date as YYYY-MM-DD.';

function importNote(result: HolidayImport): string {
  const added = result.added === 1 ? '1 holiday added' : `${result.added} holidays added`;
  if (result.bad.length === 0) return `${added}.`;
  const lines = result.bad.map((bad) => `line ${bad.line} ("${bad.text}")`).join(', ');
  return `${added}. Not a date (YYYY-MM-DD), left out: ${lines}.`;
}

export function HolidaysField({ holidays, onChange, error }: { holidays: string[]; onChange(holidays: string[]): void; error?: string }) {
  const [day, setDay] = useState('');
  const [dayError, setDayError] = useState<string>();
  const [pasted, setPasted] = useState('');
  const [note, setNote] = useState<{ text: string; bad: boolean }>();

  function add() {
    const value = day.trim();
    if (!isDay(value)) return setDayError(NOT_A_DAY);
    setDayError(undefined);
    setDay('');
    onChange([...new Set([...holidays, value])].sort());
  }

  function runImport() {
    const result = importHolidays(pasted, holidays);
    onChange(result.holidays);
    setNote({ text: importNote(result), bad: result.bad.length > 0 });
    if (result.bad.length === 0) setPasted('');
  }

  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Holidays</legend>
      <p className={styles.hint}>No time counts on these days, in the policy&apos;s time zone.</p>
      {holidays.length === 0 ? (
        <p className={styles.closed}>No holidays.</p>
      ) : (
        <ul className={styles.holidays} aria-label="Holidays">
          {holidays.map((holiday) => (
            <li key={holiday} className={styles.holiday}>
              <time dateTime={holiday}>{formatDueDate(holiday) || holiday}</time>
              <button type="button" className={styles.remove} aria-label={`Remove holiday ${holiday}`} onClick={() => onChange(holidays.filter((h) => h !== holiday))}>
                <Icon name="close" size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <p className={styles.error}>{error}</p>}
      <div className={styles.addRow}>
        <TextField label="Holiday" name="holiday" type="date" value={day} onChange={setDay} error={dayError} />
        <Button type="button" variant="secondary" onClick={add}>
          Add holiday
        </Button>
      </div>
      <div className={styles.importRow}>
        <TextArea label="Import holidays (one date a line, YYYY-MM-DD)" name="holiday-import" rows={4} value={pasted} onChange={setPasted} />
        <Button type="button" variant="secondary" onClick={runImport} disabled={pasted.trim() === ''}>
          Import
        </Button>
        {note && (
          <p role="status" className={note.bad ? styles.error : styles.hint}>
            {note.text}
          </p>
        )}
      </div>
    </fieldset>
  );
}
