/** Placeholder until the screen lands. */
export function CreateTicketPage() {
  return <h1>CreateTicketPage</h1>;
}
