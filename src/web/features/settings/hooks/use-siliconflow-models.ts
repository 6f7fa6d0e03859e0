import { useEffect, useMemo, useRef } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { toast } from '../../../lib/notify';
import { useSettings } from '../../../lib/settings-store';
import { useOnDemandQuery } from '../../../lib/use-on-demand-query';
import { catalogue } from '../i18n';

export interface ModelChoice {
  id: string;
  name: string;
}

/**
 * The SiliconFlow model list, fetched when the settings screen loads and a SiliconFlow key is saved
 * (docs/behaviour.md "Settings screen"). The list arrives sorted (preconfigured models first, then
 * by id). A failure is reported once as an error toast; the select keeps working and accepts a
 * typed model id. Without a key, nothing of TanStack Query is loaded.
 */
export function useSiliconflowModels() {
  const t = useT(catalogue);
  const apiKey = useSettings((settings) => settings.aichat.siliconflow_key);
  const baseURL = useSettings((settings) => settings.aichat.siliconflow_base_url);
  const query = useOnDemandQuery({
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
      toast(t('models.failed', { message: query.error instanceof Error ? query.error.message : String(query.error) }), 'error');
    }
  }, [query.error, t]);

  // The first choice, "please select...", keeps nothing chosen until the person picks a model
  // (docs/behaviour.md "Settings screen").
  const placeholder = t('models.placeholder');
  const models = useMemo<ModelChoice[]>(
    () => [{ id: '', name: placeholder }, ...(query.data ?? []).map((model) => ({ id: model.id, name: model.name }))],
    [query.data, placeholder],
  );
  return { models, loading: query.isFetching, failed: query.isError };
}
