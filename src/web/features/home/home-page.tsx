import { Stack, Text, Title } from '@mantine/core';
import { RotatingRing } from './rotating-ring';
import classes from './home-page.module.css';

const ringText = '言の葉 · ことのは · Kotonoha · 日本語を学ぶ · 翻訳 · 辞書 · 読み上げ · ';

export function HomePage() {
  return (
    <Stack align="center" justify="center" mih="calc(100vh - 120px)" gap="lg">
      <RotatingRing text={ringText} />
      <Stack gap={4} align="center" className={classes.caption}>
        <Title order={1} size="h2">
          Kotonoha
        </Title>
        <Text c="dimmed" ta="center" maw={420}>
          Translate, ask, listen and look up — a workbench for learning Japanese.
        </Text>
      </Stack>
    </Stack>
  );
}
