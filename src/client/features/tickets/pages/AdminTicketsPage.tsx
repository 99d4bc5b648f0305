/** Placeholder until the screen lands. */
export function AdminTicketsPage() {
  return <h1>AdminTicketsPage</h1>;
}
