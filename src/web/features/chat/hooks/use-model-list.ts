import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { ProviderName } from '../../../../common/ai-providers';
import { aiMessages, isAiError } from '../../../lib/ai/errors';
import { fetchModelList, type ModelListItem } from '../../../lib/ai/model-list';
import { getProvider } from '../../../lib/ai/registry';
import { toast } from '../../../lib/notify';
import type { ChatSessionStore } from '../chat-store';
import { restoreModel } from '../default-model';

export interface ModelListState {
  provider: ProviderName | null;
  models: ModelListItem[];
  loading: boolean;
}

/**
 * Loads the selected provider's model list whenever the provider changes
 * (docs/behaviour.md "Chat"). A switch clears the model first, so the default-model rules pick one;
 * on load the cached model is kept when the list still offers it.
 */
export function useModelList(session: ChatSessionStore): ModelListState {
  const provider = useStore(session, (state) => state.config.selectedProvider);
  const [state, setState] = useState<ModelListState>({ provider: null, models: [], loading: true });

  useEffect(() => {
    const abort = new AbortController();
    const info = getProvider(provider);
    const switching = session.getState().config.selectedModel === '';
    setState((previous) => ({ ...previous, loading: true }));
    fetchModelList(provider, { signal: abort.signal }).then(
      (models) => {
        if (abort.signal.aborted) return;
        setState({ provider, models, loading: false });
        const { selectedModel, modelTyped } = session.getState().config;
        const choice = restoreModel(models, selectedModel, info.defaultModel, modelTyped);
        if (choice.warning) toast(choice.warning, 'warning');
        session.getState().setConfig({ selectedModel: choice.model });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setState({ provider, models: [], loading: false });
        // Without a key there is no list to fetch; say so when the person switches, not on every visit.
        if (!(isAiError(error) && error.kind === 'missing-key' && !switching)) {
          toast(aiMessages.modelsFailed(error instanceof Error ? error.message : String(error)), 'error');
        }
        if (switching) session.getState().setConfig({ selectedModel: info.defaultModel ?? '' });
      },
    );
    return () => abort.abort();
  }, [provider, session]);

  return state;
}
