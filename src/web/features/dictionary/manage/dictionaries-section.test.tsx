import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dictionariesList, failedImport } from '../../../../../test-support/dictionary-answers';
import type { DictImport, DictionariesList } from '../../../../common/dictionaries';
import { queryClient } from '../../../lib/query-client';
import { DictionariesSection } from './dictionaries-section';

/**
 * The server's dictionary management API (`/api/dict/dictionaries`, `/imports`, `/order`,
 * `/frequency`) as it answers, kept in memory: what the section sends changes what it reads next.
 */
function fakeDictServer() {
  const state: DictionariesList = structuredClone(dictionariesList);
  const imports: DictImport[] = [
    structuredClone(failedImport),
    {
      ...structuredClone(failedImport),
      id: 'imp-bomb',
      fileName: 'bomb.zip',
      file: 'term_bank_1.json',
      error: "the server's own words: term_bank_1.json inflates beyond 268435456 bytes",
      code: 'dict-zip-too-large',
      params: { file: 'term_bank_1.json', entryMax: 256 * 1024 * 1024, totalMax: 2 * 1024 * 1024 * 1024 },
    },
  ];
  const calls: string[] = [];
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const handle = async (method: string, target: string, body: unknown): Promise<Response> => {
    const { pathname } = new URL(target, location.href);
    calls.push(`${method} ${pathname}`);
    const id = decodeURIComponent(pathname.split('/').pop() ?? '');
    if (pathname === '/api/dict/dictionaries' && method === 'GET') return json(state);
    if (pathname === '/api/dict/dictionaries' && method === 'POST') {
      const file = (body as FormData).get('file') as File;
      const created: DictImport = { id: `imp-${imports.length + 1}`, fileName: file.name, state: 'queued', step: 'queued', progress: 0, createdAt: new Date().toISOString() };
      imports.unshift(created);
      return json({ import: created }, 202);
    }
    if (pathname.startsWith('/api/dict/dictionaries/') && method === 'PATCH') {
      const dictionary = state.dictionaries.find((item) => item.id === id)!;
      Object.assign(dictionary, JSON.parse(String(body)));
      return json(dictionary);
    }
    if (pathname.startsWith('/api/dict/dictionaries/') && method === 'DELETE') {
      state.dictionaries = state.dictionaries.filter((item) => item.id !== id);
      if (state.frequencyDictionary === id) state.frequencyDictionary = null;
      return new Response(null, { status: 204 });
    }
    if (pathname === '/api/dict/order' && method === 'PUT') {
      const { ids } = JSON.parse(String(body)) as { ids: string[] };
      state.dictionaries = ids.map((each) => state.dictionaries.find((item) => item.id === each)!);
      return new Response(null, { status: 204 });
    }
    if (pathname === '/api/dict/frequency' && method === 'PUT') {
      state.frequencyDictionary = (JSON.parse(String(body)) as { id: string | null }).id;
      return new Response(null, { status: 204 });
    }
    if (pathname === '/api/dict/imports' && method === 'GET') return json({ imports });
    if (pathname.startsWith('/api/dict/imports/') && method === 'DELETE') {
      const found = imports.find((item) => item.id === id)!;
      Object.assign(found, { state: 'cancelled', finishedAt: new Date().toISOString() });
      return new Response(null, { status: 204 });
    }
    return json({ error: 'Not Found' }, 404);
  };

  /** Uploads go through XMLHttpRequest (fetch cannot report upload progress): the same server behind it. */
  class FakeXhr {
    upload = new EventTarget();
    status = 0;
    statusText = '';
    response: ArrayBuffer | null = null;
    responseType = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    getAllResponseHeaders() {
      return this.headers;
    }
    send(body: unknown) {
      void handle(this.method, this.url, body).then(async (answer) => {
        const size = body instanceof FormData ? ((body.get('file') as File | null)?.size ?? 0) : 0;
        this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded: size, total: size }));
        this.status = answer.status;
        this.headers = [...answer.headers].map(([name, value]) => `${name}: ${value}`).join('\r\n');
        this.response = await answer.arrayBuffer();
        this.onload?.();
      });
    }
  }

  const fetchFn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => handle(init.method ?? 'GET', String(input), init.body));
  return { state, imports, calls, fetchFn, FakeXhr };
}

let server: ReturnType<typeof fakeDictServer>;

