// Worker entry when no bundles could be built (workers.ts): the server runs under tsx, but a
// worker thread starts without its loader, so it registers one and imports the entry it was given.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entryFile);
