/** Category mutations (product.md#calls); each one refreshes the list and lands on /admin/category (product.md#navigation). */
import { useConfigChange } from '../../api/configChange.ts';

export const CATEGORIES_PATH = '/admin/category';

export type CategoryInput = {
  name: string;
};

export function useCategoryChange(onDone?: () => void) {
  return useConfigChange<CategoryInput>('categories', CATEGORIES_PATH, onDone);
}
