import type { ReactNode } from 'react';
import { ROUTES } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../components/Button.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { TicketQueue } from '../components/TicketQueue.tsx';
import { SUPPORT_LIST } from '../scopes.ts';
import styles from '../../../components/Page.module.css';
import own from './SupportHomePage.module.css';

/**
 * product.md#support-area: My Tickets (default; the ones I created) / All Tickets, and a Create
 * Ticket link, which floats above the list on phones (in reach of a thumb, out of the toolbar).
 */
/** @param actions the header's extra actions before Create Ticket, composed in app/ (Save view). */
export function SupportHomePage({ actions }: { actions?: ReactNode }) {
  return (
    <div className={`${styles.page} ${own.withCreate}`}>
      <PageHeader
        title="Tickets"
        actions={
          <>
            {actions}
            <ButtonLink href={ROUTES.support.createTicket} variant="primary" className={own.create}>
              Create Ticket
            </ButtonLink>
          </>
        }
      />
      <TicketQueue config={SUPPORT_LIST} />
    </div>
  );
}