beforeEach(() => {
  server = fakeDictServer();
  vi.stubGlobal('fetch', server.fetchFn);
  vi.stubGlobal('XMLHttpRequest', server.FakeXhr);
});
afterEach(() => {
  cleanup();
  // The list reads through the app's one cache: each test starts from the server's answers.
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show(options: Parameters<typeof userEvent.setup>[0] = {}) {
  render(
    <MantineProvider env="test">
      <DictionariesSection />
    </MantineProvider>,
  );
  return userEvent.setup(options);
}

const rows = () => within(screen.getByRole('list', { name: 'dictionaries' })).getAllByRole('listitem');

/** The list is drawn at once and its rows become movable once the drag library is in (a fresh set of rows). */
async function loaded() {
  await waitFor(() => expect(screen.getByRole('button', { name: 'move EDICT' })).toBeEnabled(), { timeout: 30_000 });
}
const row = (name: string) => screen.getByRole('listitem', { name });

describe('Settings → Dictionaries', { timeout: 60_000 }, () => {
  it('lists every installed dictionary in result order with its title, revision, counts, size, author, attribution and languages', async () => {
    show();
    // The list's code loads after the section's (lazily): on a busy machine its first load takes seconds.
    await waitFor(() => expect(rows()).toHaveLength(6), { timeout: 30_000 });
    expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual(dictionariesList.dictionaries.map((dictionary) => dictionary.title));
    const jitendex = screen.getByRole('listitem', { name: 'Jitendex.org [2025-04-11]' });
    expect(jitendex).toHaveTextContent('2025.04.11.0');
    expect(jitendex).toHaveTextContent('291,541 terms · 0 kanji · 0 meta rows · 187 MB on disk');
    expect(jitendex).toHaveTextContent('Author: Stephen Kraus');
    expect(jitendex).toHaveTextContent('Attribution: JMdict (EDRDG, CC BY-SA 4.0), Tatoeba (CC BY 2.0 FR)');
    expect(jitendex).toHaveTextContent('Languages: ja → en');
    expect(screen.getByRole('listitem', { name: 'KANJIDIC2' })).toHaveTextContent('0 terms · 13,108 kanji');
    expect(within(screen.getByRole('listitem', { name: 'KANJIDIC2' })).getByRole('checkbox', { name: 'enabled' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'frequency dictionary' })).toHaveValue('JPDB');
  });

  it('enables and disables a dictionary on the server at once', async () => {
    const user = show();
    await loaded();
    await user.click(within(row('KANJIDIC2')).getByRole('checkbox', { name: 'enabled' }));
    await waitFor(() => expect(server.state.dictionaries.find((item) => item.id === 'kanjidic2')?.enabled).toBe(true));
    expect(server.calls).toContain('PATCH /api/dict/dictionaries/kanjidic2');
    expect(within(row('KANJIDIC2')).getByRole('checkbox', { name: 'enabled' })).toBeChecked();
  });

  it('deletes a dictionary only once the learner confirms', async () => {
    const user = show();
    await loaded();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    await user.click(within(row('EDICT')).getByRole('button', { name: 'delete' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('“EDICT”'));
    expect(server.calls.filter((call) => call.startsWith('DELETE'))).toEqual([]);

    confirm.mockReturnValueOnce(true);
    await user.click(within(row('EDICT')).getByRole('button', { name: 'delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'EDICT' })).toBeNull());
    expect(server.calls).toContain('DELETE /api/dict/dictionaries/edict');
    expect(server.state.dictionaries.map((item) => item.id)).not.toContain('edict');
  });

  it('imports the chosen .zip files, shows each running import’s progress with a cancel button, and a failed one with its reason', async () => {
    // As a drop would: the picker's own filter let through.
    const user = show({ applyAccept: false });
    await loaded();
    // The failed import of before is shown with the server's reason, which names the file inside the zip.
    expect(screen.getByText(/The import of broken\.zip failed/)).toBeInTheDocument();
    expect(screen.getByText(/term_bank_2\.json, row 17/)).toBeInTheDocument();
    // A coded failure is worded from the catalogue of the server's codes, its limits formatted, not as the server wrote it.
    expect(await screen.findByText('term_bank_1.json is too large once unpacked (at most 256 MiB per file, 2 GiB in all)')).toBeInTheDocument();
    expect(screen.queryByText(/server's own words/)).toBeNull();

    const zip = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'jmdict-zh.zip', { type: 'application/zip' });
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await user.upload(screen.getByLabelText('dictionary files'), [zip, text]);
    // A file that is not a .zip is refused here, named; the .zip goes to the server.
    expect(await screen.findByText(/not a \.zip file/)).toHaveTextContent('notes.txt: not a .zip file');
    await waitFor(() => expect(server.calls).toContain('POST /api/dict/dictionaries'));
    expect(server.imports[0]?.fileName).toBe('jmdict-zh.zip');

    Object.assign(server.imports[0]!, { state: 'running', step: 'terms', progress: 0.42, file: 'term_bank_7.json', rows: 120_000, title: 'JMdict (Chinese)' });
    const progress = await screen.findByRole('progressbar', { name: 'importing JMdict (Chinese)' }, { timeout: 5_000 });
    expect(progress).toHaveAttribute('aria-valuenow', '42');
    const row = screen.getByRole('group', { name: 'importing JMdict (Chinese)' });
    expect(row).toHaveTextContent('terms, 42% · term_bank_7.json · 120,000 rows');

    await user.click(within(row).getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'importing JMdict (Chinese)' })).toBeNull());
    expect(server.calls).toContain(`DELETE /api/dict/imports/${server.imports[0]!.id}`);
  });

  it('reads the list again when an import finishes', async () => {
    server.imports.unshift({ id: 'imp-9', title: 'Kanjium', state: 'running', step: 'meta', progress: 0.9, createdAt: new Date().toISOString() });
    show();
    await screen.findByRole('progressbar', { name: 'importing Kanjium' });
    server.state.dictionaries.push({ ...dictionariesList.dictionaries[3]!, id: 'kanjium-2', title: 'Kanjium 2' });
    Object.assign(server.imports[0]!, { state: 'done', step: 'done', progress: 1, dictionaryId: 'kanjium-2' });
    expect(await screen.findByRole('listitem', { name: 'Kanjium 2' }, { timeout: 5_000 })).toBeInTheDocument();
  });
});
