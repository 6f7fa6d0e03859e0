import {
  changesAnswerSchema,
  openAnswerSchema,
  pushAnswerSchema,
  snapshotAnswerSchema,
  snapshotsAnswerSchema,
  type PushRecord,
} from '../../../common/sync';
import { http } from '../http/http-client';

/** The vault's routes (docs/api.md "Sync"); every call carries the write token. */
export class VaultClient {
  constructor(
    readonly vaultId: string,
    private readonly writeToken: string,
    /** Empty: this app's own server. */
    private readonly baseUrl = '',
  ) {}

  private url(path: string) {
    return `${this.baseUrl}/api/sync/${this.vaultId}/${path}`;
  }

  private get headers() {
    return { 'x-sync-token': this.writeToken };
  }

  open(signal?: AbortSignal) {
    return http.json(this.url('open'), { method: 'POST', headers: this.headers, schema: openAnswerSchema, signal });
  }

  /** `waitSeconds` > 0 holds the answer until the vault changes after `since` or the time is up. */
  changes(since: number, { waitSeconds = 0, signal }: { waitSeconds?: number; signal?: AbortSignal } = {}) {
    return http.json(this.url('changes'), {
      headers: this.headers,
      query: { since, wait: waitSeconds || undefined },
      schema: changesAnswerSchema,
      signal,
      timeoutMs: (waitSeconds + 30) * 1000,
    });
  }

  push(records: PushRecord[], signal?: AbortSignal) {
    return http.json(this.url('records'), { method: 'POST', headers: this.headers, json: { records }, schema: pushAnswerSchema, signal, timeoutMs: 120_000 });
  }

  snapshots(signal?: AbortSignal) {
    return http.json(this.url('snapshots'), { headers: this.headers, schema: snapshotsAnswerSchema, signal });
  }

  snapshot(day: string, signal?: AbortSignal) {
    return http.json(this.url(`snapshots/${day}`), { headers: this.headers, schema: snapshotAnswerSchema, signal, timeoutMs: 120_000 });
  }
}
