/**
 * Kiosk mode (docs/design.md#kiosk): a board opened with `?kiosk=1` fills the screen without the
 * app's chrome. The layouts read this to leave their header and navigation out.
 */
import { useLocation, useSearch } from 'wouter';
import { ROUTES } from './paths.ts';

export const KIOSK_PARAM = 'kiosk';
const BOARDS: readonly string[] = [ROUTES.admin.board, ROUTES.developer.board];

export const isKioskAddress = (path: string, search: string) => BOARDS.includes(path) && new URLSearchParams(search).get(KIOSK_PARAM) === '1';

/** The board's address in kiosk mode. */
export const kioskAddress = (path: string) => `${path}?${KIOSK_PARAM}=1`;

export function useKioskMode(): boolean {
  const [path] = useLocation();
  return isKioskAddress(path, useSearch());
}
