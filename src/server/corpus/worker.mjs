// Worker entry: the server runs under tsx, but a worker thread starts without its loader.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const entries = { writer: './writer-worker.ts', search: './search-worker.ts', background: './background-worker.ts', lemma: './lemma-worker.ts', dictionary: './dictionary-worker.ts', postings: './postings-worker.ts', reading: './reading-worker.ts' };
await import(entries[workerData.entry]);
