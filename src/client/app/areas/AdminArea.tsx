/** The admin route table (lazy chunk): absolute paths, pages read params with useParams(). */
import { Route, Switch } from 'wouter';
import { AuditPage } from '../../features/audit/pages/AuditPage.tsx';
import { BackupFailureBanner } from '../../features/backups/components/BackupFailureBanner.tsx';
import { CatalogPage } from '../../features/catalog/pages/CatalogPage.tsx';
import { CreateCatalogPage } from '../../features/catalog/pages/CreateCatalogPage.tsx';
import { DevelopersPage } from '../../features/developers/pages/DevelopersPage.tsx';
import { MailPage } from '../../features/mail/pages/MailPage.tsx';
import { SlaPage } from '../../features/sla/pages/SlaPage.tsx';
import { RepliesPage } from '../../features/replies/pages/RepliesPage.tsx';
import { ReportsPage } from '../../features/reports/pages/ReportsPage.tsx';
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
import { saveViewAction, sidebarViews } from '../savedViews.tsx';
import { ticketComments } from '../ticketComments.tsx';

const ADMIN = ROUTES.admin;

export default function AdminArea() {
  return (
    <AdminLayout views={sidebarViews}>
      <Switch>
        <Route path={ADMIN.home}>
          <BackupFailureBanner />
          <DashboardPage />
        </Route>
        <Route path={ADMIN.tickets}>
          <AdminTicketsPage actions={saveViewAction('admin')} />
        </Route>
        <Route path={ADMIN.ticket}>
          <AdminTicketDetailsPage comments={ticketComments} />
        </Route>
        <Route path={ADMIN.editTicket} component={EditTicketPage} />
        <Route path={ADMIN.createTicket} component={CreateTicketPage} />
        <Route path={ADMIN.staff} component={StaffPage} />
        <Route path={ADMIN.createAccount} component={CreateAccountPage} />
        <Route path={ADMIN.developers} component={DevelopersPage} />
        {/* Keyed by kind: going from categories to services mounts a fresh page (its dialogs and typing do not carry over). */}
        <Route path={ADMIN.categories}>
          <CatalogPage key="category" kind="category" />
        </Route>
        <Route path={ADMIN.createCategory}>
          <CreateCatalogPage key="category" kind="category" />
        </Route>
        <Route path={ADMIN.services}>
          <CatalogPage key="service" kind="service" />
        </Route>
        <Route path={ADMIN.createService}>
          <CreateCatalogPage key="service" kind="service" />
        </Route>
        <Route path={ADMIN.board} component={BoardPage} />
        <Route path={ADMIN.reports} component={ReportsPage} />
        <Route path={ADMIN.audit} component={AuditPage} />
        <Route path={ADMIN.mail} component={MailPage} />
        <Route path={ADMIN.sla} component={SlaPage} />
        <Route path={ADMIN.replies} component={RepliesPage} />
        <Route>
          <NotFound home={ADMIN.home} />
        </Route>
      </Switch>
    </AdminLayout>
  );
}
