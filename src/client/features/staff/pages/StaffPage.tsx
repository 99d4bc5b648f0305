import { useState } from 'react';
import { DIRECTORY_ACCOUNT } from '../../../../shared/directory.ts';
import { CONFIRM } from '../../../../shared/messages.ts';
import type { User } from '../../../../shared/types.ts';
import { useStaff } from '../../../api/users.ts';
import { NavButton } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useListScroll } from '../../../lib/scrollMemory.ts';
import { useSearchParam } from '../../../lib/useSearchParam.ts';
import { SearchableList } from '../../../components/SearchableList.tsx';
import { useDeleteAccount } from '../api.ts';
import { ResetPasswordDialog } from '../components/ResetPasswordDialog.tsx';
import { fromDirectory, StaffTable } from '../components/StaffTable.tsx';
import styles from '../components/StaffForms.module.css';
import { ROUTES } from '../../../lib/paths.ts';

const TITLE = 'Staff';
const CREATE_LABEL = 'Create Account';
const SEARCH_LABEL = 'Search by first name';
/** The search lives in the address (?q=): Back and Forward restore it. */
const SEARCH_PARAM = 'q';
const NO_MATCH = 'No staff match your search.';

export function StaffPage() {
  const staff = useStaff();
  const [search, setSearch] = useSearchParam(SEARCH_PARAM);
  useListScroll(staff.data !== undefined, !staff.isFetching);
  const [resetting, setResetting] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const remove = useDeleteAccount(() => setDeleting(null));

  return (
    <section>
      <PageHeader
        title={TITLE}
        actions={
          <NavButton to={ROUTES.admin.createAccount}>
            <Icon name="plus" size={18} /> {CREATE_LABEL}
          </NavButton>
        }
      />
      <QueryState query={staff}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState variant="noStaff" />
          ) : (
            <>
              {list.some(fromDirectory) && <p className={styles.note}>{DIRECTORY_ACCOUNT.staffNote}</p>}
              <SearchableList
                items={list}
                searchText={(u) => u.first_name}
                search={search}
                onSearchChange={setSearch}
                label={SEARCH_LABEL}
                noMatch={NO_MATCH}
              >
                {(rows) => <StaffTable rows={rows} onResetPassword={setResetting} onDelete={setDeleting} />}
              </SearchableList>
            </>
          )
        }
      </QueryState>
      {resetting && <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={CONFIRM.deleteAccount}
        description={CONFIRM.deleteAccountDetail}
        confirmLabel="Yes"
        cancelLabel="Cancel"
        pending={remove.isPending}
        pendingLabel="Deleting..."
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
