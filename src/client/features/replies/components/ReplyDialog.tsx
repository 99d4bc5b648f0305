/** Writing a canned reply, new or changed: its title and its text, checked as the server checks them. */
import { useState, type FormEvent } from 'react';
import { validateReply } from '../../../../shared/replies.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { TextArea } from '../../../components/TextArea.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useFormErrors } from '../../../lib/useFormErrors.ts';
import { useReplyChange, type CannedReply, type ReplyInput } from '../api.ts';

const TITLES = { create: 'New reply', edit: 'Edit reply' };
const SUBMIT = { create: 'Create', edit: 'Save' };
const PENDING = { create: 'Creating...', edit: 'Saving...' };
const BODY_ROWS = 8;

/** @param reply the reply to change; a new one when absent. */
export function ReplyDialog({ reply, onClose }: { reply?: CannedReply; onClose(): void }) {
  const mode = reply ? 'edit' : 'create';
  const [values, setValues] = useState<ReplyInput>({ title: reply?.title ?? '', body: reply?.body ?? '' });
  const change = useReplyChange(onClose);
  const { errors, check } = useFormErrors(validateReply, values, change.error);
  const set = (field: keyof ReplyInput) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!check() || change.isPending) return;
    const input = { title: values.title.trim(), body: values.body.trim() };
    change.mutate(reply ? { kind: 'update', id: reply.id, input } : { kind: 'create', input });
  }

  return (
    <FormDialog title={TITLES[mode]} onClose={onClose} onSubmit={submit} submitLabel={SUBMIT[mode]} pendingLabel={PENDING[mode]} pending={change.isPending}>
      <TextField label="Title" name="title" value={values.title} onChange={set('title')} error={errors.title} autoFocus />
      <TextArea label="Reply" name="body" value={values.body} onChange={set('body')} error={errors.body} rows={BODY_ROWS} />
    </FormDialog>
  );
}
