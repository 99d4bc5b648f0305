/**
 * Saved views (features/views) on the queue's lists (features/queue): the two features meet
 * here, in app/, because no feature imports another. Each area's list is described once: its
 * path, how it reads its scope, and what a search of it counts.
 */
import { listRequest } from '../features/queue/listRequest.ts';
import { ADMIN_LIST, DEVELOPER_LIST, SUPPORT_LIST, type ListConfig } from '../features/queue/scopes.ts';
import { SaveViewButton } from '../features/views/components/SaveViewButton.tsx';
import { HeaderViews, SidebarViews } from '../features/views/components/ViewsNav.tsx';
import type { ListPlace } from '../features/views/places.ts';
import { ROUTES, type Area } from '../lib/paths.ts';

function placeOf(config: ListConfig, path: string): ListPlace {
  return {
    area: config.area,
    path,
    param: config.param,
    scopes: config.scopes.map((scope) => scope.value),
    count(search, userId) {
      // A count does not depend on the order: the sort stays out of its cache key.
      const { source, query } = listRequest(config, search, userId);
      const { sort: _sort, ...filters } = query;
      return { source, filters };
    },
  };
}

export const LIST_PLACES: Record<Area, ListPlace> = {
  admin: placeOf(ADMIN_LIST, ROUTES.admin.tickets),
  support: placeOf(SUPPORT_LIST, ROUTES.support.home),
  developer: placeOf(DEVELOPER_LIST, ROUTES.developer.home),
};

/** The "Save view" button of an area's list page. */
export const saveViewAction = (area: Area) => <SaveViewButton place={LIST_PLACES[area]} />;

/** The views in the admin sidebar, and in the support and developer header. */
export const sidebarViews = <SidebarViews place={LIST_PLACES.admin} />;
export const headerViews = (area: Exclude<Area, 'admin'>) => <HeaderViews place={LIST_PLACES[area]} />;
