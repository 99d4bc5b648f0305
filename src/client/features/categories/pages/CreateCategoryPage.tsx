/** Placeholder until the screen lands. */
export function CreateCategoryPage() {
  return <h1>CreateCategoryPage</h1>;
}
