/**
 * Shell-wide overlays composed from features: the floating selection menu and the floating
 * assistant icon. Each lands with its issue; this is where the shell mounts them.
 */
export function ShellExtras() {
  return null;
}
