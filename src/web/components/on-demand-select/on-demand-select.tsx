import { ComboboxChevron, InputBase, type ComboboxData, type SelectProps } from '@mantine/core';
import { onDemand } from '../on-demand/on-demand';

const LoadedSelect = onDemand<SelectProps>(() => import('./loaded-select').then((module) => module.LoadedSelect));

const openKeys = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/** The label Mantine's Select shows for `value`, from any of ComboboxData's shapes. */
export function optionLabel(data: ComboboxData | undefined, value: string | null | undefined): string {
  if (value == null) return '';
  for (const entry of data ?? []) {
    const options = typeof entry === 'object' && 'items' in entry ? entry.items : [entry];
    for (const option of options) {
      if (typeof option === 'string') {
        if (option === value) return option;
      } else if (option.value === value) return 'label' in option ? option.label : option.value;
    }
  }
  return '';
}

/**
 * Mantine's Select without its cost at first paint: until it is used, a read-only input that
 * looks and is named like it (role combobox, its label, its value's label, its chevron). Its
 * dropdown, floating-ui and scroll area load when it is pointed at or focused, and it opens on
 * click, Enter, Space or an arrow key, as the real one does.
 */
export function OnDemandSelect(props: SelectProps) {
  const { label, description, error, placeholder, size, disabled, required, w, style, className, data, value, defaultValue } = props;
  return (
    <LoadedSelect
      {...props}
      trigger={(handlers) => (
        <InputBase
          label={label}
          description={description}
          error={error}
          placeholder={placeholder}
          size={size}
          disabled={disabled}
          required={required}
          w={w}
          style={style}
          className={className}
          value={optionLabel(data, value === undefined ? defaultValue : value)}
          readOnly
          pointer
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={false}
          rightSection={<ComboboxChevron size={size} error={error} />}
          rightSectionPointerEvents="none"
          onPointerEnter={handlers.onPointerEnter}
          onFocus={handlers.onFocus}
          onClick={handlers.onClick}
          onKeyDown={(event) => {
            if (!openKeys.has(event.key)) return;
            event.preventDefault();
            handlers.onClick();
          }}
        />
      )}
    />
  );
}
