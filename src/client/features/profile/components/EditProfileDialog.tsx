/** Placeholder until the dialog lands. */
export function EditProfileDialog(_props: { open: boolean; onClose: () => void }) {
  return null;
}
