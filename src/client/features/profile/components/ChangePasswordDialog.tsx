/** Placeholder until the dialog lands. */
export function ChangePasswordDialog(_props: { open: boolean; onClose: () => void }) {
  return null;
}
