/**
 * The app's single-key shortcuts, written once: the handlers and the '?' list both read this.
 * A shortcut never fires while the user types in a field, with Ctrl, Alt or Meta held, or while
 * a dialog is open.
 */

export interface Shortcut {
  /** The key as KeyboardEvent.key reports it. */
  key: string;
  /** What it does, as the '?' list says it. */
  action: string;
  /** Where it works, when not everywhere. */
  where?: string;
}

export const SHORTCUTS = {
  search: { key: '/', action: 'Search the list', where: 'On every list with a search' },
  create: { key: 'c', action: 'Create a ticket', where: 'Where your role may create tickets' },
  help: { key: '?', action: 'Show these shortcuts' },
} as const satisfies Record<string, Shortcut>;

/** Whether the key lands in something the user types into. */
export const isTypingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Whether a keydown is this shortcut, free to act (Shift is allowed: '?' needs it on most layouts). */
export function isShortcut(event: KeyboardEvent, shortcut: Shortcut): boolean {
  if (event.key !== shortcut.key || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  return !isTypingIn(event.target) && !document.querySelector('[aria-modal="true"]');
}
