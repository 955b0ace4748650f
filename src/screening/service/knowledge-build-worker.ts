/**
 * Worker thread that builds the screening knowledge (lists, brand anchors, vocabulary, lexical model: seconds of
 * CPU for a few hundred thousand entries) so the API's event loop keeps answering meanwhile. Lists arrive one per
 * message, then `build`; the built knowledge goes back one field per message, then `done`, so that no single
 * message takes the main thread long to deserialize.
 */
import { parentPort } from 'node:worker_threads';
import { ScreeningKnowledge } from '../knowledge.ts';
import type { ParsedList } from '../lists/list-entry.ts';

export type ToBuilder = { kind: 'list'; list: ParsedList } | { kind: 'build' };
export type FromBuilder =
  | { kind: 'field'; name: string; value: unknown }
  | { kind: 'done' }
  | { kind: 'error'; message: string };

const lists: ParsedList[] = [];
parentPort!.on('message', (m: ToBuilder) => {
  if (m.kind === 'list') {
    lists.push(m.list);
    return;
  }
  try {
    const snapshot = new ScreeningKnowledge(lists).snapshot();
    for (const [name, value] of Object.entries(snapshot))
      parentPort!.postMessage({ kind: 'field', name, value } satisfies FromBuilder);
    parentPort!.postMessage({ kind: 'done' } satisfies FromBuilder);
  } catch (err) {
    parentPort!.postMessage({ kind: 'error', message: (err as Error).message } satisfies FromBuilder);
  }
});
