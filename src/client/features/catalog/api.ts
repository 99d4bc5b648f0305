/** Catalogue mutations (product.md#calls); each one refreshes the list and lands on its list page (product.md#navigation). */
import { useConfigChange } from '../../api/configChange.ts';
import type { Catalog, CatalogInput } from './kinds.ts';

export function useCatalogChange(catalog: Catalog, onDone?: () => void) {
  return useConfigChange<CatalogInput>(catalog.list, catalog.listPath, onDone);
}
