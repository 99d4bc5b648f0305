/** The admin route table (lazy chunk): absolute paths, pages read params with useParams(). */
import { Route, Switch } from 'wouter';
import { CategoriesPage } from '../../features/categories/pages/CategoriesPage.tsx';
import { CreateCategoryPage } from '../../features/categories/pages/CreateCategoryPage.tsx';
import { DashboardPage } from '../../features/dashboard/pages/DashboardPage.tsx';
import { DevelopersPage } from '../../features/developers/pages/DevelopersPage.tsx';
import { CreateServicePage } from '../../features/services/pages/CreateServicePage.tsx';
import { ServicesPage } from '../../features/services/pages/ServicesPage.tsx';
import { CreateAccountPage } from '../../features/staff/pages/CreateAccountPage.tsx';
import { StaffPage } from '../../features/staff/pages/StaffPage.tsx';
import { AdminTicketDetailsPage } from '../../features/tickets/pages/AdminTicketDetailsPage.tsx';
import { AdminTicketsPage } from '../../features/tickets/pages/AdminTicketsPage.tsx';
import { CreateTicketPage } from '../../features/tickets/pages/CreateTicketPage.tsx';
import { EditTicketPage } from '../../features/tickets/pages/EditTicketPage.tsx';
import { AdminLayout } from '../layout/AdminLayout.tsx';
import { NotFound } from '../NotFound.tsx';

export default function AdminArea() {
  return (
    <AdminLayout>
      <Switch>
        <Route path="/admin" component={DashboardPage} />
        <Route path="/admin/tickets" component={AdminTicketsPage} />
        <Route path="/admin/ticket/:ticketID" component={AdminTicketDetailsPage} />
        <Route path="/admin/edit-ticket/:ticketID" component={EditTicketPage} />
        <Route path="/admin/create-ticket" component={CreateTicketPage} />
        <Route path="/admin/staff" component={StaffPage} />
        <Route path="/admin/create-account" component={CreateAccountPage} />
        <Route path="/admin/developer" component={DevelopersPage} />
        <Route path="/admin/category" component={CategoriesPage} />
        <Route path="/admin/create-category" component={CreateCategoryPage} />
        <Route path="/admin/service" component={ServicesPage} />
        <Route path="/admin/create-service" component={CreateServicePage} />
        <Route>
          <NotFound home="/admin" />
        </Route>
      </Switch>
    </AdminLayout>
  );
}
