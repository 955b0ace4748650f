// Entry of the screening-knowledge worker thread, in plain JavaScript. On Node 20 a worker thread does not get the
// ESM loader hooks of tsx, but it does get its require hook: the TypeScript worker module is loaded with require
// (tsx compiles it), as Piscina does for the engine's workers.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { workerData } from 'node:worker_threads';

const module = workerData.module;
if (module.endsWith('.ts')) createRequire(import.meta.url)(fileURLToPath(module));
else await import(module);
