// `npm run dev`: the API server on PORT+1 with the Vite dev server (hot reload) in front on PORT.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT || 8787);
const apiPort = port + 1;

const children = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // With TLS_CERT and TLS_KEY the Vite server in front speaks HTTPS; the API server behind it stays plain http.
    env: { ...process.env, PORT: String(apiPort), TLS_CERT: '', TLS_KEY: '' },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', String(port), '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, KOTONOHA_API_PORT: String(apiPort), KOTONOHA_DEV_HTTPS: process.env.TLS_CERT && process.env.TLS_KEY ? '1' : '' },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
