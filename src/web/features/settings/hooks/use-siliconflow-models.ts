import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { toast } from '../../../lib/notify';
import { useSettings } from '../../../lib/settings-store';

export interface ModelChoice {
  id: string;
  name: string;
}

/** Prepended to the list so that nothing is chosen until the person picks a model (spec §7). */
export const modelPlaceholder: ModelChoice = { id: '', name: 'please select...' };

export const modelListFailed = (message: string) => `failed to fetch models: ${message}`;

/**
 * The SiliconFlow model list, fetched when the settings screen loads and a SiliconFlow key is
 * saved (spec §7). The list arrives sorted (preconfigured models first, then by id). A failure is
 * reported once as an error toast; the select keeps working and accepts a typed model id.
 */
export function useSiliconflowModels() {
  const apiKey = useSettings((settings) => settings.aichat.siliconflow_key);
  const baseURL = useSettings((settings) => settings.aichat.siliconflow_base_url);
  const query = useQuery({
    queryKey: ['model-list', 'siliconflow', apiKey, baseURL],
    queryFn: async ({ signal }) => {
      // Loaded on demand: most visits to the settings screen need no model list.
      const { fetchModelList } = await import('../../../lib/ai/model-list');
      return fetchModelList('siliconflow', { signal });
    },
    enabled: apiKey.trim() !== '',
    staleTime: 5 * 60_000,
    retry: false,
  });

  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (query.error && reported.current !== query.error) {
      reported.current = query.error;
      toast(modelListFailed(query.error instanceof Error ? query.error.message : String(query.error)), 'error');
    }
  }, [query.error]);

  const models = useMemo<ModelChoice[]>(
    () => [modelPlaceholder, ...(query.data ?? []).map((model) => ({ id: model.id, name: model.name }))],
    [query.data],
  );
  return { models, loading: query.isFetching, failed: query.isError };
}
