import type http from 'node:http';
import { startFakeServer, type FakeServer, type RecordedRequest } from '../fake-server';

/**
 * A remote server speaking the Shonagon API of docs/shonagon-api.md (what "remote mode" points at):
 * an in-memory corpus with literal string search, CORS for the browser, and switches that make it
 * answer garbage or hang, for the screen's error handling. Lemma search is refused with 400, as a
 * server without an analyser would.
 */
export interface ShonagonRemote extends FakeServer {
  base: string;
  behaviour: 'ok' | 'garbage' | 'hang';
}

interface Doc {
  id: string;
  title: string;
  media: string | null;
  pubYear: number | null;
  author: string | null;
  sentences: string[];
  bytes: number;
  addedAt: string;
}

export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const parts = line.match(/[^。！？!?]*(?:[。！？!?]+[」』）]*|$)/g) ?? [];
    for (const part of parts) if (part.trim()) out.push(part.trim());
  }
  return out;
}

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': 'content-type',
};

function send(response: http.ServerResponse, status: number, body?: unknown) {
  response.writeHead(status, { ...cors, ...(body === undefined ? {} : { 'content-type': 'application/json' }) });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

export async function startShonagonRemote(): Promise<ShonagonRemote> {
  const docs: Doc[] = [];
  let nextId = 1;
  const state = { behaviour: 'ok' as ShonagonRemote['behaviour'] };

  const add = (title: string, text: string, meta: { media?: string | null; pubYear?: number | null; author?: string | null }) => {
    const sentences = splitSentences(text);
    const doc: Doc = {
      id: `d${nextId++}`,
      title,
      media: meta.media ?? null,
      pubYear: meta.pubYear ?? null,
      author: meta.author ?? null,
      sentences,
      bytes: Buffer.byteLength(text),
      addedAt: new Date().toISOString(),
    };
    docs.push(doc);
    return doc;
  };
  const view = (doc: Doc) => ({ id: doc.id, title: doc.title, media: doc.media, pubYear: doc.pubYear, author: doc.author, sentences: doc.sentences.length, bytes: doc.bytes, addedAt: doc.addedAt });

  const handler = async (request: RecordedRequest, response: http.ServerResponse): Promise<void> => {
    if (request.method === 'OPTIONS') return send(response, 204);
    if (state.behaviour === 'hang') return; // never answers: the client's timeout has to fire
    if (state.behaviour === 'garbage') {
      response.writeHead(200, { ...cors, 'content-type': 'application/json' });
      response.end('<html>not the api</html>');
      return;
    }
    const url = new URL(request.url, 'http://fake');
    const path = url.pathname.replace(/^\/shonagon_api/, '');
    if (request.method === 'GET' && path === '/search') {
      const q = (url.searchParams.get('q') ?? '').normalize('NFKC');
      if (!q) return send(response, 400, { error: 'q is required' });
      if (q.length > 200) return send(response, 400, { error: 'q is longer than 200 characters' });
      if (url.searchParams.get('mode') === 'lemma') return send(response, 400, { error: 'lemma search is not available on this server' });
      const media = url.searchParams.get('media');
      const from = Number(url.searchParams.get('from') || -Infinity);
      const to = Number(url.searchParams.get('to') || Infinity);
      const only = url.searchParams.get('doc');
      const width = Number(url.searchParams.get('width') || 40);
      const offset = Number(url.searchParams.get('offset') || 0);
      const limit = Number(url.searchParams.get('limit') || 50);
      const hits: Array<Omit<ReturnType<typeof item>, 'index'>> = [];
      const item = (doc: Doc, i: number, at: number) => {
        const s = doc.sentences[i];
        return {
          index: 0,
          left: s.slice(Math.max(0, at - width), at),
          key: s.slice(at, at + q.length),
          right: s.slice(at + q.length, at + q.length + width),
          title: doc.title,
          media: doc.media,
          pubYear: doc.pubYear,
          docId: doc.id,
          sentenceId: `${doc.id}:${i}`,
          position: i,
        };
      };
      for (const doc of docs) {
        if (media && doc.media !== media) continue;
        if (only && doc.id !== only) continue;
        if (doc.pubYear != null ? doc.pubYear < from || doc.pubYear > to : Number.isFinite(from) || Number.isFinite(to)) continue;
        doc.sentences.forEach((sentence, i) => {
          const at = sentence.normalize('NFKC').indexOf(q);
          if (at >= 0) hits.push(item(doc, i, at));
        });
      }
      if (url.searchParams.get('sort') === 'year') hits.sort((a, b) => (a.pubYear ?? 0) - (b.pubYear ?? 0));
      const counts = { media: {} as Record<string, number>, year: {} as Record<string, number> };
      for (const hit of hits) {
        counts.media[hit.media ?? ''] = (counts.media[hit.media ?? ''] ?? 0) + 1;
        if (hit.pubYear != null) counts.year[hit.pubYear] = (counts.year[hit.pubYear] ?? 0) + 1;
      }
      const items = hits.slice(offset, offset + limit).map((hit, i) => ({ ...hit, index: offset + i + 1 }));
      return send(response, 200, { total: hits.length, offset, items, counts });
    }
    if (path === '/documents' && request.method === 'GET') return send(response, 200, { documents: docs.map(view) });
    if (path === '/documents' && request.method === 'POST') {
      const type = String(request.headers['content-type'] ?? '');
      if (type.startsWith('application/json')) {
        const body = JSON.parse(request.body.toString('utf8')) as { title?: string; text?: string; media?: string; pubYear?: number; author?: string };
        if (!body.title || !body.text) return send(response, 400, { error: 'title and text are required' });
        const doc = add(body.title, body.text, body);
        return send(response, 201, { id: doc.id, title: doc.title, sentences: doc.sentences.length });
      }
      const form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(request.body) }).formData();
      const file = form.get('file');
      if (!(file instanceof File)) return send(response, 400, { error: 'file is required' });
      if (!/\.(txt|md|srt|vtt)$/i.test(file.name)) return send(response, 415, { error: `${file.name}: unsupported file type` });
      if (file.size === 0) return send(response, 400, { error: `${file.name}: the file is empty` });
      const text = (await file.text()).replace(/^\d+\r?\n[\d:,.]+ --> [\d:,.]+\r?\n/gm, '');
      const doc = add(String(form.get('title') || file.name.replace(/\.[^.]+$/, '')), text, {});
      return send(response, 201, { id: doc.id, title: doc.title, sentences: doc.sentences.length });
    }
    const match = /^\/documents\/([^/]+)(\/sentences)?$/.exec(path);
    const doc = match ? docs.find((d) => d.id === decodeURIComponent(match[1])) : undefined;
    if (match && !doc) return send(response, 404, { error: 'no such document' });
    if (doc && match?.[2] && request.method === 'GET') {
      const from = Number(url.searchParams.get('from') || 0);
      const limit = Number(url.searchParams.get('limit') || 20);
      return send(response, 200, { sentences: doc.sentences.slice(from, from + limit).map((text, i) => ({ sentenceId: `${doc.id}:${from + i}`, text })) });
    }
    if (doc && request.method === 'PATCH') {
      Object.assign(doc, JSON.parse(request.body.toString('utf8')));
      return send(response, 200, view(doc));
    }
    if (doc && request.method === 'DELETE') {
      docs.splice(docs.indexOf(doc), 1);
      return send(response, 204);
    }
    return send(response, 404, { error: 'not found' });
  };

  const server = await startFakeServer(handler);
  const remote = Object.assign(server, { base: `${server.url}/shonagon_api` }) as ShonagonRemote;
  Object.defineProperty(remote, 'behaviour', { get: () => state.behaviour, set: (value: ShonagonRemote['behaviour']) => (state.behaviour = value) });
  return remote;
}
