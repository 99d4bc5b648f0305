/**
 * A scheduled backup that failed is the failure nobody notices until a restore is needed, so
 * supers see it on the dashboard until a later backup succeeds.
 */
import { formatLogDate } from '../../../../shared/format.ts';
import { useBackupState } from '../api.ts';
import styles from './BackupFailureBanner.module.css';

const HEADING = 'The last scheduled backup failed';

export function BackupFailureBanner() {
  const state = useBackupState().data;
  if (!state?.failure) return null;
  const { failure, every_hours: everyHours } = state;
  return (
    <div role="alert" className={styles.banner}>
      <p className={styles.heading}>{HEADING}</p>
      <p className={styles.detail}>
        {formatLogDate(failure.at)}: {failure.message}
      </p>
      <p className={styles.detail}>
        The server tries again every {everyHours} hours; this notice stays until a backup succeeds. <code>npm run backup -- FILE</code> takes one now.
      </p>
    </div>
  );
}
