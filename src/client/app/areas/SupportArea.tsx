/** The support route table (lazy chunk). */
import { Route, Switch } from 'wouter';
import { CreateTicketPage } from '../../features/tickets/pages/CreateTicketPage.tsx';
import { EditTicketPage } from '../../features/tickets/pages/EditTicketPage.tsx';
import { SupportHomePage } from '../../features/queue/pages/SupportHomePage.tsx';
import { TicketDetailsPage } from '../../features/tickets/pages/TicketDetailsPage.tsx';
import { ROUTES } from '../../lib/paths.ts';
import { AreaLayout } from '../layout/AreaLayout.tsx';
import { NotFound } from '../NotFound.tsx';
import { headerViews, saveViewAction } from '../savedViews.tsx';
import { ticketComments } from '../ticketComments.tsx';

const SUPPORT = ROUTES.support;
// The home page has its own Create Ticket link (product.md#support-area), so the top navigation does not repeat it.
const LINKS = [{ href: SUPPORT.home, label: 'Tickets' }];

export default function SupportArea() {
  return (
    <AreaLayout home={SUPPORT.home} links={LINKS} views={headerViews('support')}>
      <Switch>
        <Route path={SUPPORT.home}>
          <SupportHomePage actions={saveViewAction('support')} />
        </Route>
        <Route path={SUPPORT.createTicket} component={CreateTicketPage} />
        <Route path={SUPPORT.editTicket} component={EditTicketPage} />
        <Route path={SUPPORT.ticket}>
          <TicketDetailsPage comments={ticketComments} />
        </Route>
        <Route>
          <NotFound home={SUPPORT.home} />
        </Route>
      </Switch>
    </AreaLayout>
  );
}
