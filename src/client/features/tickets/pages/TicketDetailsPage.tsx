/** Placeholder until the screen lands. */
export function TicketDetailsPage() {
  return <h1>TicketDetailsPage</h1>;
}
