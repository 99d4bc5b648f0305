/** Service mutations (product.md#calls); each one refreshes the list and lands on /admin/service (product.md#navigation). */
import { useConfigChange } from '../../api/configChange.ts';

export const SERVICES_PATH = '/admin/service';

export type ServiceInput = {
  name: string;
  app: string;
};

export function useServiceChange(onDone?: () => void) {
  return useConfigChange<ServiceInput>('services', SERVICES_PATH, onDone);
}
