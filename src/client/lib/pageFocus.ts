/**
 * Where focus goes when nothing better is left: the page's heading. After a route change, and
 * when a dialog closes whose opener has gone (a deleted row's button), focus lands on the h1 of
 * <main> instead of falling to <body>, where a keyboard or screen-reader user would be lost.
 */

/** How long to wait for a heading that appears with its data (a ticket's title). */
const HEADING_WAIT_MS = 3000;
const HEADING = 'main h1';

/** Focuses the page's h1 (or <main>) without scrolling; false when there is neither. */
export function focusPageHeading(): boolean {
  const target = document.querySelector<HTMLElement>(HEADING) ?? document.querySelector<HTMLElement>('main');
  if (!target) return false;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  // Scroll restoration owns the scroll position; focus must not move it.
  target.focus({ preventScroll: true });
  return true;
}

const focusIsFree = () => !document.activeElement || document.activeElement === document.body;

/**
 * Focuses the heading now, or when it appears (pages that wait for data or a lazy chunk), unless
 * the user has put focus somewhere meanwhile. Returns a function that stops waiting.
 */
export function focusPageHeadingSoon(): () => void {
  if (document.querySelector(HEADING)) {
    focusPageHeading();
    return () => {};
  }
  const observer = new MutationObserver(() => {
    if (!document.querySelector(HEADING)) return;
    stop();
    if (focusIsFree()) focusPageHeading();
  });
  const timer = setTimeout(() => {
    stop();
    if (focusIsFree()) focusPageHeading();
  }, HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * When the focused element leaves the page (a deleted row's button, after its dialog closed and
 * the list was fetched again), focus goes to the page's heading instead of <body>. Checked a
 * task later, so a closing dialog gives focus back to its opener first. Returns a stop function.
 */
export function startFocusRescue(): () => void {
  let last: Element | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    timer = undefined;
    if (last && !last.isConnected && focusIsFree()) focusPageHeading();
  };
  const onFocusIn = (event: FocusEvent) => (last = event.target as Element);
  const observer = new MutationObserver(() => {
    if (timer === undefined && last && !last.isConnected) timer = setTimeout(check, 0);
  });
  document.addEventListener('focusin', onFocusIn);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    document.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
    clearTimeout(timer);
  };
}
