import type { Translate } from '../../lib/i18n/use-t';
import type { SyncStatus } from '../../lib/sync/sync-status';
import type { catalogue } from './i18n';

type Keys = NonNullable<(typeof catalogue)['keys']>;

/** The short reason of a failed round (the sidebar's badge, the status line's lead). */
export function shortReason(t: Translate<Keys>, problem: SyncStatus['problem']): string {
  return t(`reason.${problem?.code ?? 'server'}`);
}

/** What the learner can do about it (Settings → Sync's status line). */
export function problemWords(t: Translate<Keys>, problem: NonNullable<SyncStatus['problem']>): string {
  return t(`problem.${problem.code}`, { message: problem.message });
}

/** A record type as the learner calls it; an unknown one as it is. */
export function typeWords(t: Translate<Keys>, type: string): string {
  const known = ['settings', 'preference', 'anki', 'engines', 'prompt', 'keys', 'chat', 'message', 'search'];
  return known.includes(type) ? t(`type.${type}` as Keys) : type;
}
