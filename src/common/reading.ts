import * as z from 'zod/mini';

/** docs/api.md "Furigana": `POST /api/reading`. */
export const readingLimits = { texts: 200, characters: 20_000 } as const;

/** One token of a text: joining the surfaces gives the text back; `reading` (hiragana) only over kanji. */
export const readingTokenSchema = z.object({ surface: z.string(), reading: z.optional(z.string()) });
export type ReadingToken = z.infer<typeof readingTokenSchema>;

export const readingRequestSchema = z.object({ texts: z.array(z.string()) });
export const readingAnswerSchema = z.object({ results: z.array(z.array(readingTokenSchema)) });
export type ReadingAnswer = z.infer<typeof readingAnswerSchema>;

/** Characters as the limit counts them: code points, so an emoji is one. */
export function characterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xdc00 || code > 0xdfff) count++;
  }
  return count;
}

/** Kanji, and the marks that stand in a kanji word and are read with it (々 〆 ヶ ヵ). */
export const kanjiPattern = /[\p{Script=Han}々〆ヶヵ]/u;

export function hasKanji(text: string): boolean {
  return kanjiPattern.test(text);
}

export const furiganaModes = ['off', 'on', 'hover'] as const;
export type FuriganaMode = (typeof furiganaModes)[number];
