/** /admin/mail (docs/design.md#notifications, supers): the relay's state, the outbox, the test e-mail. */
import type { MailStatus } from '../../../shared/mail.ts';
import type { Envelope } from '../../../shared/types.ts';
import { useQuery } from '../../lib/query.ts';
import { request } from '../../lib/request.ts';
import { GROUPS, useChange } from '../../lib/useChange.ts';

export type { MailDelivery, MailDeliveryState as DeliveryState, MailState, MailStatus } from '../../../shared/mail.ts';

export function useMailStatus() {
  return useQuery([...GROUPS.mail, 'status'], async (signal) => (await request<Envelope<MailStatus>>('/admin/mail', { signal })).data);
}

/**
 * Sends the test e-mail; 200 once the relay accepted it, 502 with the relay's reply (the error's
 * message), 409/503 when mail is off. Either way the deliveries list refreshes.
 */
export function useSendTestMail(options: { onSuccess(): void; onError(error: Error): void }) {
  return useChange((to: string) => request<Partial<Envelope<unknown>>>('/admin/mail/test', { method: 'POST', json: { to } }), {
    refresh: ['mail'],
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
}
