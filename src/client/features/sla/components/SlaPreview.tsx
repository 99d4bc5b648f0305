/** "A high ticket raised now must be taken by Tue 14:30, closed by Thu 11:00": the form's values, on the policy's clock. */
import { SLA_PRIORITIES, type SlaPriority } from '../../../../shared/sla.ts';
import { formatInZone, previewFor, type SlaForm } from '../form.ts';
import styles from './SlaForm.module.css';

function sentence(form: SlaForm, priority: SlaPriority, now: Date): string {
  const preview = previewFor(form, priority, now);
  if (!preview) return `A ${priority} ticket: fix the fields marked above to see its deadlines.`;
  const parts = [
    preview.respondBy && `taken by ${formatInZone(preview.respondBy, form.timezone, now)}`,
    preview.resolveBy && `closed by ${formatInZone(preview.resolveBy, form.timezone, now)}`,
  ].filter(Boolean);
  return parts.length === 0 ? `A ${priority} ticket has no target.` : `A ${priority} ticket raised now must be ${parts.join(', ')}.`;
}

export function SlaPreview({ form, now }: { form: SlaForm; now: Date }) {
  return (
    <section className={styles.preview} aria-labelledby="sla-preview-title">
      <h2 id="sla-preview-title" className={styles.legend}>
        Preview
      </h2>
      <ul aria-live="polite">
        {SLA_PRIORITIES.map((priority) => (
          <li key={priority}>{sentence(form, priority, now)}</li>
        ))}
      </ul>
      <p className={styles.hint}>Times on the policy&apos;s clock ({form.timezone || 'no time zone'}).</p>
    </section>
  );
}
