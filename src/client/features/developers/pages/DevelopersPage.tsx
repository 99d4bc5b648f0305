/** Placeholder until the screen lands. */
export function DevelopersPage() {
  return <h1>DevelopersPage</h1>;
}
