/** Categories and services (product.md#calls, configuration). */
import type { AppName, Category, Service } from '../../shared/index.ts';
import type { Db } from '../db/database.ts';

export type CatalogStore = ReturnType<typeof createCatalogStore>;

export function createCatalogStore(db: Db) {
  const categories = db.prepare('SELECT id, name FROM categories ORDER BY id');
  const category = db.prepare('SELECT id, name FROM categories WHERE id = ?');
  const categoryNamed = db.prepare('SELECT id FROM categories WHERE name = ? COLLATE NOCASE AND id <> ?');
  const insertCategory = db.prepare('INSERT INTO categories (name) VALUES (?) RETURNING id, name');
  const renameCategory = db.prepare('UPDATE categories SET name = ? WHERE id = ? RETURNING id, name');
  const deleteCategory = db.prepare('DELETE FROM categories WHERE id = ?');

  const services = db.prepare('SELECT id, name, app FROM services ORDER BY id');
  const service = db.prepare('SELECT id, name, app FROM services WHERE id = ?');
  const serviceNamed = db.prepare('SELECT id FROM services WHERE name = ? COLLATE NOCASE AND app = ? AND id <> ?');
  const insertService = db.prepare('INSERT INTO services (name, app) VALUES (?, ?) RETURNING id, name, app');
  const updateService = db.prepare('UPDATE services SET name = ?, app = ? WHERE id = ? RETURNING id, name, app');
  const deleteService = db.prepare('DELETE FROM services WHERE id = ?');

  return {
    categories: () => categories.all() as unknown as Category[],
    category: (id: number) => category.get(id) as Category | undefined,
    /** Another category (not `exceptId`) already has this name, ignoring case. */
    categoryNameTaken: (name: string, exceptId = 0) => categoryNamed.get(name, exceptId) !== undefined,
    createCategory: (name: string) => insertCategory.get(name) as unknown as Category,
    renameCategory: (id: number, name: string) => renameCategory.get(name, id) as Category | undefined,
    deleteCategory: (id: number) => Number(deleteCategory.run(id).changes) > 0,

    services: () => services.all() as unknown as Service[],
    service: (id: number) => service.get(id) as Service | undefined,
    serviceNameTaken: (name: string, app: AppName, exceptId = 0) => serviceNamed.get(name, app, exceptId) !== undefined,
    createService: (name: string, app: AppName) => insertService.get(name, app) as unknown as Service,
    updateService: (id: number, name: string, app: AppName) => updateService.get(name, app, id) as Service | undefined,
    deleteService: (id: number) => Number(deleteService.run(id).changes) > 0,
  };
}
