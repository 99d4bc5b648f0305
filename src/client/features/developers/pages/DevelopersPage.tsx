import { useState } from 'react';
import { formatLogDate } from '../../../../shared/format.ts';
import type { User } from '../../../../shared/types.ts';
import { useDevelopers } from '../../../api/users.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { SearchInput } from '../../../components/SearchInput.tsx';
import { Table } from '../../../components/Table.tsx';
import styles from './DevelopersPage.module.css';

const TITLE = 'Developers';
const SEARCH_LABEL = 'Search by name';
const NO_MATCH = 'No developers match your search.';
const NOT_SEEN = 'n/a';

const fullName = (u: User) => `${u.first_name} ${u.last_name}`;

const COLUMNS = [
  { header: 'ID', cell: (u: User) => u.id },
  { header: 'Name', cell: fullName },
  { header: 'Email', cell: (u: User) => u.email },
  { header: 'Last seen', cell: (u: User) => (u.last_seen ? formatLogDate(u.last_seen) : NOT_SEEN) },
];

export function DevelopersPage() {
  const developers = useDevelopers();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();

  return (
    <section>
      <PageHeader title={TITLE} />
      <QueryState query={developers}>
        {(list) => {
          if (list.length === 0) return <EmptyState variant="noDev" />;
          const rows = list.filter((u) => fullName(u).toLowerCase().includes(needle));
          return (
            <>
              <div className={styles.toolbar}>
                <SearchInput value={search} onChange={setSearch} label={SEARCH_LABEL} placeholder={SEARCH_LABEL} />
              </div>
              {rows.length === 0 ? (
                <p className={styles.note}>{NO_MATCH}</p>
              ) : (
                <Table columns={COLUMNS} rows={rows} rowKey={(u) => u.id} />
              )}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
