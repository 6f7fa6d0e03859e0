/** The floating assistant icon (spec §2 "Floating icon"): lands with the chat issue. */
export function FloatingAssistant() {
  return null;
}
