/** Where each ticket action lands (product.md#navigation). */
import type { Role } from '../../../shared/constants.ts';
import { detailPath, type TicketArea } from '../../components/tickets/ticketChanges.ts';

export type TicketAction = 'create' | 'close' | 'reopen' | 'assign' | 'removeDeveloper' | 'update';

export function destinationAfter(action: TicketAction, role: Role, number: string, from: TicketArea): string {
  const admin = detailPath('admin', number);
  switch (action) {
    case 'create':
      return role === 'super' ? '/admin/tickets' : '/support';
    case 'close':
      if (from === 'admin' || role === 'super') return admin;
      return role === 'support' ? '/support' : detailPath('developer', number);
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

/** The area a path belongs to: the shared pages serve more than one. */
export function areaOf(path: string): TicketArea {
  if (path.startsWith('/developer')) return 'developer';
  if (path.startsWith('/support')) return 'support';
  return 'admin';
}
