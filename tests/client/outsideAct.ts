/**
 * Runs `step` as a browser would, outside act(): React renders later, on its own schedule, so a
 * test can see what happens before the render (act() would run every render at once).
 */
export async function outsideAct(step: () => void | Promise<void>): Promise<void> {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    await step();
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = before;
  }
}
