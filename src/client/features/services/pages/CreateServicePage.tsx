/** Placeholder until the screen lands. */
export function CreateServicePage() {
  return <h1>CreateServicePage</h1>;
}
