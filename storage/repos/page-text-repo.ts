/**
 * Page queries that write each row as the API's JSON item, as text, for resolveReadScopeWithTextPage
 * (scope-repo.ts): the server splices the text into the response without parsing rows or serialising objects.
 * The field names and order are those of the views in src/results (decisionRowView, memberItem, catalogRow);
 * test/http/text-pages.test.ts compares both paths on a stored run. Strings go through to_json (the same escapes
 * as JSON.stringify); jsonb columns keep PostgreSQL's spacing, so bodies are JSON-equal to the views, not
 * byte-equal. EVM addresses come back stored (lower-case): the caller applies the EIP-55 display form.
 * A row whose item the database cannot write exactly says so with `plain = false`, and the caller takes the
 * general path for that page.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';

/** A value as JSON text (`null` for SQL null). */
const json = (column: string) => `coalesce(to_json(${column})::text, 'null')`;

/** The columns of a decision item shared by the decisions and members pages. */
const decisionPage = (item: string, where: RawBuilder<unknown>, plain = 'true') =>
  sql`select d.ordinal, ${sql.raw(item)} as item, ${sql.raw(plain)} as plain from decisions d where ${where}`;

/**
 * The items of the decisions, members and catalog pages are written once, with the rows, into
 * `decisions.decision_item`, `decisions.member_item` and `clusters.catalog_item` (analyses-repo.ts storeResults;
 * migration 0013 for older rows) from the expressions below: building them at every read was half or more of the
 * database's work for a page (docs/benchmarks.md, "Issue 17, eighth pass"), and a run's stored results never change.
 * test/contract/text-pages-contract.ts checks the stored texts against these expressions.
 */
const storedItems = { decision: 'd.decision_item', member: 'd.member_item' } as const;

/** decisionRowView (src/results/decision-package.ts) of the decision row `d`, as JSON text. */
export const decisionItemText = (d: string): string => {
  const text = (column: string) => json(`${d}.${column}`);
  return `'{"walletAddress":' || ${text('wallet_address')} || ',"clusterLabel":' || ${text('cluster_label')}
      || ',"storedWalletState":{"riskScore":' || ${d}.risk_score || ',"storedStatus":' || ${text('stored_status')}
      || ',"clusterLabel":' || ${text('cluster_label')} || ',"reasons":' || ${d}.reasons::text
      || '},"executionRecommendation":{"storedRecommendedAction":' || ${text('recommended_action')}
      || ',"operatorPolicyAction":' || ${text('policy_action')} || '}}'`;
};

/** memberItem (src/results/cluster-views.ts) of the decision row `d` of the run `a`, with no team review. */
export const memberItemText = (d: string, a: string): string => {
  const text = (column: string) => json(`${d}.${column}`);
  return `'{"walletAddress":' || ${text('wallet_address')} || ',"chain":' || ${json(`${a}.chain`)}
      || ',"riskScore":' || ${d}.risk_score || ',"storedStatus":' || ${text('stored_status')}
      || ',"storedRecommendedAction":' || ${text('recommended_action')}
      || ',"operatorPolicyAction":' || ${text('policy_action')} || ',"reasons":' || ${d}.reasons::text
      || ',"teamReview":null}'`;
};

/** The stored decisionRowView text of each decision of the run `a` after `afterOrdinal`. */
export const decisionsTextPage = (afterOrdinal: number, take: number): RawBuilder<unknown> =>
  decisionPage(
    storedItems.decision,
    sql`d.analysis_id = a.id and d.ordinal > ${afterOrdinal} order by d.ordinal limit ${take}`,
  );

/**
 * The stored memberItem text of each member of the cluster `cl` after `afterOrdinal`: a member that a review speaks
 * for (its wallet's or its cluster's, as latestReviews reads them) is not plain, and its page takes the general
 * path that shows the review.
 */
export const membersTextPage = (afterOrdinal: number, take: number): RawBuilder<unknown> =>
  decisionPage(
    storedItems.member,
    sql`d.analysis_id = a.id and d.cluster_ordinal = cl.ordinal and d.ordinal > ${afterOrdinal}
      order by d.ordinal limit ${take}`,
    `not exists (select 1 from reviews r where r.analysis_id = d.analysis_id
      and (r.subject = 'cluster' and r.cluster_label = cl.label
        or r.subject = 'wallet' and r.wallet_address = d.wallet_address))`,
  );

/** Characters encodeURIComponent leaves as they are: a label made of them goes into a link unchanged. */
const URI_PLAIN = `'^[A-Za-z0-9_.!~*''()-]+$'`;

/**
 * catalogRow (src/results/cluster-views.ts) of the cluster row `k` of the run `a`, as JSON text. A label that a link
 * must escape is written as it is: its page takes the general path (see catalogTextPage).
 */
export const catalogItemText = (k: string, a: string): string => {
  const link = `'/api/v2/campaigns/' || ${a}.campaign_id || '/analyses/' || ${a}.id || '/clusters/' || ${k}.label`;
  return `'{"clusterLabel":' || ${json(`${k}.label`)} || ',"size":' || ${k}.size || ',"riskScore":' || ${k}.risk_score
      || ',"groupingBasis":' || ${json(`${k}.grouping_basis`)} || ',"links":{"intelligence":' || ${json(link)}
      || ',"members":' || ${json(`${link} || '/members'`)} || '}}'`;
};

/**
 * The stored catalogRow text of each cluster of the run `a` after `afterOrdinal`; a page with a label that a link
 * must escape takes the general path.
 */
export const catalogTextPage = (afterOrdinal: number, take: number): RawBuilder<unknown> =>
  sql`select k.ordinal, k.catalog_item as item, k.label ~ ${sql.raw(URI_PLAIN)} as plain
    from clusters k where k.analysis_id = a.id and k.ordinal > ${afterOrdinal} order by k.ordinal limit ${take}`;

/**
 * Writes the stored items of the run `analysisId` (of every run without it) from their rows, for rows stored before
 * the items were (migration 0013) or changed by hand since (tests).
 */
export async function writeStoredItems(db: Kysely<any>, analysisId?: string): Promise<void> {
  const run = (alias: string) =>
    analysisId === undefined ? sql`` : sql` and ${sql.raw(alias)}.analysis_id = ${analysisId}`;
  await sql`update decisions d set decision_item = ${sql.raw(decisionItemText('d'))},
    member_item = ${sql.raw(memberItemText('d', 'a'))} from analyses a where a.id = d.analysis_id${run('d')}`.execute(
    db,
  );
  await sql`update clusters k set catalog_item = ${sql.raw(catalogItemText('k', 'a'))}
    from analyses a where a.id = k.analysis_id${run('k')}`.execute(db);
}
