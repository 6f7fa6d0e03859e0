import { Checkbox, MantineProvider, PasswordInput, TextInput } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(cleanup);

// vite.config.ts (stableMantineIds, decision 0014): Mantine's useId keeps its first id instead of
// setting a random one after mount, which re-rendered every input once, synchronously.
describe('Mantine inputs with the stable-id build plugin', () => {
  it('mount in one render, labelled by the id they first rendered with', () => {
    const commits: string[] = [];
    render(
      <MantineProvider env="test">
        <Profiler id="inputs" onRender={(_id, phase) => commits.push(phase)}>
          <TextInput label="Shonagon API base" />
          <PasswordInput label="update token" />
          <Checkbox label="auto-follow focus" />
        </Profiler>
      </MantineProvider>,
    );
    expect(commits).toEqual(['mount']);
    const field = screen.getByRole('textbox', { name: 'Shonagon API base' });
    expect(field.id).toMatch(/^mantine-/);
    expect(screen.getByLabelText('update token')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'auto-follow focus' })).toBeInTheDocument();
  });
});
