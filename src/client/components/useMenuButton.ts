/**
 * The WAI-ARIA menu-button pattern for any menu: Enter, Space or ArrowDown on the button opens
 * it on the first item, ArrowUp on the last; ArrowUp/ArrowDown move (wrapping), Home/End jump,
 * Escape closes and returns focus to the button, Tab closes and moves on from the button.
 * Items are found in the menu by role, so an added item (a radio group, say) just works.
 * A long menu may sit in a popup with a search box above its items (the menu holds only items):
 * the search takes focus on opening, ArrowDown and ArrowUp go from it to the items and ArrowUp
 * on the first item back to it; a click anywhere in the popup keeps the menu open.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

const ITEM = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]';

type Start = 'first' | 'last';

export interface MenuButtonOptions {
  /** The box around the menu, rendered while it is open, with its search box (`input[type=search]`) and messages. @default the menu alone */
  popup?: RefObject<HTMLElement | null>;
  /** False while the items load: focus goes in once they are there. @default true */
  ready?: boolean;
}

const SEARCH = 'input[type="search"]';

export function useMenuButton({ popup, ready = true }: MenuButtonOptions = {}) {
  const [open, setOpen] = useState(false);
  const start = useRef<Start>('first');
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const id = useId();

  const search = () => popup?.current?.querySelector<HTMLInputElement>(SEARCH) ?? null;
  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])].filter((item) => !item.matches(':disabled'));

  /** Closes the menu and puts focus back on its button (before an item's action opens a dialog). */
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  useEffect(() => {
    if (!open || !ready) return;
    const all = items();
    (search() ?? (start.current === 'first' ? all[0] : all[all.length - 1]))?.focus();
  }, [open, ready]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      const inside = [menu.current, button.current, popup?.current].some((part) => part?.contains(target));
      if (!inside) setOpen(false);
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
      ArrowUp: () => (at === 0 && search() ? search()!.focus() : move(at - 1)),
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

  /** In the search box: the arrows go to the items, Tab closes the menu as it does from an item. */
  const onSearchKeyDown = (event: KeyboardEvent) => {
    const all = items();
    if (event.key === 'Tab') return close();
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    (event.key === 'ArrowDown' ? all[0] : all[all.length - 1])?.focus();
  };

  return {
    open,
    close,
    /** For the search box, when the menu has one. */
    searchProps: { type: 'search' as const, onKeyDown: onSearchKeyDown },
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
