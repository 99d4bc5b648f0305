/**
 * /admin/replies (design.md#canned-replies): a super writes the answers the team gives often;
 * everyone inserts them from the comment composer's Replies menu.
 */
import { useState } from 'react';
import { ConfigTablePage, useRowDialogs } from '../../../components/ConfigTablePage.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import type { Column } from '../../../components/Table.tsx';
import { useReplies, useReplyChange, type CannedReply } from '../api.ts';
import { ReplyDialog } from '../components/ReplyDialog.tsx';
import styles from './RepliesPage.module.css';

export const REPLIES_TITLE = 'Canned replies';
export const NEW_REPLY = 'New reply';
export const DELETE_REPLY = 'Are you sure you want to delete this reply?';
export const NO_REPLIES = 'No canned replies yet. Write the answers you give often; everyone can then insert them into a comment from its Replies menu.';

const COLUMNS: readonly Column<CannedReply>[] = [
  { header: 'Title', cell: (reply) => reply.title },
  { header: 'Reply', cell: (reply) => <span className={styles.preview}>{reply.body}</span> },
];

export function RepliesPage() {
  const replies = useReplies();
  const dialogs = useRowDialogs<CannedReply>();
  const [creating, setCreating] = useState(false);
  const remove = useReplyChange(dialogs.closeDelete);
  return (
    <>
      <ConfigTablePage
        title={REPLIES_TITLE}
        createLabel={NEW_REPLY}
        onCreate={() => setCreating(true)}
        query={replies}
        empty={<EmptyState message={NO_REPLIES} />}
        columns={COLUMNS}
        rowName={(reply) => reply.title}
        dialogs={dialogs}
        renderEditDialog={(reply) => <ReplyDialog reply={reply} onClose={dialogs.closeEdit} />}
        deleteTitle={DELETE_REPLY}
        deletePending={remove.isPending}
        onConfirmDelete={(reply) => remove.mutate({ kind: 'delete', id: reply.id })}
      />
      {creating && <ReplyDialog onClose={() => setCreating(false)} />}
    </>
  );
}
