/** The signed-in user's own account: profile update and password change (product.md#auth-flow, #calls). */
import type { Envelope, User } from '../../../shared/types.ts';
import { useAuth } from '../../lib/auth.ts';
import { homeOf } from '../../lib/paths.ts';
import { request } from '../../lib/request.ts';
import { ACCOUNT_GROUPS, TICKET_GROUPS, useChange } from '../../lib/useChange.ts';

export type ProfileInput = {
  first_name: string;
  last_name: string;
};

export type PasswordInput = {
  old_password: string;
  new_password: string;
  new_password_confirmation: string;
};

/**
 * Refreshes the admin tables (they list this user too) and every ticket group: the server renames
 * the user on their tickets, and My Tickets / Assigned Tickets match tickets by first name, so
 * lists still holding the old name would look empty.
 */
export function useUpdateProfile(onDone: () => void) {
  return useChange(
    ({ id, ...names }: ProfileInput & { id: number }) =>
      request<Envelope<User>>(`/auth/user/${id}/update`, { method: 'PATCH', json: names }),
    {
      refresh: [...ACCOUNT_GROUPS, ...TICKET_GROUPS],
      onSuccess(answer) {
        useAuth.getState().setUser(answer.data);
        onDone();
      },
      // product.md#auth-flow: support and developer users are sent to their area; the admin stays put.
      to: (answer) => (answer.data.role === 'super' ? undefined : homeOf(answer.data.role)),
    },
  );
}

export function useChangeOwnPassword(onDone: () => void) {
  return useChange(
    (input: PasswordInput) => request<Partial<Envelope<unknown>>>('/auth/reset-password', { method: 'POST', json: input }),
    { onSuccess: onDone },
  );
}
