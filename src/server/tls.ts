import crypto from 'node:crypto';
import fs from 'node:fs';

export interface TlsFiles {
  cert: Buffer;
  key: Buffer;
}

const pemCertificate = /-----BEGIN CERTIFICATE-----/;
const pemPrivateKey = /-----BEGIN (?:RSA |EC |)PRIVATE KEY-----/;
const pemEncryptedKey = /-----BEGIN (?:ENCRYPTED PRIVATE KEY|RSA PRIVATE KEY-----[\s\S]*Proc-Type: 4,ENCRYPTED)/;

function readPem(name: string, file: string, problems: string[]): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'not readable by this user' : code === 'EISDIR' ? 'a directory, not a file' : code;
    problems.push(`  ${name}: cannot read ${file} (${why})`);
    return undefined;
  }
}

/**
 * Reads and checks the certificate and key for HTTPS (docs/environment.md "Server"): both or
 * neither, each a readable PEM file, the key the certificate's. Each problem names its variable.
 */
export function loadTlsFiles(certPath: string | undefined, keyPath: string | undefined, problems: string[]): TlsFiles | undefined {
  if (!certPath && !keyPath) return undefined;
  if (!certPath || !keyPath) {
    const [missing, given] = certPath ? ['TLS_KEY', 'TLS_CERT'] : ['TLS_CERT', 'TLS_KEY'];
    problems.push(`  ${missing}: ${given} is set but ${missing} is not; HTTPS needs both (the certificate and its private key, PEM files), or neither for plain HTTP`);
    return undefined;
  }
  const before = problems.length;
  const cert = readPem('TLS_CERT', certPath, problems);
  const key = readPem('TLS_KEY', keyPath, problems);
  let certificate: crypto.X509Certificate | undefined;
  let privateKey: crypto.KeyObject | undefined;
  if (cert) {
    if (!pemCertificate.test(cert.toString('latin1'))) {
      problems.push(`  TLS_CERT: ${certPath} is not a PEM certificate (expected a "-----BEGIN CERTIFICATE-----" block)`);
    } else {
      try {
        certificate = new crypto.X509Certificate(cert);
      } catch {
        problems.push(`  TLS_CERT: ${certPath} holds a "BEGIN CERTIFICATE" block that is not a valid certificate`);
      }
    }
  }
  if (key) {
    const text = key.toString('latin1');
    if (pemEncryptedKey.test(text)) {
      problems.push(`  TLS_KEY: ${keyPath} is encrypted with a passphrase; give the server an unencrypted key (e.g. openssl pkey -in ${keyPath} -out key.pem)`);
    } else if (!pemPrivateKey.test(text)) {
      problems.push(`  TLS_KEY: ${keyPath} is not a PEM private key (expected a "-----BEGIN PRIVATE KEY-----" block)`);
    } else {
      try {
        privateKey = crypto.createPrivateKey(key);
      } catch {
        problems.push(`  TLS_KEY: ${keyPath} holds a "PRIVATE KEY" block that is not a valid key`);
      }
    }
  }
  if (certificate && privateKey && !certificate.checkPrivateKey(privateKey)) {
    problems.push(`  TLS_KEY: ${keyPath} is not the private key of the certificate in TLS_CERT (${certPath}); give the key the certificate was made with`);
  }
  return problems.length === before && cert && key ? { cert, key } : undefined;
}
