/** Placeholder until the screen lands. */
export function DeveloperHomePage() {
  return <h1>DeveloperHomePage</h1>;
}
