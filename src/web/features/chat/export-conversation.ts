import type { Conversation } from './conversation-db';

const stamp = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

export function conversationToMarkdown(conversation: Conversation): string {
  const lines = [`# ${conversation.title}`, '', `_${stamp(conversation.createdAt)} · ${conversation.provider} · ${conversation.model}_`, ''];
  if (conversation.prompt.trim()) lines.push('> **system:** ' + conversation.prompt.trim().replace(/\n/g, '\n> '), '');
  for (const message of conversation.messages) {
    lines.push(`## ${message.role} · ${message.provider} · ${stamp(message.timestamp)}`, '', message.content || '_(empty)_', '');
    if (message.error) lines.push(`> error: ${message.error}`, '');
  }
  return lines.join('\n');
}

export function conversationToJson(conversation: Conversation): string {
  return JSON.stringify(conversation, null, 2);
}

export function exportFileBase(conversation: Conversation): string {
  const slug = conversation.title
    .replace(/[\\/:*?"<>|\s]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `chat-${new Date(conversation.createdAt).toISOString().slice(0, 10)}-${slug || conversation.id.slice(0, 8)}`;
}
