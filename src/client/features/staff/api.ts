/** Staff account mutations (product.md#calls): create, delete, and the admin's password reset. */
import type { Envelope, User } from '../../../shared/types.ts';
import { ROUTES } from '../../lib/paths.ts';
import { request } from '../../lib/request.ts';
import { ACCOUNT_GROUPS, useChange } from '../../lib/useChange.ts';

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

export function useCreateAccount() {
  return useChange(
    (account: NewAccount) => request<Envelope<User>>('/auth/user/create', { method: 'POST', form: { ...account } }),
    { refresh: ACCOUNT_GROUPS, to: () => ROUTES.admin.staff },
  );
}

export function useDeleteAccount(onDone: () => void) {
  return useChange((id: number) => request<Answer>(`/auth/user/${id}`, { method: 'DELETE' }), { refresh: ACCOUNT_GROUPS, onSuccess: onDone });
}

export function useResetPassword(onDone: () => void) {
  return useChange(
    ({ id, ...passwords }: PasswordReset) => request<Answer>(`/user/${id}/change-password`, { method: 'PATCH', form: passwords }),
    { onSuccess: onDone },
  );
}
