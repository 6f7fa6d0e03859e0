import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http-client';
import { SyncUnavailableError } from './sync-crypto';
import { problemOf } from './sync-runner';

const answered = (status: number, code?: string) => new HttpError('http', `status ${status}`, { status, body: code ? { error: 'x', code } : undefined, url: '/api/sync/v/records' });

describe('how a failed round is told', () => {
  it('names what the learner can do about each answer of the vault', () => {
    expect(problemOf(answered(401, 'sync-token'))).toMatchObject({ state: 'error', code: 'wrong-passphrase' });
    expect(problemOf(answered(413, 'sync-vault-full'))).toMatchObject({ state: 'error', code: 'vault-full' });
    expect(problemOf(answered(413, 'sync-record-too-large'))).toMatchObject({ state: 'error', code: 'record-too-large' });
    expect(problemOf(answered(429, 'sync-rate'))).toMatchObject({ state: 'error', code: 'rate' });
    expect(problemOf(answered(500))).toMatchObject({ state: 'error', code: 'server' });
  });

  it('is offline when no answer came, and says a page without Web Crypto cannot sync', () => {
    expect(problemOf(new HttpError('network', 'no answer', { url: '/api/sync/v/changes' }))).toMatchObject({ state: 'offline' });
    expect(problemOf(new HttpError('timeout', 'too slow', { url: '/api/sync/v/changes' }))).toMatchObject({ state: 'offline' });
    expect(problemOf(new SyncUnavailableError())).toMatchObject({ state: 'error', code: 'insecure' });
  });
});
