/** Staff account mutations (product.md#calls): create, delete, and the admin's password reset. */
import { useLocation } from 'wouter';
import type { Envelope, User } from '../../../shared/types.ts';
import { request } from '../../lib/request.ts';
import { invalidate, useMutation } from '../../lib/query.ts';
import { toast } from '../../lib/toast.ts';
import { userKeys } from '../../api/users.ts';

export const STAFF_PATH = '/admin/staff';

export type NewAccount = {
  first_name: string;
  last_name: string;
  email: string;
  role: string;
  password: string;
};

export type PasswordReset = {
  id: number;
  new_password: string;
  new_password_confirmation: string;
};

type Answer = Partial<Envelope<unknown>>;

function showAnswer(answer: Answer) {
  if (answer.message) toast.success(answer.message);
}

const showError = (error: Error) => toast.error(error.message);

/** Both lists hold accounts, so every account change refreshes both. */
const refreshAccounts = () => invalidate(userKeys.staff, userKeys.developers);

export function useCreateAccount() {
  const [, navigate] = useLocation();
  return useMutation(
    (account: NewAccount) => request<Envelope<User>>('/auth/user/create', { method: 'POST', form: { ...account } }),
    {
      onSuccess(answer) {
        showAnswer(answer);
        refreshAccounts();
        navigate(STAFF_PATH);
      },
      onError: showError,
    },
  );
}

export function useDeleteAccount(onDone: () => void) {
  return useMutation((id: number) => request<Answer>(`/auth/user/${id}`, { method: 'DELETE' }), {
    onSuccess(answer) {
      showAnswer(answer);
      refreshAccounts();
      onDone();
    },
    onError: showError,
  });
}

export function useResetPassword(onDone: () => void) {
  return useMutation(
    ({ id, ...passwords }: PasswordReset) =>
      request<Answer>(`/user/${id}/change-password`, { method: 'PATCH', form: passwords }),
    {
      onSuccess(answer) {
        showAnswer(answer);
        onDone();
      },
      onError: showError,
    },
  );
}
