/**
 * The in-memory screening knowledge built from the store's active list versions. Rebuilt when the set of active
 * versions changes (checked at most every STAMP_CHECK_MS), so a `lists import` takes effect without a restart.
 * The build runs in a worker thread (knowledge-builder.ts): the API keeps answering while it runs.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../storage/database.ts';
import { activeListsStamp, loadActiveLists } from '../../../storage/repos/screening-repo.ts';
import type { ScreeningKnowledge } from '../knowledge.ts';
import { buildKnowledgeOffThread } from './knowledge-builder.ts';
import type { ParsedList } from '../lists/list-entry.ts';

export const STAMP_CHECK_MS = 2000;

export class KnowledgeCache {
  #stamp: string | null = null;
  #checkedAt = 0;
  #knowledge: ScreeningKnowledge | null = null;
  #building: Promise<ScreeningKnowledge> | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  async get(): Promise<ScreeningKnowledge> {
    if (this.#knowledge && Date.now() - this.#checkedAt < STAMP_CHECK_MS) return this.#knowledge;
    if (this.#building) return this.#building;
    this.#building = (async () => {
      try {
        const stamp = await activeListsStamp(this.db);
        this.#checkedAt = Date.now();
        if (this.#knowledge && stamp === this.#stamp) return this.#knowledge;
        const lists = await loadActiveLists(this.db);
        this.#knowledge = await buildKnowledgeOffThread(lists as unknown as ParsedList[]);
        this.#stamp = stamp;
        return this.#knowledge;
      } finally {
        this.#building = null;
      }
    })();
    return this.#building;
  }
}
