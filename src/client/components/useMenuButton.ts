/**
 * The WAI-ARIA menu-button pattern for any menu: Enter, Space or ArrowDown on the button opens
 * it on the first item, ArrowUp on the last; ArrowUp/ArrowDown move (wrapping), Home/End jump,
 * Escape closes and returns focus to the button, Tab closes and moves on from the button.
 * Items are found in the menu by role, so an added item (a radio group, say) just works.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

const ITEM = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]';

type Start = 'first' | 'last';

export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const start = useRef<Start>('first');
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const id = useId();

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])].filter((item) => !item.matches(':disabled'));

  /** Closes the menu and puts focus back on its button (before an item's action opens a dialog). */
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const all = items();
    (start.current === 'first' ? all[0] : all[all.length - 1])?.focus();
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    // Escape closes it wherever focus is (a click may have put it outside the menu).
    const onKey = (event: globalThis.KeyboardEvent) => event.key === 'Escape' && close();
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const show = (at: Start) => {
    start.current = at;
    setOpen(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    show(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => all[(index + all.length) % all.length]?.focus();
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(at + 1),
      ArrowUp: () => move(at - 1),
      Home: () => move(0),
      End: () => move(all.length - 1),
      Escape: close,
    };
    if (event.key === 'Tab') return close(); // focus moves on from the button, in either direction
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  };

  return {
    open,
    close,
    buttonProps: {
      ref: button,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': open ? id : undefined,
      onClick: () => (open ? setOpen(false) : show('first')),
      onKeyDown: onButtonKeyDown,
    },
    menuProps: { ref: menu, id, role: 'menu' as const, onKeyDown: onMenuKeyDown },
  };
}
