import { searchLimits } from '../corpus/corpus';
import type { CorpusService } from '../corpus/service';
import type { CueHit, SubtitleIndex } from './library';

/** The sentence's own text around the key, given KWIC context that may reach into its neighbours. */
export function keyOffsets(sentence: string, left: string, key: string): { start: number; end: number } | null {
  for (let at = sentence.indexOf(key); at >= 0; at = sentence.indexOf(key, at + 1)) {
    if (left.endsWith(sentence.slice(0, at))) return { start: at, end: at + key.length };
  }
  return null;
}

/**
 * The media library's subtitles live in the Shonagon corpus (a subtitle is a document whose
 * sentences keep their cue times), so the video search finds what Shonagon finds, lemma search too.
 */
export function corpusSubtitleIndex(corpus: CorpusService): SubtitleIndex {
  return {
    async addSubtitles({ title, vtt }) {
      const stats = await corpus.importDocument({ kind: 'file', name: `${title}.vtt`, bytes: new TextEncoder().encode(vtt) }, { title, media: '字幕' });
      return stats.id;
    },
    removeDocument(docId) {
      return corpus.deleteDocument(docId).then(() => undefined);
    },
    async *searchCues(q, docIds, limit, signal) {
      const pageSize = 200;
      for (let offset = 0, seen = 0; seen < limit && !signal.aborted; offset += pageSize) {
        const page = await corpus.search({ q, doc: [...docIds], sort: 'order', offset, limit: Math.min(pageSize, limit - seen), width: searchLimits.maxWidth }, signal);
        for (const item of page.items) {
          const sentence = await corpus.getSentence(item.sentenceId);
          if (!sentence || sentence.start == null || sentence.end == null) continue;
          const key = keyOffsets(sentence.text, item.left, item.key) ?? { start: 0, end: 0 };
          const hit: CueHit = { docId: item.docId, text: sentence.text, start: sentence.start, end: sentence.end, keyStart: key.start, keyEnd: key.end };
          seen++;
          yield hit;
          if (signal.aborted) return;
        }
        if (page.items.length === 0 || offset + page.items.length >= page.total) return;
      }
    },
  };
}
