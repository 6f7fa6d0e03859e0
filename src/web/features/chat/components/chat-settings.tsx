import { onDemand } from '../../../components/on-demand/on-demand';
import type { ChatSettingsPanelProps } from './chat-settings-panel';
import { SettingsTrigger } from './chat-settings-trigger';

const ChatSettingsOnDemand = onDemand<ChatSettingsPanelProps>(() => import('./chat-settings-panel').then((module) => module.ChatSettingsPanel));

/** The chat settings button; its panel (a popover with a slider and a number box) loads on first use. */
export function ChatSettings(props: ChatSettingsPanelProps) {
  return <ChatSettingsOnDemand {...props} trigger={(handlers) => <SettingsTrigger iconOnly={props.iconOnly} expanded={false} {...handlers} />} />;
}
