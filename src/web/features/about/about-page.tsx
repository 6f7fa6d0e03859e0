import { Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageFrame } from '../../components/page-frame/page-frame';

export function AboutPage() {
  return (
    <PageFrame>
      <Stack gap="sm" maw={720}>
        <Text>
          Kotonoha is a personal workbench for people learning Japanese, many of them Chinese speakers. It brings the tools a learner
          juggles into one place: a translator that asks several engines at once, an AI chat with your own keys, text-to-speech, a
          dictionary, and a selection menu that turns any text on the page into speak, translate, ask or search.
        </Text>
        <Text fw={600}>Your keys stay with you</Text>
        <List spacing={4}>
          <List.Item>There are no accounts. Keys and settings live only in this browser.</List.Item>
          <List.Item>The server relays what a browser cannot call, to an allow-list of providers, and never stores or logs keys.</List.Item>
          <List.Item>
            Export your settings from <Anchor component={Link} to="/settings">Settings</Anchor> to move them to another browser.
          </List.Item>
        </List>
        <Text c="dimmed" size="sm">
          Example-sentence search is named after NINJAL’s 少納言 (Shōnagon) corpus search.
        </Text>
      </Stack>
    </PageFrame>
  );
}
