import { getProvider } from '../../../lib/ai/registry';
import { useT } from '../../../lib/i18n/use-t';
import type { ProviderName as Provider } from '../../../../common/ai-providers';
import { catalogue } from '../i18n';

/** A provider's name: a brand name as written (not translated), except the generic "Custom". */
export function useProviderLabel(): (provider: Provider) => string {
  const t = useT(catalogue);
  return (provider) => (provider === 'custom' ? t('settings.provider.custom') : getProvider(provider).label);
}

/** The provider's name on screen, kept from page translators when it is a brand name. */
export function ProviderName({ provider, className }: { provider: Provider; className?: string }) {
  const label = useProviderLabel();
  return (
    <span className={className} translate={provider === 'custom' ? undefined : 'no'}>
      {label(provider)}
    </span>
  );
}
