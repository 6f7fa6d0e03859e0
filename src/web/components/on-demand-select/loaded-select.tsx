import { Select, type SelectProps } from '@mantine/core';
import { useTakeOverFocus, type OnDemandProps } from '../on-demand/on-demand';

/** Mantine's Select, opened and focused, taking over from the look-alike that was clicked. */
export function LoadedSelect({ initiallyOpened, ...props }: SelectProps & OnDemandProps) {
  const input = useTakeOverFocus<HTMLInputElement>(initiallyOpened);
  return <Select {...props} ref={input} defaultDropdownOpened={initiallyOpened} />;
}
