// The engines' names and SiliconFlow's defaults without the engines' code, for screens that show
// them before anything is spoken (Settings → Speech loads the player only for a test).

import { libText } from '../messages';

export type EngineName = 'service' | 'makemp3' | 'siliconflow' | 'browser';

/** The engines' names on screen, in the interface language when read (SiliconFlow is a brand). */
export const engineLabels: Readonly<Record<EngineName, string>> = {
  get service() {
    return libText('speech.engine.service');
  },
  get makemp3() {
    return libText('speech.engine.makemp3');
  },
  siliconflow: 'SiliconFlow',
  get browser() {
    return libText('speech.engine.browser');
  },
};

export const defaultSpeechModel = 'FunAudioLLM/CosyVoice2-0.5B';
/** CosyVoice2's system voices (`<model>:<name>`); the user's cloned voices come from the list. */
export const systemVoices = ['anna', 'bella', 'claire', 'diana', 'alex', 'benjamin', 'charles', 'david'] as const;
export const defaultSystemVoice = 'anna';
