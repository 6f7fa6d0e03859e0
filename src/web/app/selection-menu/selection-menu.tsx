/** The floating selection menu (spec §2): lands with the speech issue. */
export function SelectionMenu() {
  return null;
}
