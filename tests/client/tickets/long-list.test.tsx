/**
 * Long lists (TicketGrid through useWindowedList): up to WINDOW_THRESHOLD cards every card is in
 * the document; past it only the rows on screen and OVERSCAN_PX either side are, with paddings
 * for the rest. A focused card stays rendered (and every card between it and the screen, so Tab
 * goes on in order); the rows on screen render first, the others right after; 'Show more' keeps focus; row heights are remembered per address, so Back's
 * scroll memory puts the same cards on screen.
 *
 * happy-dom lays nothing out: the list's position on screen and the cards' heights are stubbed
 * (one column, no gap), and a scroll is the stubbed position moving plus a scroll event.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { TicketGrid } from '../../../src/client/features/queue/components/TicketGrid.tsx';
import { OVERSCAN_PX, ROW_ESTIMATE_PX, WINDOW_THRESHOLD, forgetRowHeights } from '../../../src/client/lib/useWindowedList.ts';
import { useSavedScroll, useScrollMemory } from '../../../src/client/lib/scrollMemory.ts';
import { signInAs } from '../fakeApi.ts';
import { outsideAct } from '../outsideAct.ts';
import { ADMIN, makeTicket } from './fixtures.ts';

const COUNT = WINDOW_THRESHOLD + 100;
const tickets = Array.from({ length: COUNT }, (_, i) => makeTicket({ title: `Long ${i + 1}` }));
const titles = () => screen.getAllByRole('link').map((link) => link.textContent);
const list = () => document.querySelector('ul')!;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `Long ${from + i}`);

/** How far the page is scrolled past the list's top edge; cards are `cardHeight` tall once laid out (0: not laid out). */
let scrolled = 0;
let cardHeight = 0;

function scrollTo(y: number) {
  act(() => {
    scrolled = y;
    window.dispatchEvent(new Event('scroll'));
  });
}

beforeEach(() => {
  scrolled = 0;
  cardHeight = 0;
  forgetRowHeights();
  signInAs(ADMIN);
  const rect = (top: number, height: number) => ({ top, height, bottom: top + height, left: 0, right: 0, width: 0, x: 0, y: top, toJSON: () => ({}) }) as DOMRect;
  vi.spyOn(HTMLUListElement.prototype, 'getBoundingClientRect').mockImplementation(() => rect(-scrolled, 0));
  vi.spyOn(HTMLLIElement.prototype, 'getBoundingClientRect').mockImplementation(() => rect(0, cardHeight));
});

afterEach(() => vi.restoreAllMocks());

