/**
 * Whether Back stays in the app (issue 13): a page opened from another site, from a bookmark or
 * in a new tab has nothing of ours behind it, and history.back() would leave the app (or do
 * nothing). The Navigation API lists only this app's entries of the tab's history; where it is
 * missing, an in-app navigation in this document is the sign that one lies behind.
 */
let pushedHere = false;

if (typeof window !== 'undefined') {
  // wouter dispatches this for its own navigations (use-browser-location.js).
  addEventListener('pushState', () => (pushedHere = true));
}

interface NavigationLike {
  currentEntry?: { index: number } | null;
}

export function canGoBackInApp(): boolean {
  const navigation = (window as { navigation?: NavigationLike }).navigation;
  const index = navigation?.currentEntry?.index;
  if (typeof index === 'number') return index > 0;
  return pushedHere && window.history.length > 1;
}
