/**
 * Human review in the dashboard, end to end in headless Chromium against the real service: the no-data warning,
 * the run and campaign charts, the review queue (keyboard and bulk cluster review), an appeal recorded and
 * resolved, and the cluster review form. Screenshots go to .tap/screenshots/ (review-*.png).
 */
import t from 'tap';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchChromium, SHOTS } from '../helpers/chromium.ts';
import { startTestServer, waitForRun } from '../helpers/app.ts';
import { evm, plantCluster } from '../helpers/fixtures.ts';
import { loginLink } from '../helpers/dashboard.ts';

if (chromiumAvailable(t, 'review end-to-end tests')) {
  const srv = await startTestServer({ env: { JOB_POLL_INTERVAL_MS: '20' } });
  t.teardown(() => srv.close());
  const browser: Browser = await launchChromium();
  t.teardown(() => browser.close());
  const context = await browser.newContext({ baseURL: srv.base, viewport: { width: 1280, height: 900 } });
  const page: Page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

  const key = await srv.key('acme', 'none');
  const fx = await plantCluster(srv.store, 'rq');
  const campaign = (
    await srv.req('POST', '/api/v2/campaigns', {
      key,
      body: { name: 'Review drop', campaignType: 'airdrop', chain: 'Ethereum' },
    })
  ).body;
  const cid = campaign.id as string;
  const startRun = async (wallets: unknown[]) => {
    const r = await srv.req('POST', `/api/v2/campaigns/${cid}/analyses`, { key, body: { wallets } });
    return (await waitForRun(srv, key, cid, r.body.analysisId)).analysisId as string;
  };
  const lonely = Array.from({ length: 5 }, (_, i) => evm(`nobody-${i}`));
  const emptyRun = await startRun(lonely);
  const run = await startRun(fx.wallets.map((w, i) => ({ address: w, campaignPoints: 10 * (i + 1) })));
  const label = (await srv.req('GET', `/api/v2/campaigns/${cid}/analyses/${run}/clusters`, { key })).body.clusters[0]
    .clusterLabel as string;

  await page.goto(`/dashboard/login?token=${await loginLink(srv, 'acme')}`);
  await page.getByRole('button', { name: 'Sign in as acme' }).click();
  await page.locator('#owner', { hasText: 'acme' }).waitFor();

  t.test('a run without transfer data warns on its page', async (t) => {
    await page.goto(`/dashboard/#/campaigns/${cid}/runs/${emptyRun}`);
    const warning = page.locator('#data-coverage.warning-box');
    await warning.waitFor();
    t.match(
      await warning.textContent(),
      /no transfer data for 5 of 5 wallets: every wallet approved for lack of data; import transfers or configure/,
    );
    await shot('review-run-no-data');
  });

  t.test('the run page draws the risk, cluster size and action charts', async (t) => {
    await page.goto(`/dashboard/#/campaigns/${cid}/runs/${run}`);
    await page.locator('#run-charts').waitFor();
    t.equal(await page.locator('#data-coverage.warning-box').count(), 0, 'no warning with full coverage');
    t.equal(await page.locator('#timing-coverage').count(), 0, 'no timing warning: the transfers have block times');
    const bars = async (id: string) => Number(await page.locator(`#${id} svg.chart-svg`).getAttribute('data-bars'));
    t.ok((await bars('chart-risk')) >= 2, 'risk buckets drawn');
    t.equal(await bars('chart-sizes'), 1, 'one cluster size (one planted cluster)');
    t.ok((await bars('chart-actions')) >= 2, 'actions for clustered and unclustered wallets');
    const risk = await page
      .locator('#chart-risk svg rect[data-value]')
      .evaluateAll((r) => r.reduce((n, e) => n + Number(e.getAttribute('data-value')), 0));
    t.equal(risk, fx.wallets.length, 'the risk chart counts every wallet once');
    t.match(await page.locator('#chart-sizes svg.chart-svg').getAttribute('aria-label'), /Clusters by size/);
    await shot('review-run-charts');
  });

  t.test('the campaign page shows flagged counts across runs', async (t) => {
    await page.goto(`/dashboard/#/campaigns/${cid}`);
    const chart = page.locator('#chart-flagged svg.chart-svg');
    await chart.waitFor();
    t.equal(await chart.getAttribute('data-points'), '2', 'one point per completed run');
    const first = await page.locator('#chart-flagged circle[data-value]').first().getAttribute('data-value');
    t.equal(first, '0', 'the empty run flagged nobody');
    await shot('review-campaign-trend');
  });

  t.test('queue: keyboard review of a wallet, bulk review of a cluster', async (t) => {
    await page.goto(`/dashboard/#/campaigns/${cid}/review`);
    await page.locator('#queue-wallets tr.queue-row').first().waitFor();
    await page.locator('#queue-reviewer').fill('ana');
    const rows = page.locator('#queue-wallets tr.queue-row');
    const before = await rows.count();
    t.ok(before > 0, 'flagged wallets await review');
    const risks = await rows.evaluateAll((r) => r.map((e) => Number(e.children[2].textContent)));
    t.same(
      risks,
      [...risks].sort((a, b) => b - a),
      'highest risk first',
    );
    await shot('review-queue');
    await rows.first().focus();
    await page.keyboard.press('j');
    t.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('data-wallet')),
      await rows.nth(1).getAttribute('data-wallet'),
      'j moves to the next wallet',
    );
    const cleared = await rows.nth(1).getAttribute('data-wallet');
    await page.keyboard.press('x');
    await page.waitForFunction(
      (n) => document.querySelectorAll('#queue-wallets tr.queue-row').length === n,
      before - 1,
    );
    const members = await srv.req(
      'GET',
      `/api/v2/campaigns/${cid}/analyses/${run}/clusters/${encodeURIComponent(label)}/members?limit=500`,
      { key },
    );
    const m = members.body.members.find((x: any) => x.walletAddress === cleared);
    t.match(m.teamReview, { verdict: 'cleared', reviewer: 'ana', subject: 'wallet' }, 'teamReview through the API');
    const clusterRow = page.locator('#queue-clusters tbody tr', { hasText: label });
    await clusterRow.getByRole('button', { name: `Confirm Sybil: review every member of cluster ${label}` }).click();
    await page.locator('#queue-counts', { hasText: 'Run' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('#queue-wallets tr.queue-row').length === 0);
    await page.locator('#queue-filters select[name="status"]').selectOption('reviewed');
    await page.locator('#queue-clusters tbody tr .badge-confirmed_sybil').first().waitFor();
    await shot('review-queue-reviewed');
    const pkg = (await srv.req('GET', `/api/v2/campaigns/${cid}/decisions`, { key })).body;
    const sybilFinal = pkg.finalAction.wallets.filter((w: any) => fx.sybils.includes(w.walletAddress.toLowerCase()));
    t.ok(
      sybilFinal.every((w: any) => w.finalAction === 'reject'),
      'the later cluster review decides every member',
    );
  });

  t.test('appeal: recorded by an operator, shown with reasons and evidence, resolved by a review', async (t) => {
    await page.goto(`/dashboard/#/campaigns/${cid}/review`);
    await page.locator('#appeal-form').waitFor();
    const wallet = fx.sybils[3];
    await page.locator('#appeal-form').getByLabel('Wallet').fill(wallet);
    await page.locator('#appeal-form').getByLabel('Message').fill('We are a family of three, not bots');
    await page.locator('#appeal-form').getByLabel('Contact').fill('family@example.com');
    await page.getByRole('button', { name: 'Record appeal' }).click();
    const card = page.locator('article.appeal');
    await card.waitFor();
    t.match(await card.textContent(), /family of three/);
    t.match(await card.textContent(), /Flagged because: \S/, 'the reasons it was flagged');
    t.ok((await card.locator('table tbody tr').count()) > 0, "its cluster's evidence next to it");
    await shot('review-appeal');
    await card.getByLabel('Cleared (approve)').check();
    await card.getByLabel('Note').fill('met them at the event');
    await card.getByRole('button', { name: 'Resolve appeal' }).click();
    await page.waitForFunction(() => document.querySelectorAll('article.appeal').length === 0);
    const appeals = (await srv.req('GET', `/api/v2/campaigns/${cid}/appeals`, { key })).body.appeals;
    t.match(appeals[0], { status: 'resolved', source: 'operator' });
    const pkg = (await srv.req('GET', `/api/v2/campaigns/${cid}/decisions`, { key })).body;
    const row = pkg.finalAction.wallets.find((w: any) => w.walletAddress.toLowerCase() === wallet);
    t.match(row, { finalAction: 'approve', decidedBy: 'review' });
  });

  t.test('cluster page: review form with evidence, history', async (t) => {
    await page.goto(`/dashboard/#/campaigns/${cid}/runs/${run}/clusters/${encodeURIComponent(label)}`);
    const form = page.locator('#cluster-review-form');
    await form.waitFor();
    await form.getByLabel('Needs more information (manual review)').check();
    await form.locator('input[name="evidence"]').first().check();
    await form.getByLabel('Note').fill('ask for KYC');
    await form.getByRole('button', { name: 'Save cluster review' }).click();
    await page.locator('#review-history tbody tr', { hasText: 'ask for KYC' }).waitFor();
    t.ok((await page.locator('#review-history tbody tr').count()) >= 3, 'the whole history is kept');
    const history = (await srv.req('GET', `/api/v2/campaigns/${cid}/reviews?limit=1`, { key })).body.reviews[0];
    t.match(history, { verdict: 'needs_more_information', note: 'ask for KYC', subject: 'cluster' });
    t.equal(history.evidence.length, 1, 'the evidence relied on is kept');
    await page.locator('#members-table .badge-needs_more_information').first().waitFor();
    await shot('review-cluster');
    t.same(pageErrors, [], 'no page errors');
  });
}
