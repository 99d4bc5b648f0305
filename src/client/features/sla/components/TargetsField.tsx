/** Targets per priority: how long until a ticket is taken (respond) and closed (resolve), in working hours and minutes; empty is none. */
import { SLA_PRIORITIES, type SlaPriority } from '../../../../shared/sla.ts';
import type { DurationInput, SlaForm } from '../form.ts';
import styles from './SlaForm.module.css';

const KINDS = [
  { key: 'respond', field: 'respond_minutes', label: 'Take within' },
  { key: 'resolve', field: 'resolve_minutes', label: 'Close within' },
] as const;
const PRIORITY_NAMES: Record<SlaPriority, string> = { high: 'High', medium: 'Medium', low: 'Low' };

export interface TargetsFieldProps {
  targets: SlaForm['targets'];
  onChange(targets: SlaForm['targets']): void;
  /** The error of `targets.<priority>.<respond|resolve>_minutes`. */
  errorFor(field: string): string | undefined;
}

function Duration({ name, value, onChange, errorId }: { name: string; value: DurationInput; onChange(value: DurationInput): void; errorId?: string }) {
  const common = { inputMode: 'numeric' as const, 'aria-invalid': errorId ? true : undefined, 'aria-describedby': errorId, className: styles.number };
  return (
    <span className={styles.duration}>
      <input {...common} aria-label={`${name}, hours`} value={value.hours} onChange={(event) => onChange({ ...value, hours: event.target.value })} />
      <span aria-hidden="true">h</span>
      <input {...common} aria-label={`${name}, minutes`} value={value.minutes} onChange={(event) => onChange({ ...value, minutes: event.target.value })} />
      <span aria-hidden="true">min</span>
    </span>
  );
}

export function TargetsField({ targets, onChange, errorFor }: TargetsFieldProps) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Targets</legend>
      <p className={styles.hint}>In working time. Leave both boxes empty for no target.</p>
      <table className={styles.targets}>
        <thead>
          <tr>
            <th scope="col">Priority</th>
            {KINDS.map((kind) => (
              <th key={kind.key} scope="col">
                {kind.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {SLA_PRIORITIES.map((priority) => (
            <tr key={priority}>
              <th scope="row">{PRIORITY_NAMES[priority]}</th>
              {KINDS.map((kind) => {
                const error = errorFor(`targets.${priority}.${kind.field}`);
                const errorId = error ? `sla-target-${priority}-${kind.key}-error` : undefined;
                return (
                  <td key={kind.key}>
                    <span className={styles.kindLabel} aria-hidden="true">
                      {kind.label}
                    </span>
                    <Duration
                      name={`${PRIORITY_NAMES[priority]}: ${kind.label.toLowerCase()}`}
                      value={targets[priority][kind.key]}
                      errorId={errorId}
                      onChange={(value) => onChange({ ...targets, [priority]: { ...targets[priority], [kind.key]: value } })}
                    />
                    {error && (
                      <p id={errorId} className={styles.error}>
                        {error}
                      </p>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  );
}
