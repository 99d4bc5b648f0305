/** App, priority, category, service and (for the super) developer filters. */
import { APPS, APP_LABELS, PRIORITIES, type AppName, type Priority } from '../../../../shared/constants.ts';
import type { TicketFilters } from '../../../../shared/workQueue.ts';
import { useCategories, useServices } from '../../../api/config.ts';
import { useDevelopers } from '../../../api/users.ts';
import { FilterSelect } from './FilterSelect.tsx';

export interface FilterSelectsProps {
  filters: TicketFilters;
  onChange(filters: TicketFilters): void;
  /** Only the super may read the developer list. @default false */
  developerFilter?: boolean;
}

const PRIORITY_LABELS: Record<Priority, string> = { high: 'High priority', medium: 'Medium priority', low: 'Low priority' };
const UNASSIGNED = 'none';

/** One chosen value of a list filter ('' when none, or when a link chose several). */
const single = (values: readonly string[] | undefined) => (values?.length === 1 ? values[0]! : '');
const id = (value: string) => (value ? Number(value) : undefined);

export function FilterSelects({ filters, onChange, developerFilter = false }: FilterSelectsProps) {
  const categories = useCategories();
  const services = useServices();
  const developers = useDevelopers({ enabled: developerFilter });
  const app = single(filters.app);
  const set = (patch: TicketFilters) => onChange({ ...filters, ...patch });
  const serviceOptions = (services.data ?? []).filter((service) => !app || service.app === app);

  return (
    <>
      <FilterSelect
        label="App"
        all="All apps"
        value={app}
        options={APPS.map((value) => ({ value, label: APP_LABELS[value] }))}
        // A service belongs to one app: choosing another app drops a service that no longer fits.
        onChange={(value) => set({ app: value ? [value as AppName] : undefined, service_id: value ? undefined : filters.service_id })}
      />
      <FilterSelect
        label="Priority"
        all="All priorities"
        value={single(filters.priority)}
        options={[...PRIORITIES].reverse().map((value) => ({ value, label: PRIORITY_LABELS[value] }))}
        onChange={(value) => set({ priority: value ? [value as Priority] : undefined })}
      />
      <FilterSelect
        label="Category"
        all="All categories"
        value={String(filters.category_id ?? '')}
        options={(categories.data ?? []).map((category) => ({ value: String(category.id), label: category.name }))}
        onChange={(value) => set({ category_id: id(value) })}
      />
      <FilterSelect
        label="Service"
        all="All services"
        value={String(filters.service_id ?? '')}
        options={serviceOptions.map((service) => ({ value: String(service.id), label: service.name }))}
        onChange={(value) => set({ service_id: id(value) })}
      />
      {developerFilter && (
        <FilterSelect
          label="Developer"
          all="All developers"
          value={String(filters.developer_id ?? '')}
          options={[{ value: UNASSIGNED, label: 'Unassigned' }, ...(developers.data ?? []).map((dev) => ({ value: String(dev.id), label: `${dev.first_name} ${dev.last_name}` }))]}
          onChange={(value) => set({ developer_id: value === UNASSIGNED ? 'none' : id(value) })}
        />
      )}
    </>
  );
}
