/** The signed-in user's own account: profile update, password change, e-mail preferences (product.md#auth-flow, #calls). */
import type { NotificationPreferences } from '../../../shared/notifications.ts';
import type { Envelope, User } from '../../../shared/types.ts';
import { useAuth } from '../../lib/auth.ts';
import { invalidate, useQuery } from '../../lib/query.ts';
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

const PREFERENCES_KEY = ['me', 'notifications'] as const;

/** The e-mail preferences (docs/design.md#notifications), all on until changed. */
export function useNotificationPreferences() {
  return useQuery(PREFERENCES_KEY, async (signal) => (await request<Envelope<NotificationPreferences>>('/me/notifications', { signal })).data);
}

/** One save per switch change; the section shows the toast and puts the switch back on a refusal. */
export async function saveNotificationPreferences(prefs: NotificationPreferences) {
  const answer = await request<Envelope<NotificationPreferences>>('/me/notifications', { method: 'PUT', json: prefs });
  invalidate(PREFERENCES_KEY);
  return answer;
}
