/** Placeholder until the screen lands. */
export function CreateAccountPage() {
  return <h1>CreateAccountPage</h1>;
}
