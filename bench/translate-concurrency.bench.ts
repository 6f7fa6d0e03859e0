// A translate run with three engines that each take 1 s (NiuTrans, an OpenAI-compatible model and
// Gemini, against local fakes): the run should take as long as the slowest engine, not the sum
// (docs/behaviour.md "Translate"). The e2e test proves the concurrency by order; this is the time
// it takes.
import { translatorEntryValue } from '../src/common/config-templates';
import { niutransTranslate } from '../src/web/features/translate/api/niutrans-text';
import type { Engine } from '../src/web/features/translate/engines/engine';
import { llmTranslate, type LlmService } from '../src/web/features/translate/engines/llm-engine';
import { runEngines } from '../src/web/features/translate/run';
import { configureAiTransport } from '../src/web/lib/ai/transport';
import { startFakeServer } from '../test-support/fake-server';
import { createLlmFake } from '../test-support/fakes/llm-translate';
import { createNiutransFake } from '../test-support/fakes/niutrans';
import type { Figure } from './run';

const engineMs = 1000;
const rounds = 3;

export default async function bench(): Promise<Figure[]> {
  const niutrans = createNiutransFake({ delayMs: engineMs });
  const llm = createLlmFake();
  llm.state.replies.slow = { kind: 'text', text: '{"origin":"猫が好き","translate":"我喜欢猫"}', delayMs: engineMs };
  const [niutransServer, llmServer] = await Promise.all([startFakeServer(niutrans.handler), startFakeServer(llm.handler)]);
  // The fake answers /api/proxy/config with 404, so every LLM call goes direct.
  configureAiTransport({ appOrigin: llmServer.url });
  const llmEngine = (service: LlmService, baseURL: string): Engine => ({
    id: service,
    name: service,
    configId: service,
    link: '',
    model: 'slow',
    fromDynamicConfig: true,
    run: ({ text, from, to, signal, onText }) =>
      llmTranslate({ service, value: translatorEntryValue({ apiKey: 'k', model: 'slow', baseURL }), edgeProxyGemini: true, text, from, to, signal, onText }),
  });
  const engines: Engine[] = [
    {
      id: 'niutrans',
      name: 'NiuTrans',
      configId: 'NiuTrans',
      link: '',
      fromDynamicConfig: false,
      run: async ({ text, from, to, signal }) => ({ text: await niutransTranslate(text, { apikey: 'niu-key', from, to, signal, baseURL: niutransServer.url }) }),
    },
    llmEngine('OpenAI', `${llmServer.url}/v1`),
    llmEngine('Gemini', `${llmServer.url}/v1beta`),
  ];
  try {
    const times: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      const results = await runEngines(engines, { text: '猫が好き', from: 'ja', to: 'zh', signal: new AbortController().signal, onUpdate: () => {} });
      times.push(performance.now() - started);
      if (results.some((result) => !result.success)) throw new Error(`an engine failed: ${results.map((r) => r.translate).join(' | ')}`);
    }
    const best = Math.min(...times);
    return [{ name: `translate run, three ${engineMs / 1000} s engines (best of ${rounds})`, value: Math.round(best), unit: 'ms', budget: 2 * engineMs }];
  } finally {
    await Promise.all([niutransServer.close(), llmServer.close()]);
  }
}
