/** The icon-only buttons in a table's Actions cell (edit, delete, reset password...). */
import { Button } from './Button.tsx';
import { Icon, type IconName } from './Icon.tsx';
import styles from './RowActions.module.css';

const ICON_SIZE = 18;

export interface RowAction {
  icon: IconName;
  /** The button's accessible name, e.g. "Delete Hardware". */
  label: string;
  onClick(): void;
  /** Destructive: drawn in the danger colour. @default false */
  danger?: boolean;
}

export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <div className={styles.actions}>
      {actions.map(({ icon, label, onClick, danger = false }) => (
        <Button
          key={label}
          variant="ghost"
          size="sm"
          className={danger ? `${styles.iconButton} ${styles.danger}` : styles.iconButton}
          aria-label={label}
          onClick={onClick}
        >
          <Icon name={icon} size={ICON_SIZE} />
        </Button>
      ))}
    </div>
  );
}
