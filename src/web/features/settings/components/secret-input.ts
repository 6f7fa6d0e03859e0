/** Props for a PasswordInput holding a key: a reachable show toggle, named e.g. "show access token". */
export function secretInputProps(showLabel: string) {
  return {
    autoComplete: 'off',
    spellCheck: false,
    visibilityToggleFocusable: true,
    visibilityToggleButtonProps: { 'aria-label': showLabel },
  } as const;
}
