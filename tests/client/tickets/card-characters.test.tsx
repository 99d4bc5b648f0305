/** A card's truncated title and names never split a character: emoji, accents and CJK (docs/design.md#ticket-page). */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { TicketCard } from '../../../src/client/features/queue/components/TicketCard.tsx';
import { signInAs } from '../fakeApi.ts';
import { SUPPORT, makeTicket } from './fixtures.ts';

const FAMILY = '👨‍👩‍👧‍👦';
const FLAG = '🇧🇷';
const THUMB = '👋🏿';

describe('TicketCard truncation by whole characters', () => {
  it('cuts an emoji title after 26 whole characters, and names by theirs', () => {
    signInAs(SUPPORT);
    const title = `${FAMILY}${FLAG}${THUMB} ${'Ω'.repeat(30)}`;
    const ticket = makeTicket({ title, created_by: `Jose\u0301 Ferna\u0301ndez`, developer: { id: 3, name: '渡辺さくらさんですよね' } });
    render(<TicketCard ticket={ticket} area="support" />);
    const shown = screen.getByText(`${FAMILY}${FLAG}${THUMB} ${'Ω'.repeat(22)}...`);
    expect(() => encodeURIComponent(shown.textContent!)).not.toThrow();
    screen.getByText('Jose\u0301 Fer...');
    screen.getByText('渡辺さくらさんで...');
    screen.getByRole('link', { name: title });
  });

  it('keeps a title of 30 emoji whole though it is far longer than 30 UTF-16 units', () => {
    signInAs(SUPPORT);
    const title = THUMB.repeat(30);
    render(<TicketCard ticket={makeTicket({ title })} area="support" />);
    expect(screen.getAllByText(title).length).toBeGreaterThan(0);
  });
});
