import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface SelfSignedCert {
  dir: string;
  certPath: string;
  keyPath: string;
  cert: string;
  remove: () => void;
}

/**
 * A throwaway certificate and key (PEM) for `localhost`, `127.0.0.1` and the given names, made
 * with the `openssl` command line as a learner would make one; valid for a day.
 */
export function makeSelfSignedCert(names: string[] = [], keyType: 'rsa' | 'ec' = 'ec'): SelfSignedCert {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-tls-'));
  const certPath = path.join(dir, 'cert.pem');
  const keyPath = path.join(dir, 'key.pem');
  const altNames = ['DNS:localhost', 'IP:127.0.0.1', ...names.map((name) => `DNS:${name}`)].join(',');
  const key = keyType === 'ec' ? ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'] : ['-newkey', 'rsa:2048'];
  execFileSync('openssl', ['req', '-x509', ...key, '-nodes', '-keyout', keyPath, '-out', certPath, '-days', '1', '-subj', '/CN=localhost', '-addext', `subjectAltName=${altNames}`], {
    stdio: 'pipe',
  });
  return { dir, certPath, keyPath, cert: fs.readFileSync(certPath, 'utf8'), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
