import type { Service } from '../../../../shared/types.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { useServiceChange } from '../api.ts';
import { ServiceForm } from './ServiceForm.tsx';

const TITLE = 'Edit Service';
const SAVE = 'Save';
const SAVING = 'Saving...';

export function EditServiceDialog({ service, onClose }: { service: Service; onClose(): void }) {
  const update = useServiceChange(onClose);
  return (
    <Dialog open title={TITLE} onClose={onClose}>
      <ServiceForm
        initial={service}
        submitLabel={SAVE}
        pendingLabel={SAVING}
        pending={update.isPending}
        error={update.error}
        onSubmit={(input) => update.mutate({ kind: 'update', id: service.id, input })}
        onCancel={onClose}
      />
    </Dialog>
  );
}
