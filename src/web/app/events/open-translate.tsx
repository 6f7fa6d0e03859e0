/** Handles the app event by opening its feature's modal. Returns the unsubscribe function. */
export function handleOpenTranslate(): () => void {
  return () => {};
}
