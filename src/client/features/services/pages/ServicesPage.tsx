import { APP_LABELS } from '../../../../shared/constants.ts';
import { CONFIRM } from '../../../../shared/messages.ts';
import type { Service } from '../../../../shared/types.ts';
import { useServices } from '../../../api/config.ts';
import { ConfigTablePage, useRowDialogs } from '../../../components/ConfigTablePage.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import type { Column } from '../../../components/Table.tsx';
import { useServiceChange } from '../api.ts';
import { EditServiceDialog } from '../components/EditServiceDialog.tsx';
import { ROUTES } from '../../../lib/paths.ts';

const TITLE = 'Services';
const CREATE_LABEL = 'Create Service';
const COLUMNS: Column<Service>[] = [
  { header: 'ID', cell: (row) => row.id },
  { header: 'Service', cell: (row) => row.name },
  { header: 'App', cell: (row) => APP_LABELS[row.app] ?? row.app },
];

export function ServicesPage() {
  const services = useServices();
  const dialogs = useRowDialogs<Service>();
  const remove = useServiceChange(dialogs.closeDelete);

  return (
    <ConfigTablePage
      title={TITLE}
      createLabel={CREATE_LABEL}
      createHref={ROUTES.admin.createService}
      query={services}
      empty={<EmptyState variant="noService" />}
      columns={COLUMNS}
      dialogs={dialogs}
      renderEditDialog={(row) => <EditServiceDialog service={row} onClose={dialogs.closeEdit} />}
      deleteTitle={CONFIRM.deleteService}
      deletePending={remove.isPending}
      onConfirmDelete={(row) => remove.mutate({ kind: 'delete', id: row.id })}
    />
  );
}
