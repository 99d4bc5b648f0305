/** Kiosk mode's shell (lib/kiosk.ts): the page alone, without header, navigation or shortcuts. */
import type { ReactNode } from 'react';
import { MAIN_ID } from './SkipLink.tsx';

export function KioskFrame({ children }: { children: ReactNode }) {
  return (
    <main id={MAIN_ID} tabIndex={-1}>
      {children}
    </main>
  );
}
