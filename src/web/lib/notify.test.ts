import { notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from './notify';

const shown = () => notificationsStore.getState().notifications;

describe('toast (docs/behaviour.md "Limits and constants": 3000 ms, warnings 5000 ms)', () => {
  afterEach(() => notificationsStore.setState({ notifications: [], queue: [], limit: 5, defaultPosition: 'top-right' }));

  it('closes after 3000 ms, warnings after 5000 ms, and can be dismissed', () => {
    toast('saved', 'success');
    toast('careful', 'warning');
    toast('broken', 'error');
    expect(shown().map((n) => [n.message, n.autoClose, n.withCloseButton])).toEqual([
      ['saved', 3000, true],
      ['careful', 5000, true],
      ['broken', 3000, true],
    ]);
  });

  it('errors and warnings interrupt (role alert); the rest are polite', () => {
    toast('fyi');
    toast('broken', 'error');
    expect(shown().map((n) => (n as { role?: string }).role)).toEqual(['status', 'alert']);
  });
});
