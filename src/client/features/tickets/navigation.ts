/** Where each ticket action lands (product.md#navigation). */
import type { Role } from '../../../shared/constants.ts';
import { detailPath, ROUTES, type Area } from '../../lib/paths.ts';

export type TicketAction = 'create' | 'close' | 'reopen' | 'assign' | 'removeDeveloper' | 'update';

export function destinationAfter(action: TicketAction, role: Role, number: string, from: Area): string {
  const admin = detailPath('admin', number);
  switch (action) {
    case 'create':
      return role === 'super' ? ROUTES.admin.tickets : ROUTES.support.home;
    case 'close':
      if (from === 'admin' || role === 'super') return admin;
      return role === 'support' ? ROUTES.support.home : detailPath('developer', number);
    case 'reopen':
      if (role === 'super') return admin;
      return role === 'support' ? detailPath('support', number) : detailPath(from, number);
    case 'assign':
      return role === 'developer' ? detailPath('developer', number) : admin;
    case 'removeDeveloper':
      return admin;
    case 'update':
      return role === 'support' ? detailPath('support', number) : admin;
  }
}
