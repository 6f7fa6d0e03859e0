import { ActionIcon, Drawer, Menu, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconDownload, IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { formatDateTime } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { toast } from '../../../lib/notify';
import type { ChatSessionStore } from '../chat-store';
import { on } from '../../../lib/events';
import { deleteConversation, listConversations, renameConversation, type Conversation } from '../conversation-db';
import { download } from '../../../lib/download';
import { conversationToJson, conversationToMarkdown, exportFileBase } from '../export-conversation';
import { catalogue } from '../i18n';
import { ProviderName } from './provider-name';

function RenameField({ conversation, onDone }: { conversation: Conversation; onDone: (title: string | null) => void }) {
  const t = useT(catalogue);
  const [value, setValue] = useState(conversation.title);
  const input = useRef<HTMLInputElement>(null);
  // Focused after the menu that opened it has closed, so the menu's own focus handling cannot blur it.
  useEffect(() => {
    const timer = setTimeout(() => input.current?.select(), 60);
    return () => clearTimeout(timer);
  }, []);
  return (
    <TextInput
      ref={input}
      aria-label={t('history.renameLabel')}
      size="xs"
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onDone(value);
        if (event.key === 'Escape') {
          event.stopPropagation();
          onDone(null);
        }
      }}
      onBlur={() => onDone(value)}
    />
  );
}

interface HistoryPanelProps {
  session: ChatSessionStore;
  opened: boolean;
  onClose: () => void;
}

/** Saved conversations: open, rename, delete, search by text, export as Markdown or JSON. */
export function HistoryPanel({ session, opened, onClose }: HistoryPanelProps) {
  const t = useT(catalogue);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 200);
  const [items, setItems] = useState<Conversation[] | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const currentId = useStore(session, (state) => state.conversationId);
  const currentTitle = useStore(session, (state) => state.title);
  const messageCount = useStore(session, (state) => state.messages.length);
  const processing = useStore(session, (state) => state.status === 'processing');

  const reload = useCallback(async () => {
    try {
      setItems(await listConversations(debounced));
    } catch (error) {
      toast(t('history.readFailed', { error: error instanceof Error ? error.message : String(error) }), 'error');
      setItems([]);
    }
  }, [debounced, t]);

  useEffect(() => {
    if (opened) void reload();
  }, [opened, reload, currentId, currentTitle, messageCount]);
  // Chats written by another device (sync) join the list while it is open.
  useEffect(() => (opened ? on('synced', ({ types }) => (types.includes('chat') || types.includes('message')) && void reload()) : undefined), [opened, reload]);

  const rename = async (conversation: Conversation, typed: string | null) => {
    setRenaming(null);
    if (typed === null || typed.trim() === conversation.title) return;
    const title = typed.trim() || t('history.untitled');
    await renameConversation(conversation.id, title);
    session.getState().rename(conversation.id, title);
    await reload();
  };

  const remove = async (conversation: Conversation) => {
    await deleteConversation(conversation.id);
    session.getState().forget(conversation.id);
    toast(t('history.deleted', { title: conversation.title }), 'info');
    await reload();
  };

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={380} title={t('history.title')} closeButtonProps={{ 'aria-label': t('history.close') }}>
      <Stack gap="sm">
        <TextInput
          aria-label={t('history.search')}
          placeholder={t('history.searchPlaceholder')}
          leftSection={<IconSearch size={14} />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        {items === null ? null : items.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="lg">
            {debounced.trim() ? t('history.noMatch') : t('history.empty')}
          </Text>
        ) : (
          <ul className="chat-history" aria-label={t('history.list')}>
            {items.map((conversation) => (
              <li key={conversation.id} className="chat-history-item" data-current={conversation.id === currentId || undefined}>
                {renaming === conversation.id ? (
                  <RenameField conversation={conversation} onDone={(title) => void rename(conversation, title)} />
                ) : (
                  <UnstyledButton
                    className="chat-history-open"
                    disabled={processing}
                    onClick={() => {
                      session.getState().openConversation(conversation);
                      onClose();
                    }}
                    aria-current={conversation.id === currentId ? 'true' : undefined}
                  >
                    <Text size="sm" fw={500} lineClamp={1} translate="no">
                      {conversation.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(conversation.updatedAt)} · {t('history.messages', { count: conversation.messages.length })} · <ProviderName provider={conversation.provider} />
                    </Text>
                  </UnstyledButton>
                )}
                <Menu position="bottom-end" withinPortal shadow="md" returnFocus={false}>
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={t('history.actions', { title: conversation.title })}>
                      <IconDots size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setRenaming(conversation.id)}>
                      {t('history.rename')}
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconDownload size={14} />}
                      onClick={() => download(`${exportFileBase(conversation)}.md`, conversationToMarkdown(conversation), 'text/markdown')}
                    >
                      {t('history.exportMarkdown')}
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconDownload size={14} />}
                      onClick={() => download(`${exportFileBase(conversation)}.json`, conversationToJson(conversation), 'application/json')}
                    >
                      {t('history.exportJson')}
                    </Menu.Item>
                    <Menu.Divider />
                    <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => void remove(conversation)}>
                      {t('history.delete')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Drawer>
  );
}
