/** Each weekday's working hours: any number of spans (a lunch break is two), "24:00" ending a day. */
import { WEEKDAYS, type Weekday } from '../../../../shared/sla.ts';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { WEEKDAY_NAMES, type SlaForm, type SpanInput } from '../form.ts';
import styles from './SlaForm.module.css';

const NEW_SPAN: SpanInput = { start: '09:00', end: '17:00' };
const TIME_PATTERN = '([01][0-9]|2[0-3]):[0-5][0-9]|24:00';

export interface WeekHoursProps {
  week: SlaForm['week'];
  onChange(week: SlaForm['week']): void;
  errorFor(day: Weekday): string | undefined;
}

function TimeInput({ label, value, onChange, errorId }: { label: string; value: string; onChange(value: string): void; errorId?: string }) {
  return (
    <input
      className={styles.time}
      aria-label={label}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      inputMode="numeric"
      pattern={TIME_PATTERN}
      placeholder="HH:MM"
      maxLength={5}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export function WeekHours({ week, onChange, errorFor }: WeekHoursProps) {
  const setDay = (day: Weekday, spans: SpanInput[]) => onChange({ ...week, [day]: spans });
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Working hours</legend>
      <p className={styles.hint}>Time counts only inside these hours. Times are HH:MM; 24:00 ends a day. A day without hours is closed.</p>
      <ul className={styles.days}>
        {WEEKDAYS.map((day) => {
          const name = WEEKDAY_NAMES[day];
          const spans = week[day];
          const error = errorFor(day);
          const errorId = error ? `sla-day-${day}-error` : undefined;
          return (
            <li key={day} className={styles.day}>
              <span className={styles.dayName}>
                {name}
              </span>
              <div className={styles.spans}>
                {spans.length === 0 && <span className={styles.closed}>Closed</span>}
                {spans.map((span, i) => {
                  const which = spans.length > 1 ? ` (${i + 1})` : '';
                  const update = (change: Partial<SpanInput>) => setDay(day, spans.map((s, j) => (j === i ? { ...s, ...change } : s)));
                  return (
                    <div key={i} className={styles.span}>
                      <TimeInput label={`${name} from${which}`} value={span.start} errorId={errorId} onChange={(start) => update({ start })} />
                      <span aria-hidden="true">–</span>
                      <TimeInput label={`${name} until${which}`} value={span.end} errorId={errorId} onChange={(end) => update({ end })} />
                      <button type="button" className={styles.remove} aria-label={`Remove ${name} hours ${span.start}–${span.end}`} onClick={() => setDay(day, spans.filter((_, j) => j !== i))}>
                        <Icon name="close" size={16} />
                      </button>
                    </div>
                  );
                })}
                <Button type="button" variant="secondary" size="sm" aria-label={`Add hours on ${name}`} onClick={() => setDay(day, [...spans, spans.length > 0 ? { start: '', end: '' } : { ...NEW_SPAN }])}>
                  Add hours
                </Button>
              </div>
              {error && (
                <p id={errorId} className={styles.error}>
                  {name}: {error}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
