import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeSelfSignedCert } from '../../test-support/self-signed-cert';
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

describe('parseEnv: TLS_CERT and TLS_KEY (HTTPS)', () => {
  const own = makeSelfSignedCert();
  const other = makeSelfSignedCert([], 'rsa');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-tls-bad-'));
  const notPem = path.join(dir, 'not-pem.txt');
  fs.writeFileSync(notPem, 'hello, not a certificate\n');
  const der = path.join(dir, 'cert.der');
  fs.writeFileSync(der, new crypto.X509Certificate(own.cert).raw);
  const brokenCert = path.join(dir, 'broken-cert.pem');
  fs.writeFileSync(brokenCert, '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n');
  const encryptedKey = path.join(dir, 'encrypted-key.pem');
  fs.writeFileSync(encryptedKey, crypto.createPrivateKey(fs.readFileSync(own.keyPath)).export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'secret' }));
  afterAll(() => {
    own.remove();
    other.remove();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('neither set: plain HTTP', () => {
    expect(parseEnv({}).tls).toBeUndefined();
  });

  it('both set, a matching pair: the files are read for the HTTPS server', () => {
    const env = parseEnv({ TLS_CERT: own.certPath, TLS_KEY: own.keyPath });
    expect(env.tls?.cert.toString()).toBe(own.cert);
    expect(env.tls?.key.toString()).toContain('PRIVATE KEY');
    // An RSA pair is as good as an EC one.
    expect(parseEnv({ TLS_CERT: other.certPath, TLS_KEY: other.keyPath }).tls).toBeDefined();
  });

  it.each([
    ['only TLS_CERT', () => ({ TLS_CERT: own.certPath }), /TLS_KEY: TLS_CERT is set but TLS_KEY is not; HTTPS needs both/],
    ['only TLS_KEY', () => ({ TLS_KEY: own.keyPath }), /TLS_CERT: TLS_KEY is set but TLS_CERT is not; HTTPS needs both/],
    ['a missing certificate file', () => ({ TLS_CERT: path.join(dir, 'nope.pem'), TLS_KEY: own.keyPath }), /TLS_CERT: cannot read .*nope\.pem \(no such file\)/],
    ['a missing key file', () => ({ TLS_CERT: own.certPath, TLS_KEY: path.join(dir, 'nope.pem') }), /TLS_KEY: cannot read .*nope\.pem \(no such file\)/],
    ['a directory as the certificate', () => ({ TLS_CERT: dir, TLS_KEY: own.keyPath }), /TLS_CERT: cannot read .* \(a directory, not a file\)/],
    ['a certificate that is not PEM', () => ({ TLS_CERT: notPem, TLS_KEY: own.keyPath }), /TLS_CERT: .*not-pem\.txt is not a PEM certificate/],
    ['a DER certificate', () => ({ TLS_CERT: der, TLS_KEY: own.keyPath }), /TLS_CERT: .*cert\.der is not a PEM certificate/],
    ['a PEM block that is not a certificate', () => ({ TLS_CERT: brokenCert, TLS_KEY: own.keyPath }), /TLS_CERT: .* holds a "BEGIN CERTIFICATE" block that is not a valid certificate/],
    ['a key that is not PEM', () => ({ TLS_CERT: own.certPath, TLS_KEY: notPem }), /TLS_KEY: .*not-pem\.txt is not a PEM private key/],
    ['the certificate given as the key', () => ({ TLS_CERT: own.certPath, TLS_KEY: own.certPath }), /TLS_KEY: .*cert\.pem is not a PEM private key/],
    ['a key encrypted with a passphrase', () => ({ TLS_CERT: own.certPath, TLS_KEY: encryptedKey }), /TLS_KEY: .*encrypted-key\.pem is encrypted with a passphrase/],
    ['a key that is not the certificate\'s', () => ({ TLS_CERT: own.certPath, TLS_KEY: other.keyPath }), /TLS_KEY: .* is not the private key of the certificate in TLS_CERT/],
  ])('%s stops start-up with a message naming the variable', (_case, source, message) => {
    expect(() => parseEnv(source())).toThrow(EnvError);
    expect(() => parseEnv(source())).toThrow(message);
  });
});
