/** Placeholder until the screen lands. */
export function DashboardPage() {
  return <h1>DashboardPage</h1>;
}
