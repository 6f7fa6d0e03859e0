import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { OnDemandSelect, optionLabel } from './on-demand-select';

afterEach(cleanup);

const engines = [
  { value: 'auto', label: 'auto' },
  { value: 'makemp3', label: 'makemp3 relay' },
  { value: 'browser', label: 'browser voice' },
];

function Harness({ searchable = false }: { searchable?: boolean }) {
  const [value, setValue] = useState<string | null>('makemp3');
  return (
    <MantineProvider env="test">
      <OnDemandSelect label="speech engine" data={engines} value={value} onChange={setValue} allowDeselect={false} searchable={searchable} />
      <output>{value}</output>
    </MantineProvider>
  );
}

describe('optionLabel', () => {
  it('finds the label in strings, items and groups', () => {
    expect(optionLabel(['ja', 'en'], 'en')).toBe('en');
    expect(optionLabel(engines, 'browser')).toBe('browser voice');
    expect(optionLabel([{ group: 'system voices', items: ['anna', { value: 'speech:me:1', label: 'me' }] }], 'speech:me:1')).toBe('me');
    expect(optionLabel(engines, 'missing')).toBe('');
    expect(optionLabel(engines, null)).toBe('');
  });
});

describe('OnDemandSelect', { timeout: 20_000 }, () => {
  it('is a named combobox showing the chosen label before anything loads', () => {
    render(<Harness />);
    const combobox = screen.getByRole('combobox', { name: 'speech engine' });
    expect(combobox).toHaveValue('makemp3 relay');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('a click loads the real select opened, with focus, and choosing an option changes the value', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('combobox', { name: 'speech engine' }));
    await user.click(await screen.findByRole('option', { name: 'browser voice' }));
    expect(screen.getByRole('status')).toHaveTextContent('browser');
    expect(screen.getByRole('combobox', { name: 'speech engine' })).toHaveValue('browser voice');
  });

  it('opens from the keyboard too', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'speech engine' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'auto' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'speech engine' })).toHaveFocus();
  });
});
