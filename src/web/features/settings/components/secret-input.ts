/** Props for a PasswordInput holding a key: a reachable show toggle named after the field. */
export function secretInputProps(label: string) {
  return {
    autoComplete: 'off',
    spellCheck: false,
    visibilityToggleFocusable: true,
    visibilityToggleButtonProps: { 'aria-label': `show ${label}` },
  } as const;
}
