import type { AvCue, AvResult } from '../../../../common/av-search';
import { AddToAnki } from '../../../components/add-to-anki/add-to-anki';
import { markWord, type AnkiCard } from '../../../lib/anki/anki-note';
import { formatTime } from '../format';

const localMedia = /^(.*\/api\/media\/)([0-9a-f]{16})$/;

/**
 * The player's current line as a card: the searched word (the line itself when the match was in
 * the title), the line with the word in bold, an audio clip of exactly that line cut by the server
 * and a frame of that moment (files of the local library, or of the Kotonoha that served them).
 */
export function lineCard(result: AvResult, line: AvCue): AnkiCard {
  const searched = result.cue && result.match ? result.cue.text.slice(result.match.start, result.match.end) : '';
  const word = searched && line.text.includes(searched) ? searched : line.text;
  const card: AnkiCard = { word, sentence: markWord(line.text, searched), source: `${result.title} ${formatTime(line.start)}` };
  const media = localMedia.exec(new URL(result.url, location.href).href);
  if (!media) return card;
  const [, base, id] = media;
  const span = `${line.start.toFixed(2)}-${line.end.toFixed(2)}`;
  card.audio = { url: `${base}${id}/clip?start=${line.start}&end=${line.end}`, filename: `kotonoha_${id}_${span}.mp3` };
  if (result.thumb !== null) {
    const moment = Math.floor((line.start + line.end) / 2);
    card.picture = { url: `${base}${id}/thumb?t=${moment}`, filename: `kotonoha_${id}_${moment}.jpg` };
  }
  return card;
}

export function LineAnki({ result, line }: { result: AvResult; line: AvCue }) {
  return <AddToAnki cardId={`${result.id}@${line.start}-${line.end}`} card={() => lineCard(result, line)} />;
}
