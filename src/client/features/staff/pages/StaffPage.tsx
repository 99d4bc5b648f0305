/** Placeholder until the screen lands. */
export function StaffPage() {
  return <h1>StaffPage</h1>;
}
