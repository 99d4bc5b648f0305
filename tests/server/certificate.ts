/** Self-signed certificates for the TLS tests, made by openssl; the tests that need one skip without it. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface CertificateFiles {
  certFile: string;
  keyFile: string;
}

/** Whether openssl is on PATH; if not, says that `skipping` (the tests that need it) are skipped. */
export function hasOpenssl(skipping: string): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    console.warn(`${skipping}: skipping: no openssl on PATH to make a self-signed certificate.`);
    return false;
  }
}

/** Writes a fresh self-signed certificate for localhost and 127.0.0.1 to cert.pem and key.pem in `dir`; its common name tells one from another. */
export function writeCertificate(dir: string, name = 'localhost'): CertificateFiles {
  const [certFile, keyFile] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', `/CN=${name}`, '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', keyFile, '-out', certFile], { stdio: 'ignore' });
  return { certFile, keyFile };
}

/** A fresh self-signed certificate for localhost and 127.0.0.1, in memory (its files are removed at once). */
export function makeCertificate(name = 'localhost'): { cert: Buffer; key: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-cert-'));
  try {
    const { certFile, keyFile } = writeCertificate(dir, name);
    return { cert: fs.readFileSync(certFile), key: fs.readFileSync(keyFile) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
