/**
 * The two admin catalogues, categories and services (product.md#tables, #calls): one page, form and
 * dialog serve both, and everything that tells them apart — words, columns, fields, calls — is here.
 */
import { APP_LABELS, APPS, type AppName } from '../../../shared/constants.ts';
import { CONFIRM, type EmptyVariant } from '../../../shared/messages.ts';
import { validateCategory, validateService, type FieldErrors } from '../../../shared/validators.ts';
import { useCategories, useServices } from '../../api/config.ts';
import type { ConfigList } from '../../api/configChange.ts';
import type { SelectOption } from '../../components/SelectField.tsx';
import type { Column } from '../../components/Table.tsx';
import { ROUTES } from '../../lib/paths.ts';
import type { QueryResult } from '../../lib/query.ts';

export type CatalogKind = 'category' | 'service';

/** A category ({id, name}) or a service ({id, name, app}). */
export interface CatalogRow {
  id: number;
  name: string;
  app?: string;
}

/** What the form sends: the catalogue's fields, text trimmed. */
export type CatalogInput = Partial<Record<CatalogFieldName, string>>;

type CatalogFieldName = 'name' | 'app';

export interface CatalogField {
  name: CatalogFieldName;
  label: string;
  /** A select with these options (and this placeholder); a text field when absent. */
  select?: { options: readonly SelectOption[]; placeholder: string };
}

export interface Catalog {
  /** The API list (`/config/<list>`) and cache group. */
  list: ConfigList;
  listPath: string;
  createPath: string;
  /** The list page's heading. */
  title: string;
  /** The list page's Create link and the create page's heading. */
  createLabel: string;
  editTitle: string;
  empty: EmptyVariant;
  deleteTitle: string;
  columns: readonly Column<CatalogRow>[];
  fields: readonly CatalogField[];
  validate(values: CatalogInput): FieldErrors;
  useList(): QueryResult<CatalogRow[]>;
}

const ID_COLUMN: Column<CatalogRow> = { header: 'ID', cell: (row) => row.id };
const APP_OPTIONS = APPS.map((app) => ({ value: app, label: APP_LABELS[app] }));

export const CATALOGS: Record<CatalogKind, Catalog> = {
  category: {
    list: 'categories',
    listPath: ROUTES.admin.categories,
    createPath: ROUTES.admin.createCategory,
    title: 'Categories',
    createLabel: 'Create Category',
    editTitle: 'Edit Category',
    empty: 'noCat',
    deleteTitle: CONFIRM.deleteCategory,
    columns: [ID_COLUMN, { header: 'Category', cell: (row) => row.name }],
    fields: [{ name: 'name', label: 'Category name' }],
    validate: validateCategory,
    useList: useCategories,
  },
  service: {
    list: 'services',
    listPath: ROUTES.admin.services,
    createPath: ROUTES.admin.createService,
    title: 'Services',
    createLabel: 'Create Service',
    editTitle: 'Edit Service',
    empty: 'noService',
    deleteTitle: CONFIRM.deleteService,
    columns: [
      ID_COLUMN,
      { header: 'Service', cell: (row) => row.name },
      { header: 'App', cell: (row) => APP_LABELS[row.app as AppName] ?? row.app },
    ],
    fields: [
      { name: 'name', label: 'Service name' },
      { name: 'app', label: 'App', select: { options: APP_OPTIONS, placeholder: 'Select app' } },
    ],
    validate: validateService,
    useList: useServices,
  },
};
