/** Cards or table: remembered per user on this device, so a shared kiosk keeps each person's choice. */
import type { TicketView } from './components/TicketPages.tsx';

const viewKey = (userId: number | undefined) => `helpdesk.ticketView.${userId ?? 'anonymous'}`;

export function storedView(userId: number | undefined): TicketView {
  try {
    return localStorage.getItem(viewKey(userId)) === 'table' ? 'table' : 'cards';
  } catch {
    return 'cards';
  }
}

export function storeView(userId: number | undefined, view: TicketView): void {
  try {
    localStorage.setItem(viewKey(userId), view);
  } catch {
    // Storage full or blocked: the choice still holds for this page through the URL.
  }
}
