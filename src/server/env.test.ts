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
    expect(env.ANKICONNECT_URL).toBe('http://127.0.0.1:8765');
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
    [{ ANKICONNECT_URL: 'localhost:8765' }, 'ANKICONNECT_URL'],
    [{ SHONAGON_MAX_BYTES: '-5' }, 'SHONAGON_MAX_BYTES'],
  ])('a bad value stops start-up naming the variable: %o', (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(name);
  });
});

describe('parseEnv: guards (issue 14)', () => {
  const token = 'a-long-enough-access-token';

  it('defaults: no allowed hosts, CORS closed, no token, on loopback', () => {
    const env = parseEnv({});
    expect(env.ALLOWED_HOSTS).toEqual([]);
    expect(env.CORS_ORIGINS).toEqual([]);
    expect(env.ACCESS_TOKEN).toBeUndefined();
    expect(env.offLoopback).toBe(false);
    expect(env.hostName).toBe('127.0.0.1');
  });

  it('parses ALLOWED_HOSTS into canonical host names and CORS_ORIGINS into origins', () => {
    const env = parseEnv({ ALLOWED_HOSTS: ' MyPC.local, 192.168.1.20,[fe80::1] ', CORS_ORIGINS: 'https://other.example/, http://10.0.0.2:8787' });
    expect(env.ALLOWED_HOSTS).toEqual(['mypc.local', '192.168.1.20', 'fe80::1']);
    expect(env.CORS_ORIGINS).toEqual(['https://other.example', 'http://10.0.0.2:8787']);
  });

  it.each([
    [{ ALLOWED_HOSTS: 'http://mypc.local' }, 'ALLOWED_HOSTS'],
    [{ ALLOWED_HOSTS: 'mypc.local:8787' }, 'ALLOWED_HOSTS'],
    [{ ALLOWED_HOSTS: 'mypc.local/x' }, 'ALLOWED_HOSTS'],
    [{ CORS_ORIGINS: 'other.example' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: 'https://other.example/path' }, 'CORS_ORIGINS'],
    [{ ACCESS_TOKEN: 'short' }, 'ACCESS_TOKEN'],
    [{ ACCESS_TOKEN: 'has spaces in it, which a header mangles' }, 'ACCESS_TOKEN'],
    [{ HOST: 'bad host name' }, 'HOST'],
  ])('a bad value stops start-up naming the variable: %o', (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(name);
  });

  it.each(['0.0.0.0', '::', '192.168.1.20', 'mypc.local'])('HOST=%s off loopback without ACCESS_TOKEN stops start-up saying how to set it', (host) => {
    expect(() => parseEnv({ HOST: host })).toThrow(/ACCESS_TOKEN: HOST=.* is not a loopback address[\s\S]*ACCESS_TOKEN=\$\(openssl rand -hex 32\)/);
    const env = parseEnv({ HOST: host, ACCESS_TOKEN: token });
    expect(env.offLoopback).toBe(true);
  });

  it.each(['127.0.0.1', '127.0.0.2', 'localhost', '::1'])('HOST=%s is loopback: no token needed', (host) => {
    expect(parseEnv({ HOST: host }).offLoopback).toBe(false);
  });
});
