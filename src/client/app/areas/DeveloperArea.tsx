/** The developer route table (lazy chunk). */
import { Route, Switch } from 'wouter';
import { DeveloperHomePage } from '../../features/tickets/pages/DeveloperHomePage.tsx';
import { TicketDetailsPage } from '../../features/tickets/pages/TicketDetailsPage.tsx';
import { AreaLayout } from '../layout/AreaLayout.tsx';
import { NotFound } from '../NotFound.tsx';

const LINKS = [{ href: '/developer', label: 'Tickets' }];

export default function DeveloperArea() {
  return (
    <AreaLayout home="/developer" links={LINKS}>
      <Switch>
        <Route path="/developer" component={DeveloperHomePage} />
        <Route path="/developer/ticket-details/:ticketID" component={TicketDetailsPage} />
        <Route>
          <NotFound home="/developer" />
        </Route>
      </Switch>
    </AreaLayout>
  );
}
