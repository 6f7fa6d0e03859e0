import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSettingsDraft } from '../hooks/use-settings-draft';
import { NotionSection } from './notion-section';

afterEach(cleanup);

function Harness() {
  const { draft, update, set } = useSettingsDraft();
  return (
    <MantineProvider env="test">
      <NotionSection draft={draft} update={update} set={set} />
      <output>{draft.notion.updateReviewTimeInterval}</output>
      <output aria-label="retention">{draft.notion.retention}</output>
    </MantineProvider>
  );
}

describe('Notion → review-time update interval', { timeout: 20_000 }, () => {
  it('takes a non-negative number as typed, ignores other keys, steps with the arrows', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const field = screen.getByRole('textbox', { name: 'review-time update interval' });
    const setting = screen.getAllByRole('status')[0];
    const before = setting.textContent;
    expect(field).toHaveValue(before);

    await user.clear(field);
    await user.type(field, '-1x2.5');
    expect(field).toHaveValue('12.5');
    expect(setting).toHaveTextContent('12.5');

    await user.keyboard('{ArrowUp}');
    expect(field).toHaveValue('13.5');
    await user.clear(field);
    await user.type(field, '0');
    await user.keyboard('{ArrowDown}');
    expect(field).toHaveValue('0');
    expect(setting).toHaveTextContent('0');
  });

  it('an emptied field goes back to the setting when it loses focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const field = screen.getByRole('textbox', { name: 'review-time update interval' });
    await user.clear(field);
    await user.type(field, '7');
    await user.clear(field);
    expect(field).toHaveValue('');
    await user.tab();
    expect(field).toHaveValue('7');
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('7');
  });
});

describe('Notion → desired retention', { timeout: 20_000 }, () => {
  it('takes 0.70–0.99; anything else leaves the setting and goes back to it when the field loses focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const field = screen.getByRole('textbox', { name: 'desired retention' });
    const setting = screen.getByRole('status', { name: 'retention' });
    expect(field).toHaveValue('0.9');
    await user.clear(field);
    await user.type(field, '0.85');
    expect(setting).toHaveTextContent('0.85');
    await user.clear(field);
    await user.type(field, '1.5');
    expect(setting).toHaveTextContent('0.85');
    await user.tab();
    expect(field).toHaveValue('0.85');
    await user.clear(field);
    await user.type(field, '0.5');
    await user.tab();
    expect(field).toHaveValue('0.85');
    expect(setting).toHaveTextContent('0.85');
  });
});
