import { formatLogDate } from '../../../../shared/format.ts';
import type { User } from '../../../../shared/types.ts';
import { useDevelopers } from '../../../api/users.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useListScroll } from '../../../lib/scrollMemory.ts';
import { useSearchParam } from '../../../lib/useSearchParam.ts';
import { SearchableList } from '../../../components/SearchableList.tsx';
import { Table } from '../../../components/Table.tsx';

const TITLE = 'Developers';
const SEARCH_LABEL = 'Search by name';
/** The search lives in the address (?q=): Back and Forward restore it. */
const SEARCH_PARAM = 'q';
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
  const [search, setSearch] = useSearchParam(SEARCH_PARAM);
  useListScroll(developers.data !== undefined, !developers.isFetching);

  return (
    <section>
      <PageHeader title={TITLE} />
      <QueryState query={developers}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState variant="noDev" />
          ) : (
            <SearchableList
              items={list}
              searchText={fullName}
              search={search}
              onSearchChange={setSearch}
              label={SEARCH_LABEL}
              noMatch={NO_MATCH}
            >
              {(rows) => <Table columns={COLUMNS} rows={rows} rowKey={(u) => u.id} stackOnPhone />}
            </SearchableList>
          )
        }
      </QueryState>
    </section>
  );
}
