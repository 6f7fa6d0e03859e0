import type { TranslatorConfigId } from '../../../../common/config-templates';
import type { SourceLanguage, TargetLanguage } from '../languages';

export interface EngineInput {
  text: string;
  from: SourceLanguage;
  to: TargetLanguage;
  signal: AbortSignal;
  /** The translation so far, as a streaming engine receives it. */
  onText?: (text: string) => void;
}

export interface EngineOutput {
  text: string;
  /** The model that answered (the fallback may have moved on from the first). */
  model?: string;
}

/** One translator on the screen: a dynamic config entry, or NiuTrans from its top-level key. */
export interface Engine {
  /** The dynamic config's id, or 'niutrans' for the top-level key. */
  id: string;
  /** The card's accessible name and the key of its enable flag. */
  name: string;
  configId: TranslatorConfigId;
  link: string;
  /** The configured model list as written (may be `m1;m2`). */
  model?: string;
  /** Whether the engine comes from the (re-orderable) dynamic config list. */
  fromDynamicConfig: boolean;
  run: (input: EngineInput) => Promise<EngineOutput>;
}

/** Where each service's card links to. */
export const serviceLinks: Record<TranslatorConfigId, string> = {
  NiuTrans: 'https://niutrans.com',
  OpenAI: 'https://platform.openai.com',
  SiliconFlow: 'https://cloud.siliconflow.cn',
  OpenRouter: 'https://openrouter.ai',
  Gemini: 'https://aistudio.google.com',
};
