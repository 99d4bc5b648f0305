/** The signed-in user's own account: profile update and password change (product.md#auth-flow, #calls). */
import { useLocation } from 'wouter';
import type { Envelope, User } from '../../../shared/types.ts';
import { AREA_BY_ROLE } from '../../../shared/constants.ts';
import { request } from '../../lib/request.ts';
import { invalidate, useMutation } from '../../lib/query.ts';
import { toast } from '../../lib/toast.ts';
import { useAuth } from '../../lib/auth.ts';
import { userKeys } from '../../api/users.ts';
import { refreshTickets } from '../../components/tickets/ticketChanges.ts';

export type ProfileInput = {
  first_name: string;
  last_name: string;
};

export type PasswordInput = {
  old_password: string;
  new_password: string;
  new_password_confirmation: string;
};

const showError = (error: Error) => toast.error(error.message);

export function useUpdateProfile(onDone: () => void) {
  const [, navigate] = useLocation();
  return useMutation(
    (input: ProfileInput & { id: number }) => {
      const { id, ...names } = input;
      return request<Envelope<User>>(`/auth/user/${id}/update`, { method: 'PATCH', json: names });
    },
    {
      onSuccess(answer) {
        useAuth.getState().setUser(answer.data);
        if (answer.message) toast.success(answer.message);
        // The admin tables list this user too.
        invalidate(userKeys.staff, userKeys.developers);
        // The server renames the user on their tickets, and My Tickets / Assigned Tickets match
        // tickets by first name: lists still holding the old name would look empty.
        refreshTickets();
        onDone();
        // product.md#auth-flow: support and developer users are sent to their area; the admin stays put.
        if (answer.data.role !== 'super') navigate(AREA_BY_ROLE[answer.data.role]);
      },
      onError: showError,
    },
  );
}

export function useChangeOwnPassword(onDone: () => void) {
  return useMutation(
    (input: PasswordInput) => request<Partial<Envelope<unknown>>>('/auth/reset-password', { method: 'POST', json: input }),
    {
      onSuccess(answer) {
        if (answer.message) toast.success(answer.message);
        onDone();
      },
      onError: showError,
    },
  );
}
