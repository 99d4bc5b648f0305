/** Scheduled backups as supers see them: whether they run, the last one written, a failure not yet followed by a success. */
import type { BackupState } from '../../shared/types.ts';
import type { ServerContext } from '../context.ts';
import type { Router } from '../http/router.ts';
import { requireSuper } from './access.ts';

export function backupRoutes(router: Router, app: ServerContext): void {
  router.add('GET', '/backups', (ctx) => {
    requireSuper(ctx);
    const { backupDir, backupEveryHours, backupKeep } = app.settings;
    const status = app.backups?.() ?? { last_success: null, failure: null };
    const data: BackupState = { scheduled: app.backups !== null, dir: backupDir || null, every_hours: backupEveryHours, keep: backupKeep, ...status };
    return { body: { data } };
  });
}
