import { APP_LABELS, APPS, PRIORITIES } from '../../../../shared/constants.ts';
import { EXTRA_FIELD_NAMES, EXTRA_FIELDS, type ExtraFieldName } from '../../../../shared/ticketFields.ts';
import type { FieldErrors } from '../../../../shared/validators.ts';
import { useCategories, useServices } from '../../../api/config.ts';
import { FieldError } from '../../../components/Field.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextArea } from '../../../components/TextArea.tsx';
import { TextField } from '../../../components/TextField.tsx';
import type { TicketFormValues } from '../form.ts';
import { ImageField } from './ImageField.tsx';

const APP_OPTIONS = APPS.map((app) => ({ value: app, label: APP_LABELS[app] }));
const PRIORITY_LABELS = { low: 'Low', medium: 'Medium', high: 'High' } as const;
const PRIORITY_OPTIONS = PRIORITIES.map((priority) => ({ value: priority, label: PRIORITY_LABELS[priority] }));
const NO_SERVICE = { service: '', service_id: '' };

export interface TicketFormFieldsProps {
  values: TicketFormValues;
  errors: FieldErrors;
  onChange(patch: Partial<TicketFormValues>): void;
  /** The image picker's refusal, while it shows (ImageField). */
  onImageProblem?(message: string | undefined): void;
}

/** App first; the service selector appears once an app is chosen and offers only its services. */
export function TicketFormFields({ values, errors, onChange, onImageProblem }: TicketFormFieldsProps) {
  const categories = useCategories().data ?? [];
  const services = (useServices().data ?? []).filter((service) => service.app === values.app);

  function pickCategory(id: string) {
    const found = categories.find((category) => String(category.id) === id);
    onChange({ category_id: id, category: found?.name ?? '' });
  }

  function pickService(id: string) {
    const found = services.find((service) => String(service.id) === id);
    onChange({ service_id: id, service: found?.name ?? '' });
  }

  function pickApp(app: string) {
    if (app !== values.app) onChange({ app: app as TicketFormValues['app'], ...NO_SERVICE });
  }

  const text = (field: 'title' | 'description' | 'link' | ExtraFieldName) => (value: string) => onChange({ [field]: value });

  return (
    <>
      <SelectField
        label="App"
        name="app"
        value={values.app}
        onChange={pickApp}
        error={errors.app}
        options={APP_OPTIONS}
        placeholder="Select an app"
      />
      {/* The service selector waits for an app, but its error must not wait with it. */}
      {!values.app && errors.service && <FieldError>{errors.service}</FieldError>}
      {values.app && (
        <SelectField
          label="Service"
          name="service_id"
          value={values.service_id}
          onChange={pickService}
          error={errors.service}
          options={services.map((service) => ({ value: String(service.id), label: service.name }))}
          placeholder="Select a service"
        />
      )}
      <SelectField
        label="Category"
        name="category_id"
        value={values.category_id}
        onChange={pickCategory}
        error={errors.category}
        options={categories.map((category) => ({ value: String(category.id), label: category.name }))}
        placeholder="Select a category"
      />
      <SelectField
        label="Priority"
        name="priority"
        value={values.priority}
        onChange={(priority) => onChange({ priority: priority as TicketFormValues['priority'] })}
        error={errors.priority}
        options={PRIORITY_OPTIONS}
        placeholder="Select a priority"
      />
      <TextField label="Title" name="title" value={values.title} onChange={text('title')} error={errors.title} />
      <TextArea
        label="Description"
        name="description"
        rows={5}
        value={values.description}
        onChange={text('description')}
        error={errors.description}
      />
      <TextField
        label="Link (optional)"
        name="link"
        type="url"
        value={values.link}
        onChange={text('link')}
        error={errors.link}
        placeholder="https://"
      />
      {EXTRA_FIELD_NAMES.map((field) => (
        <TextField
          key={field}
          label={`${EXTRA_FIELDS[field].label} (optional)`}
          name={field}
          type={EXTRA_FIELDS[field].input}
          value={values[field]}
          onChange={text(field)}
          error={errors[field]}
        />
      ))}
      <ImageField value={values.image} onChange={(image) => onChange({ image })} error={errors.image} onProblem={onImageProblem} />
    </>
  );
}
