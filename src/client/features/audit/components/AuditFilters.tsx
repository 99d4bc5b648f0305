/** Who, what and which days: each change is a new URL (Back returns to the last view). */
import { useState } from 'react';
import { AUDIT_GROUPS, AUDIT_GROUP_LABELS, AUDIT_KIND_LABELS, AUDIT_KINDS, parseAuditQuery, type AuditFilters as Filters } from '../../../../shared/audit.ts';
import type { User } from '../../../../shared/types.ts';
import { Button } from '../../../components/Button.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import styles from './AuditFilters.module.css';

const EVERYONE = 'Everyone';
const EVERY_KIND = 'Every change';

/** Each group, then its kinds: a group chooses all of them. */
const KIND_OPTIONS = AUDIT_GROUPS.flatMap((group) => [
  { value: group, label: `${AUDIT_GROUP_LABELS[group]}: all` },
  ...AUDIT_KINDS.filter((kind) => kind.startsWith(`${group}.`)).map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] })),
]);

interface Props {
  filters: Filters;
  /** Only supers' changes are recorded, so only supers are offered. */
  people: readonly User[];
  onChange(next: Filters): void;
  onClear?(): void;
}

function personOptions(people: readonly User[], chosen: number | undefined) {
  const options = people.map((user) => ({ value: user.id, label: `${user.first_name} ${user.last_name}` }));
  // A person no longer in the list (a deleted account, a link from elsewhere) still shows as chosen.
  if (chosen !== undefined && !people.some((user) => user.id === chosen)) options.push({ value: chosen, label: `Account #${chosen}` });
  return options;
}

export function AuditFilters({ filters, people, onChange, onClear }: Props) {
  return (
    <div className={styles.filters}>
      <div className={styles.select}>
        <SelectField
          name="actor_id"
          label="Person"
          placeholder={EVERYONE}
          value={filters.actor_id ?? ''}
          options={personOptions(people, filters.actor_id)}
          onChange={(value) => onChange({ ...filters, actor_id: value ? Number(value) : undefined })}
        />
      </div>
      <div className={styles.select}>
        <SelectField
          name="kind"
          label="Change"
          placeholder={EVERY_KIND}
          value={filters.kind ?? ''}
          options={KIND_OPTIONS}
          onChange={(value) => onChange({ ...filters, kind: (value || undefined) as Filters['kind'] })}
        />
      </div>
      <DateRange key={`${filters.from}/${filters.to}`} filters={filters} onChange={onChange} />
      {onClear && (
        <Button variant="ghost" size="sm" onClick={onClear} className={styles.clear}>
          Clear filters
        </Button>
      )}
    </div>
  );
}

/** From and to (UTC days, either may be empty), applied as soon as they make a valid range; a wrong one says why. */
function DateRange({ filters, onChange }: Omit<Props, 'people'>) {
  const [draft, setDraft] = useState({ from: filters.from ?? '', to: filters.to ?? '' });
  const { errors } = parseAuditQuery(new URLSearchParams(draft));
  const change = (next: typeof draft) => {
    setDraft(next);
    const check = parseAuditQuery(new URLSearchParams(next));
    if (!check.errors.from && !check.errors.to) onChange({ ...filters, from: next.from || undefined, to: next.to || undefined });
  };
  return (
    <div className={styles.dates}>
      <TextField type="date" name="from" label="From (UTC)" value={draft.from} error={errors.from} onChange={(from) => change({ ...draft, from })} />
      <TextField type="date" name="to" label="To (UTC)" value={draft.to} error={errors.to} onChange={(to) => change({ ...draft, to })} />
    </div>
  );
}
