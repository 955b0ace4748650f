/**
 * The screening service the v1 routes call: a scan is screened against the owner's view of the knowledge, stored
 * (with its kit fingerprint for kit memory) and answered; feedback on a stored scan is queued for review.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../storage/database.ts';
import { insertFeedback, insertScan, scanExists } from '../../../storage/repos/screening-repo.ts';
import { kitHistoryFor, markAllowListedSighting } from '../../../storage/repos/kit-memory-repo.ts';
import { notFound } from '../../core/domain-error.ts';
import { newId } from '../../core/ids.ts';
import { isWellKnownHost, kitMemoryEntry } from '../page/kit-memory.ts';
import { scanScreening, type ScreeningDeps, type ScreeningRequest, type ScreeningResult } from '../scan.ts';
import type { KnowledgeCache } from './knowledge-cache.ts';

export interface ScanServiceDeps {
  db: Kysely<Database>;
  knowledge: KnowledgeCache;
  fetchPage: ScreeningDeps['fetchPage'];
  addressHistory?: ScreeningDeps['addressHistory'];
}

/** Screens one request for an owner and stores the scan; returns its id with the result. */
export async function screenAndRecord(
  deps: ScanServiceDeps,
  ownerId: string,
  req: ScreeningRequest,
): Promise<{ scanId: string; result: ScreeningResult }> {
  const { db } = deps;
  const knowledge = await deps.knowledge.get();
  const result = await scanScreening(req, {
    knowledge,
    fetchPage: deps.fetchPage,
    // kit memory is per owner unless confirmed (kit-memory.ts)
    kitHistory: (fingerprint, host) => kitHistoryFor(db, fingerprint, host, ownerId),
    addressHistory: deps.addressHistory,
  });
  const scanId = newId('scn');
  const kit = kitMemoryEntry(result, isWellKnownHost(result.metadata.subject, knowledge));
  const kitFingerprint = kit?.fingerprint ?? null;
  await insertScan(db, {
    id: scanId,
    ownerId,
    type: req.type,
    chain: req.chain,
    value: req.value,
    verdict: result.verdict,
    riskScore: result.riskScore,
    result,
    kitFingerprint,
    subjectHost: kitFingerprint === null ? null : result.metadata.subject,
  });
  if (kit?.role === 'allow_listed') await markAllowListedSighting(db, scanId);
  return { scanId, result };
}

/** Queues feedback on a stored scan for review; 404 when the scan is unknown. Returns the feedback id. */
export async function recordFeedback(
  db: Kysely<Database>,
  f: { scanId: string; verdict: string; reason: string; clientIp: string | null },
): Promise<string> {
  if (!(await scanExists(db, f.scanId))) throw notFound('scan_not_found', 'scan');
  const id = newId('fbk');
  await insertFeedback(db, { id, ...f });
  return id;
}
