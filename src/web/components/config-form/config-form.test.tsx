import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../lib/i18n/i18n';
import type { ConfigItemDefinition, ConfigResult, ConfigTemplate } from '../../../common/config-templates';
import { translatorTemplates } from '../../../common/config-templates';
import { ConfigForm } from './config-form';
import { convertFormValues, initialFormValues, resolveOptions } from './config-form-values';

afterEach(cleanup);

// Mantine's autosize textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });
}

function setup(template: ConfigTemplate, initial?: { name: string; value: Record<string, unknown> }) {
  const onConfirm = vi.fn<(result: ConfigResult) => void>();
  const onCancel = vi.fn();
  const user = userEvent.setup();
  render(
    <MantineProvider env="test">
      <ConfigForm template={template} initial={initial} onConfirm={onConfirm} onCancel={onCancel} />
    </MantineProvider>,
  );
  const confirm = () => user.click(screen.getByRole('button', { name: 'confirm' }));
  return { onConfirm, onCancel, user, confirm };
}

const template = (items: ConfigItemDefinition[], configId = 'Test'): ConfigTemplate => ({ configId, name: configId, items });

// Typing through user-event into Mantine inputs takes seconds on a busy 2-core machine; the default 5 s flakes there.
describe('ConfigForm', { timeout: 20_000 }, () => {
  it('renders text, textarea, select, radio, checkbox and switch items and returns their values', async () => {
    const { user, confirm, onConfirm } = setup(
      template([
        { label: 'title', key: 'title' },
        { label: 'notes', key: 'notes', inputType: 'textarea' },
        { label: 'colour', key: 'colour', inputType: 'select', option: 'red,green,blue' },
        { label: 'size', key: 'size', inputType: 'radio', option: [{ label: 'Small', value: 's' }, { label: 'Large', value: 'l' }] },
        { label: 'agree', key: 'agree', inputType: 'checkbox' },
        { label: 'live', key: 'live', inputType: 'switch' },
      ]),
    );

    await user.type(screen.getByRole('textbox', { name: 'title' }), 'Hello');
    const notes = screen.getByRole('textbox', { name: 'notes' });
    expect(notes.tagName).toBe('TEXTAREA');
    await user.type(notes, '  line one{enter}line two');

    await user.click(screen.getByRole('combobox', { name: 'colour' }));
    await user.click(await screen.findByRole('option', { name: 'green' }));

    const size = screen.getByRole('radiogroup', { name: 'size' });
    expect(within(size).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['s', 'l']);
    await user.click(within(size).getByRole('radio', { name: 'Large' }));

    await user.click(screen.getByRole('checkbox', { name: 'agree' }));
    await user.click(screen.getByRole('switch', { name: 'live' }));

    await confirm();
    expect(onConfirm).toHaveBeenCalledWith({
      configId: 'Test',
      name: 'Test',
      value: { title: 'Hello', notes: '  line one\nline two', colour: 'green', size: 'l', agree: true, live: true },
    });
  });

  it('converts number items to numbers and refuses text that is not a number', async () => {
    const { user, confirm, onConfirm } = setup(
      template([
        { label: 'temperature', key: 'tempreature', dataType: 'number' },
        { label: 'level', key: 'level', dataType: 'number', inputType: 'radio', option: '1,2,3' },
      ]),
    );
    const input = screen.getByRole('textbox', { name: 'temperature' });
    await user.type(input, 'warm');
    await confirm();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText('temperature must be a number')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.clear(input);
    await user.type(input, ' 0.25 ');
    await user.click(screen.getByRole('radio', { name: '3' }));
    await confirm();
    expect(onConfirm).toHaveBeenCalledWith({ configId: 'Test', name: 'Test', value: { tempreature: 0.25, level: 3 } });
  });

  it('requires required items and the name, with a message per field, and clears it on input', async () => {
    const { user, confirm, onConfirm } = setup(
      template([
        { label: 'apiKey', key: 'apiKey', required: true },
        { label: 'model', key: 'model', inputType: 'select', required: true, option: 'a,b' },
        { label: 'optional', key: 'optional' },
      ]),
    );
    await user.clear(screen.getByRole('textbox', { name: /^name/ }));
    await confirm();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText('name is required')).toBeInTheDocument();
    expect(screen.getByText('apiKey is required')).toBeInTheDocument();
    expect(screen.getByText('model is required')).toBeInTheDocument();
    expect(screen.queryByText('optional is required')).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^apiKey/ }), '   ');
    await confirm();
    expect(screen.getByText('apiKey is required')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^name/ }), 'Mine');
    await user.type(screen.getByRole('textbox', { name: /^apiKey/ }), 'k-1');
    expect(screen.queryByText('apiKey is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^model/ }));
    await user.click(await screen.findByRole('option', { name: 'b' }));
    await confirm();
    expect(onConfirm).toHaveBeenCalledWith({ configId: 'Test', name: 'Mine', value: { apiKey: 'k-1', model: 'b', optional: '' } });
  });

  it('does not show hidden items but returns their stored value or default', async () => {
    const { confirm, onConfirm } = setup(
      template([
        { label: 'visible', key: 'visible', defaultValue: 'v' },
        { label: 'secret', key: 'secret', hidden: true, defaultValue: 'from-default' },
        { label: 'kept', key: 'kept', hidden: true },
      ]),
      { name: 'Entry', value: { kept: 'from-store' } },
    );
    expect(screen.queryByRole('textbox', { name: 'secret' })).not.toBeInTheDocument();
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
    await confirm();
    expect(onConfirm.mock.calls[0]![0].value).toEqual({ visible: 'v', secret: 'from-default', kept: 'from-store' });
  });

  it('shows defaults: text, number, select, switch on and off', async () => {
    const { confirm, onConfirm } = setup(translatorTemplates.Gemini);
    expect(screen.getByRole('textbox', { name: /^name/ })).toHaveValue('Gemini');
    expect(screen.getByRole('textbox', { name: /^model/ })).toHaveValue('gemini-2.0-flash-exp');
    expect(screen.getByRole('textbox', { name: 'temperature' })).toHaveValue('1');
    await confirm();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText('apiKey is required')).toBeInTheDocument();
  });

  it('renders the Notion Database switches with their defaults', () => {
    setup(template([
      { label: 'updateReviewTime', key: 'updateReviewTime', inputType: 'switch', defaultValue: true },
      { label: 'paginate', key: 'paginate', inputType: 'switch', defaultValue: false },
    ]));
    expect(screen.getByRole('switch', { name: 'updateReviewTime' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'paginate' })).not.toBeChecked();
  });

  it('shows a select default from a comma string of options', () => {
    setup(translatorTemplates.OpenRouter);
    expect(screen.getByRole('combobox', { name: /^model/ })).toHaveValue('google/gemma-3-27b-it:free');
  });

  it('reads a stored `temperature` into the tempreature field and stores it as tempreature', async () => {
    const { user, confirm, onConfirm } = setup(translatorTemplates.OpenAI, {
      name: 'gpt',
      value: { apiKey: 'sk', model: 'gpt-4o', baseURL: '', temperature: 0.2, extra: 'kept' },
    });
    const temperature = screen.getByRole('textbox', { name: 'temperature' });
    expect(temperature).toHaveValue('0.2');
    await user.clear(temperature);
    await user.type(temperature, '1.3');
    await confirm();
    expect(onConfirm).toHaveBeenCalledWith({
      configId: 'OpenAI',
      name: 'gpt',
      value: { apiKey: 'sk', model: 'gpt-4o', baseURL: '', tempreature: 1.3, extra: 'kept' },
    });
  });

  it('offers a typed value in a select that allows one, with the empty option as its placeholder', async () => {
    const { user, confirm, onConfirm } = setup(
      template([
        {
          label: 'model',
          key: 'model',
          inputType: 'select',
          allowCustomValue: true,
          option: [{ label: 'please select...', value: '' }, { label: 'Qwen', value: 'Qwen/Qwen2.5-7B-Instruct' }],
        },
      ]),
    );
    const model = screen.getByRole('combobox', { name: 'model' });
    expect(model).toHaveAttribute('placeholder', 'please select...');
    await user.type(model, 'my/own-model');
    await confirm();
    expect(onConfirm).toHaveBeenCalledWith({ configId: 'Test', name: 'Test', value: { model: 'my/own-model' } });
  });

  it('cancel calls onCancel and never onConfirm', async () => {
    const { user, onCancel, onConfirm } = setup(template([{ label: 'a', key: 'a' }]));
    await user.click(screen.getByRole('button', { name: 'cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('ConfigForm in another language', { timeout: 20_000 }, () => {
  afterEach(() => act(() => activateLanguage('en')));

  it('shows the template words translated and stores the fields under their keys', async () => {
    await act(() => activateLanguage('zh'));
    const { user, onConfirm } = setup(translatorTemplates.OpenAI);
    const confirm = () => user.click(screen.getByRole('button', { name: '确定' }));
    expect(screen.getByRole('form', { name: 'OpenAI 配置' })).toBeInTheDocument();
    const apiKey = screen.getByRole('textbox', { name: /^API 密钥/ });
    expect(apiKey).toHaveAttribute('placeholder', 'API 密钥');
    expect(screen.getByRole('textbox', { name: /^API 地址/ })).toHaveAttribute('placeholder', '留空 = https://api.openai.com/v1');
    // A model id as placeholder is shown as written, and not offered to page translators.
    expect(screen.getByRole('textbox', { name: /^模型/ })).toHaveAttribute('translate', 'no');
    await confirm();
    expect(screen.getByText('API 密钥不能为空')).toBeInTheDocument();
    await user.type(apiKey, 'sk-1');
    await confirm();
    expect(onConfirm.mock.calls[0]![0].value).toMatchObject({ apiKey: 'sk-1', model: 'gpt-3.5-turbo', tempreature: 0.7 });
  });
});

describe('config form values', () => {
  it('parses options from pairs or a comma string', () => {
    expect(resolveOptions('a, b,,c ')).toEqual([
      { label: 'a', value: 'a' },
      { label: 'b', value: 'b' },
      { label: 'c', value: 'c' },
    ]);
    expect(resolveOptions([{ label: 'One', value: '1' }])).toEqual([{ label: 'One', value: '1' }]);
    expect(resolveOptions(undefined)).toEqual([]);
    expect(resolveOptions('')).toEqual([]);
  });

  it('starts checkbox groups as lists and converts them, numbers included', () => {
    const items: ConfigItemDefinition[] = [{ label: 'days', key: 'days', inputType: 'checkbox', option: '1,2,3', dataType: 'number', required: true }];
    expect(initialFormValues(items, { days: [1, 3] })).toEqual({ days: ['1', '3'] });
    expect(convertFormValues(items, { days: ['1', '3'] })).toEqual({ ok: true, value: { days: [1, 3] } });
    expect(convertFormValues(items, { days: [] })).toEqual({ ok: false, errors: { days: 'days is required' } });
  });

  it('turns an empty optional number into null and keeps booleans from stored strings', () => {
    const items: ConfigItemDefinition[] = [
      { label: 'n', key: 'n', dataType: 'number' },
      { label: 's', key: 's', inputType: 'switch' },
    ];
    expect(initialFormValues(items, { s: 'true' })).toEqual({ n: '', s: true });
    expect(convertFormValues(items, { n: '', s: false })).toEqual({ ok: true, value: { n: null, s: false } });
  });
});
