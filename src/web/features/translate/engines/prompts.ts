/**
 * The translator prompt presets (docs/behaviour.md "Chat"): one with a target-language
 * placeholder, one that answers JSON `{origin, translate}`.
 */
export const targetPlaceholder = '{{to}}';

export const translatorPrompt = `You are a professional translator. Translate the text the user sends into ${targetPlaceholder}.
Reply with the translation only: no explanations, notes, quotes or romanization. Keep names, numbers and formatting.`;

export const jsonTranslatorPrompt = `You are a professional translator. Translate the text the user sends into ${targetPlaceholder}.
Reply with one JSON object and nothing else: {"origin": "<the text you were given>", "translate": "<your translation>"}.`;

export function fillPrompt(prompt: string, targetLanguage: string): string {
  return prompt.split(targetPlaceholder).join(targetLanguage);
}

/** docs/behaviour.md "Translate": gemma models are flagged as not supporting JSON output (nor a system instruction). */
export function supportsJsonMode(model: string): boolean {
  return !/gemma/i.test(model);
}

/** docs/behaviour.md "Translate": a JSON reply wrapped in a json code fence is unwrapped before parsing. */
export function unwrapJsonFence(text: string): string {
  const match = /^\s*```(?:json|JSON)?\s*\n?([\s\S]*?)\n?\s*```\s*$/.exec(text);
  return match ? match[1].trim() : text.trim();
}

/** The translation inside a JSON-mode reply; a reply that is not the expected JSON is shown as it came. */
export function parseJsonReply(text: string): string {
  const inner = unwrapJsonFence(text);
  try {
    const parsed = JSON.parse(inner) as unknown;
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as Record<string, unknown>).translate === 'string') {
      return (parsed as { translate: string }).translate.trim();
    }
    if (typeof parsed === 'string') return parsed.trim();
  } catch {
    // Not JSON: some models ignore JSON mode; their text is still the translation.
  }
  return inner;
}

/** While a JSON reply streams, the part of `"translate": "…` that has arrived, unescaped. */
export function partialJsonTranslation(text: string): string | undefined {
  const match = /"translate"\s*:\s*"((?:[^"\\]|\\.)*)(\\?)/.exec(text);
  if (!match) return undefined;
  try {
    return JSON.parse(`"${match[1]}"`) as string;
  } catch {
    return match[1];
  }
}
