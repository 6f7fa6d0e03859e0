import '../../components/screen-styles/screen-styles';
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { emit } from '../../lib/events';
import { formatNumber } from '../../lib/i18n/format';
import { translate } from '../../lib/i18n/i18n';
import { useT } from '../../lib/i18n/use-t';
import { toast } from '../../lib/notify';
import { translateRoute, type TranslateRouteState } from '../../lib/translate-route';
import { catalogue } from './i18n';
import { planShare, shareMaxCharacters } from './shared-text';

/**
 * `/share`, the manifest's share target: a word goes to the dictionary (over Home), a longer text
 * to Translate, filled in. The page itself shows only when nothing was left to look up.
 */
export function SharePage() {
  const t = useT(catalogue);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const plan = useMemo(() => planShare({ title: params.get('title'), text: params.get('text'), url: params.get('url') }), [params]);

  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    if (plan.kind === 'dictionary') {
      void navigate('/', { replace: true });
      emit('open-dict', { query: plan.text });
    } else if (plan.kind === 'translate') {
      const state: TranslateRouteState = { text: plan.text };
      void navigate(translateRoute, { replace: true, state });
      if (plan.cutFrom !== undefined) toast(translate(catalogue, 'cut', { length: formatNumber(plan.cutFrom), max: formatNumber(shareMaxCharacters) }), 'warning');
    }
  }, [plan, navigate]);

  if (plan.kind !== 'empty') return null;
  return (
    <Stack maw={640} gap="md">
      <Title order={2}>{t('heading')}</Title>
      <Alert color="yellow" variant="light">
        {t('empty')}
      </Alert>
      <Group>
        <Button component={Link} to="/" variant="default">
          {t('home')}
        </Button>
        <Button component={Link} to={translateRoute}>
          {t('translate')}
        </Button>
      </Group>
    </Stack>
  );
}
