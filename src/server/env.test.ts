import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('parseEnv', () => {
  it('applies the contract defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(8787);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.PROXY_ALLOW_ORIGINS).toEqual([]);
    expect(env.UPSTREAM_NIUTRANS).toBe('https://api.niutrans.com');
    expect(env.UPSTREAM_TTSMP3).toBe('https://ttsmp3.com');
    expect(env.LOG_LEVEL).toBe('info');
    expect(env.UPLOAD_TOKEN).toBeUndefined();
    expect(env.SHONAGON_MAX_BYTES).toBe(200 * 1024 * 1024);
  });

  it('parses the allow-list into origins', () => {
    const env = parseEnv({ PROXY_ALLOW_ORIGINS: 'http://localhost:11434, https://gateway.example.com' });
    expect(env.PROXY_ALLOW_ORIGINS).toEqual(['http://localhost:11434', 'https://gateway.example.com']);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PROXY_ALLOW_ORIGINS: 'https://ok.example.com,ftp://nope.example.com' }, 'PROXY_ALLOW_ORIGINS'],
    [{ PROXY_ALLOW_ORIGINS: 'https://api.example.com/v1' }, 'PROXY_ALLOW_ORIGINS'],
    [{ UPSTREAM_NIUTRANS: 'not a url' }, 'UPSTREAM_NIUTRANS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SHONAGON_MAX_BYTES: '-5' }, 'SHONAGON_MAX_BYTES'],
  ])('a bad value stops start-up naming the variable: %o', (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(name);
  });
});
