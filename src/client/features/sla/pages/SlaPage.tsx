/**
 * /admin/sla (docs/design.md#service-levels, supers): the policy — time zone, working hours,
 * holidays, targets per priority, when a ticket is due soon — with a live preview, Save and
 * Turn off. The server's 422 errors show at their fields.
 */
import { useState, type FormEvent } from 'react';
import type { SlaPolicy, Weekday } from '../../../../shared/sla.ts';
import type { FieldErrors } from '../../../../shared/validators.ts';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useFormErrors } from '../../../lib/useFormErrors.ts';
import { useMinuteClock } from '../../../lib/useMinuteClock.ts';
import { useSavePolicy, useSlaPolicy, useTurnOff } from '../api.ts';
import { HolidaysField } from '../components/HolidaysField.tsx';
import { SlaPreview } from '../components/SlaPreview.tsx';
import { TargetsField } from '../components/TargetsField.tsx';
import { TimeZoneField } from '../components/TimeZoneField.tsx';
import { WeekHours } from '../components/WeekHours.tsx';
import { formFromPolicy, policyFromForm, validateSlaForm, type SlaForm } from '../form.ts';
import styles from '../components/SlaForm.module.css';

const TITLE = 'Service levels';
const PLACED = ['timezone', 'week', 'holidays', 'targets', 'warn_percent'];

/** A field's error, or the first of its parts' (`week.mon.0` shows at Monday). */
function errorAt(errors: FieldErrors, field: string): string | undefined {
  return errors[field] ?? Object.entries(errors).find(([name]) => name.startsWith(`${field}.`))?.[1];
}

/** Errors no field shows: said above the buttons so none is lost. */
const unplaced = (errors: FieldErrors) => Object.entries(errors).filter(([name]) => !PLACED.some((field) => name === field || name.startsWith(`${field}.`)));

export function SlaPage() {
  const policy = useSlaPolicy();
  return (
    <section className={styles.page}>
      <PageHeader title={TITLE} />
      <QueryState query={policy}>{(loaded) => <SlaEditor key={JSON.stringify(loaded)} policy={loaded ?? null} />}</QueryState>
    </section>
  );
}

function SlaEditor({ policy }: { policy: SlaPolicy | null }) {
  const [form, setForm] = useState<SlaForm>(() => formFromPolicy(policy));
  const [confirmOff, setConfirmOff] = useState(false);
  const now = new Date(useMinuteClock());
  const save = useSavePolicy({ onSuccess: (saved) => setForm(formFromPolicy(saved)) });
  const turnOff = useTurnOff({ onSuccess: () => setConfirmOff(false) });
  const { errors, check } = useFormErrors(validateSlaForm, form, save.error);
  const set = <K extends keyof SlaForm>(key: K) => (value: SlaForm[K]) => setForm((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (check() && !save.isPending) save.mutate(policyFromForm(form));
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.state}>
        {policy ? 'Service levels are on: every open ticket has its deadlines.' : 'Service levels are off. Save a policy to turn them on.'}
      </p>
      <div className={styles.columns}>
        <div className={styles.fields}>
          <TimeZoneField value={form.timezone} onChange={set('timezone')} error={errors.timezone} />
          <WeekHours week={form.week} onChange={set('week')} errorFor={(day: Weekday) => errorAt(errors, `week.${day}`) ?? (day === 'mon' ? errors.week : undefined)} />
          <HolidaysField holidays={form.holidays} onChange={set('holidays')} error={errorAt(errors, 'holidays')} />
          <TargetsField targets={form.targets} onChange={set('targets')} errorFor={(field) => errorAt(errors, field) ?? (field === 'targets.high.respond_minutes' ? errors.targets : undefined)} />
          <fieldset className={styles.group}>
            <legend className={styles.legend}>Due soon</legend>
            <p className={styles.hint}>A ticket is due soon once this share of its time is used, and people are told.</p>
            <TextField
              label="Warn at this share of the time used (%)"
              name="warn_percent"
              inputMode="numeric"
              className={styles.narrow}
              value={form.warn_percent}
              onChange={set('warn_percent')}
              error={errors.warn_percent}
            />
          </fieldset>
        </div>
        <SlaPreview form={form} now={now} />
      </div>
      {unplaced(errors).length > 0 && (
        <ul role="alert" className={styles.error}>
          {unplaced(errors).map(([name, message]) => (
            <li key={name}>{message}</li>
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        {policy && (
          <Button type="button" variant="danger" onClick={() => setConfirmOff(true)}>
            Turn off
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmOff}
        title="Turn off service levels?"
        description="Tickets lose their deadlines until a policy is saved again."
        confirmLabel="Turn off"
        pending={turnOff.isPending}
        onConfirm={() => turnOff.mutate(undefined)}
        onCancel={() => setConfirmOff(false)}
      />
    </form>
  );
}
