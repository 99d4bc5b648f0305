/** The developer route table (lazy chunk). */
import { Route, Switch } from 'wouter';
import { BoardPage } from '../../features/queue/pages/BoardPage.tsx';
import { DeveloperHomePage } from '../../features/queue/pages/DeveloperHomePage.tsx';
import { TicketDetailsPage } from '../../features/tickets/pages/TicketDetailsPage.tsx';
import { ROUTES } from '../../lib/paths.ts';
import { AreaLayout } from '../layout/AreaLayout.tsx';
import { NotFound } from '../NotFound.tsx';
import { headerViews, saveViewAction } from '../savedViews.tsx';
import { ticketComments } from '../ticketComments.tsx';

const DEVELOPER = ROUTES.developer;
const LINKS = [
  { href: DEVELOPER.home, label: 'Tickets' },
  { href: DEVELOPER.board, label: 'Board' },
];

export default function DeveloperArea() {
  return (
    <AreaLayout home={DEVELOPER.home} links={LINKS} views={headerViews('developer')}>
      <Switch>
        <Route path={DEVELOPER.home}>
          <DeveloperHomePage actions={saveViewAction('developer')} />
        </Route>
        <Route path={DEVELOPER.ticket}>
          <TicketDetailsPage comments={ticketComments} />
        </Route>
        <Route path={DEVELOPER.board} component={BoardPage} />
        <Route>
          <NotFound home={DEVELOPER.home} />
        </Route>
      </Switch>
    </AreaLayout>
  );
}
