/** Placeholder until the screen lands. */
export function SupportHomePage() {
  return <h1>SupportHomePage</h1>;
}
