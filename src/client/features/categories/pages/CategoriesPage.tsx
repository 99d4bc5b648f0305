/** Placeholder until the screen lands. */
export function CategoriesPage() {
  return <h1>CategoriesPage</h1>;
}
