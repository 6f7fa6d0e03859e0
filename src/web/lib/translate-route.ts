/**
 * How another screen opens /translate with a text filled in (not translated: the learner picks
 * the engines and presses translate): through the router's state, so a long text never lands in
 * the address bar or the history's URL.
 */
export interface TranslateRouteState {
  text: string;
}

export const translateRoute = '/translate';

export function readTranslateRouteState(state: unknown): TranslateRouteState | undefined {
  const text = (state as { text?: unknown } | null)?.text;
  return typeof text === 'string' && text !== '' ? { text } : undefined;
}
