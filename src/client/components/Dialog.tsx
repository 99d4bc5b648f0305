/** A modal dialog: focus trapped inside, Escape or the backdrop closes it. */
import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from './Icon.tsx';
import { useFocusTrap } from './useFocusTrap.ts';
import styles from './Dialog.module.css';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children?: ReactNode;
  /** Optional line under the title. */
  description?: string;
  /** 'alertdialog' for confirmations. @default 'dialog' */
  role?: 'dialog' | 'alertdialog';
  /** Hide the × button (confirmations have their own Cancel). @default false */
  hideClose?: boolean;
  /** As wide as the screen allows (an image viewer). @default false */
  wide?: boolean;
  /** Rises from the bottom edge, full width (a phone's filters). @default false */
  sheet?: boolean;
}

export function Dialog({ open, title, onClose, children, description, role = 'dialog', hideClose = false, wide = false, sheet = false }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  useFocusTrap(ref, open, onClose);
  if (!open) return null;
  return createPortal(
    <div className={sheet ? `${styles.backdrop} ${styles.sheetBackdrop}` : styles.backdrop} onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={ref}
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-desc` : undefined}
        className={[styles.dialog, wide && styles.wide, sheet && styles.sheet].filter(Boolean).join(' ')}
        tabIndex={-1}
      >
        <div className={styles.head}>
          <h2 id={`${id}-title`} className={styles.title}>
            {title}
          </h2>
          {!hideClose && (
            <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
              <Icon name="close" />
            </button>
          )}
        </div>
        {description && (
          <p id={`${id}-desc`} className={styles.description}>
            {description}
          </p>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
