import { aiMessages } from '../../lib/ai/errors';
import type { ModelListItem } from '../../lib/ai/model-list';

export interface ModelChoice {
  model: string;
  /** A warning toast to show (docs/behaviour.md "Error wording": default model missing). */
  warning?: string;
}

/**
 * docs/behaviour.md "Chat" (changing provider reloads its model list): the provider's default model
 * when the list has it; otherwise a warning and the first model; with no default, the first model.
 */
export function chooseDefaultModel(list: readonly ModelListItem[], defaultModel: string | null): ModelChoice {
  const first = list[0]?.id ?? defaultModel ?? '';
  if (!defaultModel) return { model: first };
  if (list.some((item) => item.id === defaultModel)) return { model: defaultModel };
  if (list.length === 0) return { model: defaultModel };
  return { model: first, warning: aiMessages.defaultModelMissing(defaultModel) };
}

/**
 * On load the cached model is kept when the list offers it, when there is no list to check, or
 * when the person typed it (the list cannot know every id a provider accepts).
 */
export function restoreModel(list: readonly ModelListItem[], cached: string, defaultModel: string | null, typed = false): ModelChoice {
  if (cached && (typed || list.length === 0 || list.some((item) => item.id === cached))) return { model: cached };
  return chooseDefaultModel(list, defaultModel);
}
