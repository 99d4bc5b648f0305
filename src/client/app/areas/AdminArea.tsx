/** The admin route table (lazy chunk): absolute paths, pages read params with useParams(). */
import { Route, Switch } from 'wouter';
import { CategoriesPage } from '../../features/categories/pages/CategoriesPage.tsx';
import { CreateCategoryPage } from '../../features/categories/pages/CreateCategoryPage.tsx';
import { DevelopersPage } from '../../features/developers/pages/DevelopersPage.tsx';
import { CreateServicePage } from '../../features/services/pages/CreateServicePage.tsx';
import { ReportsPage } from '../../features/reports/pages/ReportsPage.tsx';
import { ServicesPage } from '../../features/services/pages/ServicesPage.tsx';
import { CreateAccountPage } from '../../features/staff/pages/CreateAccountPage.tsx';
import { StaffPage } from '../../features/staff/pages/StaffPage.tsx';
import { BoardPage } from '../../features/queue/pages/BoardPage.tsx';
import { AdminTicketDetailsPage } from '../../features/tickets/pages/AdminTicketDetailsPage.tsx';
import { AdminTicketsPage } from '../../features/queue/pages/AdminTicketsPage.tsx';
import { CreateTicketPage } from '../../features/tickets/pages/CreateTicketPage.tsx';
import { DashboardPage } from '../../features/queue/pages/DashboardPage.tsx';
import { EditTicketPage } from '../../features/tickets/pages/EditTicketPage.tsx';
import { ROUTES } from '../../lib/paths.ts';
import { AdminLayout } from '../layout/AdminLayout.tsx';
import { NotFound } from '../NotFound.tsx';
import { ticketComments } from '../ticketComments.tsx';

const ADMIN = ROUTES.admin;

export default function AdminArea() {
  return (
    <AdminLayout>
      <Switch>
        <Route path={ADMIN.home} component={DashboardPage} />
        <Route path={ADMIN.tickets} component={AdminTicketsPage} />
        <Route path={ADMIN.ticket}>
          <AdminTicketDetailsPage comments={ticketComments} />
        </Route>
        <Route path={ADMIN.editTicket} component={EditTicketPage} />
        <Route path={ADMIN.createTicket} component={CreateTicketPage} />
        <Route path={ADMIN.staff} component={StaffPage} />
        <Route path={ADMIN.createAccount} component={CreateAccountPage} />
        <Route path={ADMIN.developers} component={DevelopersPage} />
        <Route path={ADMIN.categories} component={CategoriesPage} />
        <Route path={ADMIN.createCategory} component={CreateCategoryPage} />
        <Route path={ADMIN.services} component={ServicesPage} />
        <Route path={ADMIN.createService} component={CreateServicePage} />
        <Route path={ADMIN.board} component={BoardPage} />
        <Route path={ADMIN.reports} component={ReportsPage} />
        <Route>
          <NotFound home={ADMIN.home} />
        </Route>
      </Switch>
    </AdminLayout>
  );
}
