/** Placeholder until the screen lands. */
export function AdminTicketDetailsPage() {
  return <h1>AdminTicketDetailsPage</h1>;
}
