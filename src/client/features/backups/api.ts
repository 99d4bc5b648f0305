/** The scheduled backups' outcome (GET /backups, supers only). */
import type { BackupState, Envelope } from '../../../shared/types.ts';
import { useQuery } from '../../lib/query.ts';
import { request } from '../../lib/request.ts';

const BACKUPS_KEY = ['backups'] as const;

export function useBackupState() {
  return useQuery(BACKUPS_KEY, async (signal) => (await request<Envelope<BackupState>>('/backups', { signal })).data);
}
