import { accessPath, type AccessRequest } from '../../common/access';
import { emit } from './events';
import { HttpError, http } from './http/http-client';
import { getSettings, useSettingsStore } from './settings-store';

/*
 * When the server runs with ACCESS_TOKEN (HOST off loopback: the learner opens Kotonoha from a
 * phone), every API route wants it. The app trades it once per load for an HttpOnly cookie
 * (POST /api/access), which the browser then sends with every same-origin request: fetch, the
 * AI SDK through /api/proxy, EventSource, WebSocket, <video>, <img>, <a download>. So no caller
 * adds a header (docs/decisions/0005-request-guards.md). On loopback the server needs nothing and
 * this is one small GET after the first paint.
 */

let accepted: string | undefined;

/** True when the server accepted the token (and set its cookie), false for a wrong one; throws HttpError otherwise. */
export async function submitAccessToken(token: string): Promise<boolean> {
  try {
    await http.request(accessPath, { method: 'POST', json: { token } satisfies AccessRequest });
    accepted = token;
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return false;
    throw error;
  }
}

/** Keeps the token in settings (a refusing storage only costs asking again next time). */
export function keepAccessToken(token: string): void {
  const settings = getSettings();
  if (settings.accessToken === token) return;
  try {
    useSettingsStore.getState().save({ ...settings, accessToken: token });
  } catch {
    // The cookie is set already; this browser just asks again after it expires.
  }
}

/** On start: if the server wants a token the browser has no cookie for, send the saved one or ask. */
export async function checkAccess(): Promise<void> {
  const status = await http.json<{ required: boolean; granted: boolean }>(accessPath);
  if (!status.required || status.granted) return;
  const saved = getSettings().accessToken.trim();
  if (saved && (await submitAccessToken(saved))) emit('access-granted');
  else if (!saved) emit('access-token-needed');
  // A saved token the server refused: the 401 has already asked for a new one (http-client).
}

/** A token changed on the Settings screen goes to the server; an emptied one signs this browser out. */
export function watchAccessToken(): () => void {
  return useSettingsStore.subscribe((state, previous) => {
    const token = state.settings.accessToken.trim();
    if (token === previous.settings.accessToken.trim() || (token !== '' && token === accepted)) return;
    if (token === '') {
      accepted = undefined;
      void http.request(accessPath, { method: 'DELETE' }).catch(() => undefined);
      return;
    }
    void submitAccessToken(token).then(
      (ok) => ok && emit('access-granted'),
      () => undefined,
    );
  });
}
