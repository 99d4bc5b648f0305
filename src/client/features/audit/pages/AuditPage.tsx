/** The audit log (design.md#audit-log): what supers changed, newest first, filtered by person, kind and days. */
import { useLocation, useSearch } from 'wouter';
import type { AuditFilters as Filters, AuditPage as Page } from '../../../../shared/audit.ts';
import { useStaff } from '../../../api/users.ts';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError, QueryState } from '../../../components/QueryState.tsx';
import { ShowMore } from '../../../components/ShowMore.tsx';
import { useAuditPages } from '../api.ts';
import { auditSearch, hasFilters, readAuditFilters } from '../auditUrl.ts';
import { AuditFilters } from '../components/AuditFilters.tsx';
import { AuditTable } from '../components/AuditTable.tsx';
import styles from './AuditPage.module.css';

const TITLE = 'Audit log';
const NOTHING_YET = 'No changes recorded yet.';
const NO_MATCH = 'No changes match these filters.';

export function AuditPage() {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const filters = readAuditFilters(search);
  const pages = useAuditPages(filters);
  const supers = (useStaff().data ?? []).filter((user) => user.role === 'super');
  const go = (next: Filters) => navigate(path + auditSearch(next));
  const filtered = hasFilters(filters);
  const clear = () => go({});

  return (
    <section className={styles.page}>
      <PageHeader title={TITLE} />
      <AuditFilters filters={filters} people={supers} onChange={go} onClear={filtered ? clear : undefined} />
      <QueryState query={pages}>
        {(loaded: Page[]) => {
          const entries = loaded.flatMap((page) => page.list);
          if (entries.length === 0) {
            return filtered ? (
              <EmptyState message={NO_MATCH}>
                <Button variant="secondary" onClick={clear}>
                  Clear filters
                </Button>
              </EmptyState>
            ) : (
              <EmptyState message={NOTHING_YET} />
            );
          }
          const total = Math.max(loaded[0]?.total ?? 0, entries.length);
          return (
            <div className={styles.results}>
              <AuditTable entries={entries} />
              <ShowMore query={pages} label="Show more" count={{ loaded: entries.length, total }} />
              {pages.error && <QueryError error={pages.error} onRetry={pages.refetch} />}
            </div>
          );
        }}
      </QueryState>
    </section>
  );
}