describe('long lists', () => {
  it('renders every card, without paddings, up to the threshold', () => {
    render(<TicketGrid tickets={tickets.slice(0, WINDOW_THRESHOLD)} area="admin" />);
    expect(titles()).toEqual(range(1, WINDOW_THRESHOLD));
    expect(list().style.paddingTop).toBe('');
  });

  it('past it, renders the rows on screen and OVERSCAN_PX around them, and pads for the rest', () => {
    render(<TicketGrid tickets={tickets} area="admin" />);
    // At the top: the 768 px screen and OVERSCAN_PX (600) below it, in rows of ROW_ESTIMATE_PX (240) until measured.
    const below = Math.ceil((innerHeight + OVERSCAN_PX) / ROW_ESTIMATE_PX);
    expect(titles()).toEqual(range(1, below));
    expect(list().style.paddingTop).toBe('0px');
    expect(list().style.paddingBottom).toBe(`${(COUNT - below) * ROW_ESTIMATE_PX}px`);

    // 100 rows down: rows 98 to 106 overlap [24,000 - 600, 24,000 + 768 + 600].
    scrollTo(100 * ROW_ESTIMATE_PX);
    expect(titles()).toEqual(range(98, 106));
    expect(list().style.paddingTop).toBe(`${97 * ROW_ESTIMATE_PX}px`);
    expect(list().style.paddingBottom).toBe(`${(COUNT - 106) * ROW_ESTIMATE_PX}px`);
  });

  it('draws the rows on screen first, and those around them in a background render right after', async () => {
    render(<TicketGrid tickets={tickets} area="admin" />);
    await outsideAct(async () => {
      scrolled = 100 * ROW_ESTIMATE_PX;
      window.dispatchEvent(new Event('scroll'));
      await new Promise<void>(queueMicrotask);
      // Cards 100 to 104 touch the screen ([24,000, 24,768]); none of those rendered before joins them.
      expect(titles()).toEqual(range(100, 104));
      await waitFor(() => expect(titles()).toEqual(range(98, 106)));
      expect(list().style.paddingTop).toBe(`${97 * ROW_ESTIMATE_PX}px`);
    });
  });

  it('measures the rows it renders, and sizes the others like them', () => {
    cardHeight = 100;
    render(<TicketGrid tickets={tickets} area="admin" />);
    // Measured at 100 px: 768 + 600 px hold 14 rows (the 14th starts at 1,300 px).
    expect(titles()).toEqual(range(1, 14));
    expect(list().style.paddingBottom).toBe(`${(COUNT - 14) * 100}px`);
    // 5,000 px down: rows 44 to 64 overlap [4,400, 6,368].
    scrollTo(5000);
    expect(titles()).toEqual(range(44, 64));
    expect(list().style.paddingTop).toBe(`${43 * 100}px`);
  });

  it('keeps a focused card rendered and focused when it scrolls far away, with every card between, so Tab goes on in order', () => {
    render(<TicketGrid tickets={tickets} area="admin" />);
    const focused = screen.getByRole('link', { name: 'Long 3' });
    act(() => focused.focus());
    scrollTo(100 * ROW_ESTIMATE_PX);
    expect(document.activeElement).toBe(focused);
    expect(titles()).toEqual(range(3, 106));
    const next = screen.getByRole('link', { name: 'Long 4' });
    expect(focused.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // Focus leaves the list: only the screen's rows again.
    act(() => focused.blur());
    expect(titles()).toEqual(range(98, 106));
  });

  it("'Show more' keeps the focused card, and the next card follows it in Tab order", () => {
    const { rerender } = render(<TicketGrid tickets={tickets.slice(0, COUNT - 50)} area="admin" />);
    scrollTo((COUNT - 50) * ROW_ESTIMATE_PX - innerHeight);
    const last = screen.getByRole('link', { name: `Long ${COUNT - 50}` });
    act(() => last.focus());
    rerender(<TicketGrid tickets={tickets} area="admin" />);
    expect(document.activeElement).toBe(last);
    const next = screen.getByRole('link', { name: `Long ${COUNT - 49}` });
    expect(last.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

/** A list screen's scroll memory, as useTicketList wires it, around the grid. */
function RememberedList() {
  const address = location.pathname + location.search;
  const memory = useSavedScroll(address);
  useScrollMemory(address, memory, 1, true);
  return <TicketGrid tickets={tickets} area="admin" />;
}

describe("long lists and Back's scroll memory", () => {
  it('Back puts the same cards on screen: the row heights measured before are remembered for the address', async () => {
    window.history.replaceState(null, '', '/admin/tickets?view=cards');
    cardHeight = 100;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrolled);
    // The restore scrolls from a layout effect, inside React's own commit.
    vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
      scrolled = y;
      window.dispatchEvent(new Event('scroll'));
    }) as typeof window.scrollTo);
    const first = render(<RememberedList />);
    for (let y = 0; y <= 5000; y += 1000) scrollTo(y);
    // The memory saves on the next frame.
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const before = titles();
    expect(before).toEqual(range(44, 64));
    first.unmount();

    // Away to a ticket (a page of other height), then Back: the list renders at its remembered
    // heights, and the saved position is restored once it is on screen.
    scrolled = 0;
    cardHeight = 0;
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    render(<RememberedList />);
    expect(scrolled).toBe(5000);
    expect(titles()).toEqual(before);
    expect(list().style.paddingTop).toBe(`${43 * 100}px`);
  });
});
