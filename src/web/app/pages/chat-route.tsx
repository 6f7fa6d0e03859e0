import { ChatPage } from '../../features/chat/chat-page';

export function ChatRoute() {
  return <ChatPage />;
}
