import { describe, expect, it } from 'vitest';
import { describeEntry } from '../model/entries';
import { explainFailure } from './notion-client';

// The English catalogue keeps the words these messages had before the catalogues (e2e and people rely on them).
describe('explainFailure in English', () => {
  const what = describeEntry({ name: 'Wrong token' });

  it('names the database and quotes Notion', () => {
    expect(what).toBe('the database “Wrong token”');
    expect(explainFailure(401, { message: 'API token is invalid.' }, what)).toBe(
      "Notion refused the token (Notion: “API token is invalid.”). Check the token of the database “Wrong token” in Settings → Notion: it is the integration's secret, starting with ntn_ or secret_.",
    );
  });

  it('says what to fix for each status', () => {
    expect(explainFailure(400, { message: 'path.database_id should be a valid uuid' }, what)).toBe(
      'The database id of the database “Wrong token” is not a Notion id (Notion: “path.database_id should be a valid uuid”). Copy the 32-character id from the database\'s link (notion.so/…/<id>?v=…) into Settings → Notion.',
    );
    expect(explainFailure(429, undefined, what)).toBe('Notion is rate limiting requests. Wait a minute and try again.');
    expect(explainFailure(0, undefined, what)).toBe('Notion cannot be reached (no connection). Check your connection; nothing is lost.');
    expect(explainFailure(503, undefined, what)).toBe('Notion is unavailable (503). Try again later.');
    expect(explainFailure(418, { error: 'teapot' }, what)).toBe('Notion answered 418 (Notion: “teapot”).');
  });
});
