import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { TranslationResult } from '../run';
import { clearHistory, historyRecorder, listHistory } from './history-db';

const result = (engineId: string, status: TranslationResult['status'], translate = ''): TranslationResult => ({
  engineId,
  serviceName: engineId,
  link: '',
  origin: '猫',
  translate,
  success: status === 'done',
  status,
});

describe('historyRecorder', () => {
  it('keeps a run from its first finished engine and adds the others as they finish', async () => {
    await clearHistory();
    const recorder = historyRecorder({ createdAt: 1, text: '猫', from: 'ja', to: 'zh' });
    recorder.record(result('a', 'running'));
    expect(await listHistory()).toHaveLength(0);
    recorder.record(result('a', 'done', '猫咪'));
    await recorder.settled();
    expect((await listHistory())[0].results.map((r) => r.engineId)).toEqual(['a']);
    recorder.record(result('b', 'failed', '(╥﹏╥) 翻译失败: boom'));
    await recorder.settled();
    const runs = await listHistory();
    expect(runs).toHaveLength(1);
    expect(runs[0].results.map((r) => [r.engineId, r.status])).toEqual([
      ['a', 'done'],
      ['b', 'failed'],
    ]);
    expect(await listHistory('咪')).toHaveLength(1);
  });

  it('reports a write that fails instead of throwing', async () => {
    const onError = vi.fn();
    const recorder = historyRecorder({ createdAt: 2, text: 'x', from: 'ja', to: 'zh', results: undefined } as never, onError);
    recorder.record({ ...result('a', 'done'), translate: undefined as never, origin: Symbol('not cloneable') as never });
    await recorder.settled();
    expect(onError).toHaveBeenCalledOnce();
  });
});
