/** The support route table (lazy chunk). */
import { Route, Switch } from 'wouter';
import { CreateTicketPage } from '../../features/tickets/pages/CreateTicketPage.tsx';
import { EditTicketPage } from '../../features/tickets/pages/EditTicketPage.tsx';
import { SupportHomePage } from '../../features/tickets/pages/SupportHomePage.tsx';
import { TicketDetailsPage } from '../../features/tickets/pages/TicketDetailsPage.tsx';
import { AreaLayout } from '../layout/AreaLayout.tsx';
import { NotFound } from '../NotFound.tsx';

// The home page has its own Create Ticket link (product.md#support-area), so the top navigation does not repeat it.
const LINKS = [{ href: '/support', label: 'Tickets' }];

export default function SupportArea() {
  return (
    <AreaLayout home="/support" links={LINKS}>
      <Switch>
        <Route path="/support" component={SupportHomePage} />
        <Route path="/support/create-ticket" component={CreateTicketPage} />
        <Route path="/support/edit-ticket/:ticketID" component={EditTicketPage} />
        <Route path="/support/ticket-details/:ticketID" component={TicketDetailsPage} />
        <Route>
          <NotFound home="/support" />
        </Route>
      </Switch>
    </AreaLayout>
  );
}
