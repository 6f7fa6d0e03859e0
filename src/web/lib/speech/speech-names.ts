// The engines' names and SiliconFlow's defaults without the engines' code, for screens that show
// them before anything is spoken (Settings → Speech loads the player only for a test).

export type EngineName = 'service' | 'makemp3' | 'siliconflow' | 'browser';

export const engineLabels: Record<EngineName, string> = {
  service: 'speech service',
  makemp3: 'makemp3 relay',
  siliconflow: 'SiliconFlow',
  browser: 'browser voice',
};

export const defaultSpeechModel = 'FunAudioLLM/CosyVoice2-0.5B';
/** CosyVoice2's system voices (`<model>:<name>`); the user's cloned voices come from the list. */
export const systemVoices = ['anna', 'bella', 'claire', 'diana', 'alex', 'benjamin', 'charles', 'david'] as const;
export const defaultSystemVoice = 'anna';
