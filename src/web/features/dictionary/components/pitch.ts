/** Small kana that join the mora before them (きゃ, ティ, くゎ are one mora each); っ, ー and ん are morae of their own. */
const joiningKana = new Set([...'ゃゅょぁぃぅぇぉゎャュョァィゥェォヮ']);

/** A reading split into morae: たべる → た|べ|る, きょう → きょ|う, ちょっと → ちょ|っ|と. */
export function morae(reading: string): string[] {
  const result: string[] = [];
  for (const character of reading) {
    if (joiningKana.has(character) && result.length > 0) result[result.length - 1] += character;
    else result.push(character);
  }
  return result;
}

/**
 * Whether each mora is high. A number is the downstep position (0 heiban: low then high; 1
 * atamadaka: high then low; n: low, high up to mora n, low after); a string is a pattern of H
 * and L per mora.
 */
export function pitchPattern(position: number | string, count: number): boolean[] {
  if (typeof position === 'string') return Array.from({ length: count }, (_, index) => position[index]?.toUpperCase() === 'H');
  return Array.from({ length: count }, (_, index) => {
    if (position === 0) return index > 0;
    if (position === 1) return index === 0;
    return index > 0 && index < position;
  });
}

/** The downstep number shown beside the reading: the position itself, or where a pattern falls (0 when it never does). */
export function downstepNumber(position: number | string): number {
  if (typeof position === 'number') return position;
  const pattern = position.toUpperCase();
  const fall = pattern.search(/HL/);
  return fall >= 0 ? fall + 1 : 0;
}

/** A nasal mora (鼻濁音) is written with the semi-voiced mark: が → か゚. */
export function nasalised(mora: string): string {
  const [first = '', ...rest] = [...mora];
  const base = first.normalize('NFD').replace('\u3099', '');
  return `${base}\u309A${rest.join('')}`;
}
