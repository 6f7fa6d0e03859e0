// Worker entry: the server runs under tsx, but a worker thread starts without its loader.
import { register } from 'tsx/esm/api';

register();
await import('./import-worker.ts');
