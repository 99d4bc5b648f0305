/** Service mutations (product.md#calls); each one refreshes the list and lands on the service list (product.md#navigation). */
import { useConfigChange } from '../../api/configChange.ts';
import { ROUTES } from '../../lib/paths.ts';

export type ServiceInput = {
  name: string;
  app: string;
};

export function useServiceChange(onDone?: () => void) {
  return useConfigChange<ServiceInput>('services', ROUTES.admin.services, onDone);
}
