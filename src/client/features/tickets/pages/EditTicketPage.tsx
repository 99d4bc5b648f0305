/** Placeholder until the screen lands. */
export function EditTicketPage() {
  return <h1>EditTicketPage</h1>;
}
