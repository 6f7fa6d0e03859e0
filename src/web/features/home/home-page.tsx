import { Stack, Text, Title } from '@mantine/core';
import { common } from '../../lib/i18n/common';
import { useT } from '../../lib/i18n/use-t';
import { catalogue } from './i18n';
import { RotatingRing } from './rotating-ring';
import classes from './home-page.module.css';

// Japanese words and the product's name, the same in every interface language.
const ringText = '言の葉 · ことのは · Kotonoha · 日本語を学ぶ · 翻訳 · 辞書 · 読み上げ · ';

export function HomePage() {
  const t = useT(catalogue);
  const shell = useT(common);
  return (
    <Stack align="center" justify="center" mih="calc(100vh - 120px)" gap="lg">
      <RotatingRing text={ringText} />
      <Stack gap={4} align="center" className={classes.caption}>
        <Title order={1} size="h2">
          {shell('product')}
        </Title>
        <Text c="dimmed" ta="center" maw={420}>
          {t('tagline')}
        </Text>
      </Stack>
    </Stack>
  );
}
