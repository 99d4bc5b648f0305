/**
 * Long lists (TicketGrid): past LONG_LIST cards the grid lets the browser skip the cards off
 * screen, but every card stays in the document in order, so Tab reaches each one; 'Show more'
 * adds cards without redrawing or unfocusing the ones already there.
 */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { LONG_LIST, TicketGrid } from '../../../src/client/features/queue/components/TicketGrid.tsx';
import { signInAs } from '../fakeApi.ts';
import { ADMIN, makeTicket } from './fixtures.ts';

const tickets = Array.from({ length: LONG_LIST + 100 }, (_, i) => makeTicket({ title: `Long ${i + 1}` }));
const links = () => screen.getAllByRole('link');

describe('long lists', () => {
  it('keeps every card in the document, in order, and marks the list long only past LONG_LIST', () => {
    signInAs(ADMIN);
    const { rerender, container } = render(<TicketGrid tickets={tickets.slice(0, LONG_LIST)} area="admin" />);
    expect(container.querySelector('ul')!.hasAttribute('data-long')).toBe(false);
    rerender(<TicketGrid tickets={tickets.slice(0, LONG_LIST + 50)} area="admin" />);
    expect(container.querySelector('ul')!.hasAttribute('data-long')).toBe(true);
    expect(links().map((link) => link.textContent)).toEqual(tickets.slice(0, LONG_LIST + 50).map((ticket) => ticket.title));
  });

  it("'Show more' keeps the focused card, and the next card follows it in Tab order", () => {
    signInAs(ADMIN);
    const { rerender } = render(<TicketGrid tickets={tickets.slice(0, LONG_LIST + 50)} area="admin" />);
    const last = links().at(-1)!;
    last.focus();
    rerender(<TicketGrid tickets={tickets} area="admin" />);
    expect(document.activeElement).toBe(last);
    expect(links()).toHaveLength(tickets.length);
    // The card after it in the document is the next stop for Tab: nothing between them is skipped.
    const next = links()[LONG_LIST + 50]!;
    expect(last.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(next.textContent).toBe(`Long ${LONG_LIST + 51}`);
  });
});
