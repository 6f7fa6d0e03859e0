import { describe, expect, it } from 'vitest';
import { httpErrorMessage, providerMessage } from './errors';

describe('httpErrorMessage (spec §8: a non-ok status is reported as its status text)', () => {
  it('is the status text alone when the body says nothing', () => {
    expect(httpErrorMessage(502, 'Bad Gateway', '')).toBe('Bad Gateway');
    expect(httpErrorMessage(503, 'Service Unavailable', { unexpected: true })).toBe('Service Unavailable');
  });

  it('adds the provider message of any envelope', () => {
    expect(httpErrorMessage(401, 'Unauthorized', { error: { message: 'bad key' } })).toBe('Unauthorized: bad key');
    expect(httpErrorMessage(400, 'Bad Request', { code: 20012, message: 'Model does not exist.' })).toBe('Bad Request: Model does not exist.');
    expect(httpErrorMessage(403, 'Forbidden', { error: 'target origin is not allowed' })).toBe('Forbidden: target origin is not allowed');
    // SiliconFlow's 401 may be plain text.
    expect(httpErrorMessage(401, 'Unauthorized', 'Invalid token')).toBe('Unauthorized: Invalid token');
  });

  it('says HTTP and the code when there is no status text (HTTP/2)', () => {
    expect(httpErrorMessage(500, '', '')).toBe('HTTP 500');
    expect(httpErrorMessage(500, undefined, { error: { message: 'boom' } })).toBe('HTTP 500: boom');
  });
});

describe('providerMessage', () => {
  it('ignores a long non-JSON body (an HTML error page)', () => {
    expect(providerMessage(`<html>${'x'.repeat(400)}</html>`)).toBeUndefined();
  });
});
