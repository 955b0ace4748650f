/**
 * Builds the screening knowledge in a worker thread (knowledge-build-worker.ts) and assembles it from the fields
 * the worker sends back. The main thread only serialises the lists and deserialises the result, field by field:
 * about a second in short pieces instead of 5-7 s in one block for the full public lists.
 */
import { Worker } from 'node:worker_threads';
import { ScreeningKnowledge, type KnowledgeSnapshot } from '../knowledge.ts';
import type { ParsedList } from '../lists/list-entry.ts';
import type { FromBuilder, ToBuilder } from './knowledge-build-worker.ts';

function builderWorker(): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = new URL(`./knowledge-build-worker${fromSource ? '.ts' : '.js'}`, import.meta.url);
  const hasTsx = process.execArgv.some((a) => a.includes('tsx'));
  const execArgv =
    fromSource && !hasTsx ? [...process.execArgv, '--import', import.meta.resolve('tsx')] : process.execArgv;
  // a worker's entry file is not passed through module hooks: a plain-JS entry imports the module (as Piscina does)
  return new Worker(new URL('./knowledge-build-entry.mjs', import.meta.url), {
    execArgv,
    workerData: { module: file.href },
  });
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function buildKnowledgeOffThread(lists: ParsedList[]): Promise<ScreeningKnowledge> {
  const worker = builderWorker();
  try {
    const snapshot: KnowledgeSnapshot = {};
    const done = new Promise<void>((resolve, reject) => {
      worker.on('message', (m: FromBuilder) => {
        if (m.kind === 'field') snapshot[m.name] = m.value;
        else if (m.kind === 'done') resolve();
        else reject(new Error(`screening knowledge build failed: ${m.message}`));
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`screening knowledge builder exited (${code})`)));
    });
    for (const list of lists) {
      worker.postMessage({ kind: 'list', list } satisfies ToBuilder);
      await yieldToEventLoop();
    }
    worker.postMessage({ kind: 'build' } satisfies ToBuilder);
    await done;
    return ScreeningKnowledge.fromSnapshot(snapshot);
  } finally {
    await worker.terminate();
  }
}
