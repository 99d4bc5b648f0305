/**
 * Keeps Tab inside a dialog or drawer, closes it on Escape, and gives focus back when it closes:
 * to what had focus before it opened, or to the page's heading when that element is gone.
 *
 * Keys are heard on the document, not on the dialog: a button that becomes disabled while
 * focused (a submit pressed with the mouse, pending) drops focus to <body>, and the dialog must
 * still answer Escape and still catch Tab then. Only the most recently opened trap answers.
 */
import { useEffect, type RefObject } from 'react';
import { focusPageHeading } from '../lib/pageFocus.ts';
import { useLatest } from '../lib/useLatest.ts';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open traps, the innermost last. */
const openTraps: HTMLElement[] = [];

const focusables = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];

/** Where focus goes when the trap opens. */
const firstStop = (root: HTMLElement) => root.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(root)[0] ?? root;

/** Whether an element can take focus back: still in the page and not disabled. */
function canFocus(element: HTMLElement | null): element is HTMLElement {
  return !!element && element.isConnected && element !== document.body && !element.matches(':disabled');
}

function returnFocus(root: HTMLElement, previous: HTMLElement | null) {
  const active = document.activeElement;
  // Someone else moved focus on purpose (a route change focused the new page's heading): leave it.
  if (active && active !== document.body && !root.contains(active)) return;
  if (canFocus(previous)) previous.focus();
  else focusPageHeading();
}

export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean, onEscape: () => void) {
  const escape = useLatest(onEscape);

  useEffect(() => {
    const root = ref.current;
    if (!active || !root) return;
    const previous = document.activeElement as HTMLElement | null;
    openTraps.push(root);
    // A trap revealed by a transition cannot take focus until its contents are visible: under
    // reduced motion every element transitions for 0.01 ms (styles/reset.css), the `visibility`
    // it inherits included, so the first try can fail. Try again as those transitions end, until
    // focus is in, whether or not anything animates.
    const focusIn = () => {
      if (!root.contains(document.activeElement)) firstStop(root).focus();
      if (root.contains(document.activeElement)) root.removeEventListener('transitionend', focusIn);
    };
    root.addEventListener('transitionend', focusIn);
    focusIn();

    const onKeyDown = (event: KeyboardEvent) => {
      if (openTraps[openTraps.length - 1] !== root) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        escape.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(root);
      const first = items[0];
      const last = items[items.length - 1];
      const current = document.activeElement;
      if (!first || !last) return event.preventDefault();
      if (!current || !root.contains(current)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && (current === first || current === root)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && current === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      root.removeEventListener('transitionend', focusIn);
      openTraps.splice(openTraps.lastIndexOf(root), 1);
      returnFocus(root, previous);
    };
  }, [ref, active, escape]);
}
