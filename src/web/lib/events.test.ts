import { describe, expect, it, vi } from 'vitest';
import { emit, on } from './events';

describe('app event bus', () => {
  it('delivers typed payloads to subscribers until they unsubscribe', () => {
    const handler = vi.fn();
    const off = on('open-dict', handler);
    emit('open-dict', { query: '猫' });
    off();
    emit('open-dict', { query: '犬' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ query: '猫' });
  });

  it('events without payload reach their handlers', () => {
    const handler = vi.fn();
    const off = on('close-modal', handler);
    emit('close-modal');
    off();
    expect(handler).toHaveBeenCalledOnce();
  });
});
