/** Category mutations (product.md#calls); each one refreshes the list and lands on the category list (product.md#navigation). */
import { useConfigChange } from '../../api/configChange.ts';
import { ROUTES } from '../../lib/paths.ts';

export type CategoryInput = {
  name: string;
};

export function useCategoryChange(onDone?: () => void) {
  return useConfigChange<CategoryInput>('categories', ROUTES.admin.categories, onDone);
}
