import { isTranslatorConfigId, translatorEntryValue } from '../../../../common/config-templates';
import type { Settings } from '../../../../common/settings';
import { niutransTranslate } from '../api/niutrans-text';
import { serviceLinks, type Engine } from './engine';
import type { LlmService } from './llm-engine';

/** The AI engines' code (prompts, the AI client) comes with the first translation by one of them. */
const llmEngine = () => import('./llm-engine');

export const niutransEngineId = 'niutrans';

function niutransEngine(id: string, name: string, apikey: string, fromDynamicConfig: boolean): Engine {
  return {
    id,
    name,
    configId: 'NiuTrans',
    link: serviceLinks.NiuTrans,
    fromDynamicConfig,
    run: async ({ text, from, to, signal }) => ({ text: await niutransTranslate(text, { apikey, from, to, signal }) }),
  };
}

/** An entry is used when it has both a name and a value (docs/behaviour.md "Translate") and a known service. */
function usable(entry: Settings['translator']['dynamicConfigs'][number]): boolean {
  return Boolean(entry.name.trim()) && entry.value !== null && typeof entry.value === 'object' && Object.keys(entry.value).length > 0 && isTranslatorConfigId(entry.configId);
}

/**
 * The engines on the Translate screen, in the dynamic config order; NiuTrans from its top-level key
 * comes first when set (and no entry already uses the same key). Names are made unique, since a
 * card's accessible name and its enable flag are keyed by name.
 */
export function buildEngines(settings: Settings): Engine[] {
  const { translator, proxy } = settings;
  const engines: Engine[] = [];
  const taken = new Set<string>();
  const uniqueName = (name: string) => {
    let candidate = name.trim();
    for (let n = 2; taken.has(candidate); n++) candidate = `${name.trim()} (${n})`;
    taken.add(candidate);
    return candidate;
  };
  const topKey = translator.niuTransApikey.trim();
  const entries = translator.dynamicConfigs.filter(usable);
  const niutransKeys = new Set(entries.filter((entry) => entry.configId === 'NiuTrans').map((entry) => translatorEntryValue(entry.value).apiKey.trim()));
  if (topKey && !niutransKeys.has(topKey)) engines.push(niutransEngine(niutransEngineId, uniqueName('NiuTrans'), topKey, false));
  for (const entry of entries) {
    const value = translatorEntryValue(entry.value);
    const name = uniqueName(entry.name);
    if (entry.configId === 'NiuTrans') {
      engines.push(niutransEngine(entry.id, name, value.apiKey.trim() || topKey, true));
      continue;
    }
    const service = entry.configId as LlmService;
    engines.push({
      id: entry.id,
      name,
      configId: service,
      link: serviceLinks[service],
      model: value.model,
      fromDynamicConfig: true,
      run: async ({ text, from, to, signal, onText }) =>
        (await llmEngine()).llmTranslate({ service, value, edgeProxyGemini: proxy.edgeProxyGemini, text, from, to, signal, onText }),
    });
  }
  return engines;
}

/** The dynamic configs re-ordered to follow `orderedIds` (ids not listed keep their relative place at the end). */
export function reorderDynamicConfigs(settings: Settings, orderedIds: string[]): Settings {
  const configs = settings.translator.dynamicConfigs;
  const position = new Map(orderedIds.map((id, index) => [id, index]));
  const sorted = [...configs].sort((a, b) => (position.get(a.id) ?? Infinity) - (position.get(b.id) ?? Infinity));
  return { ...settings, translator: { ...settings.translator, dynamicConfigs: sorted } };
}
