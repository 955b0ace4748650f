/**
 * The dashboard end to end in headless Chromium (Debian's /usr/bin/chromium driven by playwright-core) against
 * the real service on the embedded store. Screenshots go to .tap/screenshots/. Without Chromium the test is
 * skipped with a message, except under CI=true where it fails.
 */
import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchChromium, SHOTS } from '../helpers/chromium.ts';
import { startTestServer } from '../helpers/app.ts';
import { plantCluster } from '../helpers/fixtures.ts';
import { loginLink } from '../helpers/dashboard.ts';
import { startReceiver, until } from '../helpers/receiver.ts';

if (chromiumAvailable(t, 'dashboard end-to-end tests')) {
  const srv = await startTestServer({
    env: {
      UNSAFE_ALLOW_PRIVATE_WEBHOOK_TARGETS: '1',
      WEBHOOK_RETRY_SCHEDULE_SECONDS: '0',
      WEBHOOK_TIMEOUT_MS: '1000',
      JOB_POLL_INTERVAL_MS: '20',
    },
  });
  t.teardown(() => srv.close());
  const receiver = await startReceiver();
  t.teardown(() => receiver.close());
  const browser: Browser = await launchChromium();
  t.teardown(() => browser.close());
  const context = await browser.newContext({
    baseURL: srv.base,
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: srv.base });
  const page: Page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/WebGL|GPU stall|GroupMarkerNotSet/i.test(m.text())) pageErrors.push(m.text());
  });
  page.on('dialog', (d) => {
    void d.accept();
  });
  const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

  const apiKey = await srv.key('acme', 'growth');
  const fx = await plantCluster(srv.store);
  const csv = (wallets: string[]) => ({
    name: 'wallets.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`address\n${wallets.join('\n')}\n`),
  });

  t.test('signed out: instructions, then sign-in through a one-time link', async (t) => {
    await page.goto('/dashboard/');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    t.match(await page.textContent('main'), /dashboard login --owner/);
    pageErrors.length = 0; // the browser logs the expected 401 of the signed-out session check
    await page.goto(`/dashboard/login?token=${await loginLink(srv, 'acme')}`);
    await page.getByRole('button', { name: 'Sign in as acme' }).click();
    await page.locator('#owner', { hasText: 'acme' }).waitFor();
    t.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'API keys');
    const cookies = await context.cookies();
    t.match(
      cookies.find((c) => c.name === 'wi_dashboard'),
      { httpOnly: true, sameSite: 'Strict', path: '/dashboard' },
    );
    t.equal(await page.evaluate(() => document.cookie), '', 'browser code cannot read the session cookie');
    t.equal(await page.evaluate(() => document.activeElement?.tagName), 'H1', 'focus moves to the page heading');
    await page.keyboard.press('Tab');
    t.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('name')),
      'label',
      'Tab reaches the first form control',
    );
  });

  t.test('keys: create (shown once, copy), list, revoke', async (t) => {
    await page.getByLabel('Label (optional)').fill('backend prod');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.locator('#new-key-value').inputValue();
    t.match(key, /^wik_[a-z2-9]{12}_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    t.equal(await page.evaluate(() => navigator.clipboard.readText()), key);
    t.equal((await srv.req('GET', '/api/v2/campaigns', { key })).status, 200);
    const prefix = key.split('_').slice(0, 2).join('_');
    const row = page.locator('#keys-table tr', { hasText: prefix });
    t.match(await row.textContent(), /backend prod.*growth.*active/);
    await shot('keys');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    t.equal(await page.locator('#new-key-value').count(), 0, 'the key is gone from the page once dismissed');
    await page.reload();
    await page.locator('#keys-table').waitFor();
    t.notOk((await page.content()).includes(key), 'the key is never shown again');
    t.equal(
      (await row.locator('td').nth(5).textContent())?.trim(),
      '1',
      "the key's one request shows as usage this month",
    );
    await page.getByRole('button', { name: `Revoke key ${prefix}` }).click();
    await row.locator('.badge-revoked').waitFor();
    t.equal((await srv.req('GET', '/api/v2/campaigns', { key })).status, 401);
  });

  let campaignUrl = '';
  t.test('campaigns: create, lifecycle, policy with history', async (t) => {
    await page.getByRole('link', { name: 'Campaigns' }).click();
    await page.getByText('New campaign').click();
    await page.getByLabel('Name').fill('Spring drop');
    await page.getByLabel('Chain').selectOption('Ethereum');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { level: 1, name: 'Spring drop' }).waitFor();
    campaignUrl = page.url();
    await page.getByRole('button', { name: 'Move to active' }).click();
    await page.locator('#lifecycle', { hasText: 'active' }).waitFor({ state: 'attached' });
    await page.getByLabel('Preset').selectOption('strict');
    await page.getByLabel('Rationale').fill('bot wave on the testnet faucet');
    await page.getByRole('button', { name: 'Activate policy' }).click();
    await page.locator('#policy-history tr', { hasText: 'bot wave on the testnet faucet' }).waitFor();
    t.match(await page.locator('#policy-history').textContent(), /1\s*strict.*dashboard/);
    await page.locator('a.skip').focus();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300); // a hash change would re-route the page
    t.equal(page.url(), campaignUrl, 'the skip link keeps the page address');
    t.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Spring drop', 'the skip link keeps the page');
    t.ok(
      await page.evaluate(() => document.getElementById('main')!.contains(document.activeElement)),
      'the skip link moves focus to the content',
    );
    await shot('campaign');
  });

  const runIds: string[] = [];
  async function uploadRun(wallets: string[]): Promise<void> {
    await page.goto(campaignUrl);
    await page.getByLabel('Wallet CSV', { exact: true }).setInputFiles(csv(wallets));
    await page.getByRole('button', { name: 'Upload and start run' }).click();
    await page.waitForURL(/\/runs\/anl_/);
    runIds.push(decodeURIComponent(page.url().split('/runs/')[1]));
    await page
      .locator('#status-text[data-status="completed"], #status-text[data-status="failed"]')
      .waitFor({ timeout: 45_000 });
  }

  let runsComplete = false;
  let clusterUrl = '';
  t.test('runs: upload a CSV, watch it complete, open a cluster with its graph', async (t) => {
    await uploadRun(fx.wallets);
    await shot('run');
    runsComplete = (await page.locator('#status-text').getAttribute('data-status')) === 'completed';
    // A failed run (an engine error) fails here once instead of timing out in every later step.
    if (!t.ok(runsComplete, `the run completed: ${await page.locator('#run-status').textContent()}`)) return;
    t.match(await page.locator('#summary-counts').textContent(), /Clusters\s*[1-9]/);
    await page.locator('#clusters-table a').first().click();
    await page.locator('#graph[data-rendered]').waitFor({ state: 'attached' });
    clusterUrl = page.url();
    const graph = page.locator('#graph');
    t.equal(await graph.getAttribute('data-rendered'), 'sigma', 'sigma drew the graph');
    t.ok((await graph.locator('canvas').count()) > 0);
    t.ok(Number(await graph.getAttribute('data-nodes')) >= 10, 'members are nodes');
    t.ok(Number(await graph.getAttribute('data-edges')) > 0, 'evidence links are edges');
    t.ok(Number(await graph.getAttribute('data-funding')) + Number(await graph.getAttribute('data-graph')) > 0);
    t.match(await graph.getAttribute('aria-label'), /funding.*graph.*neutralised/);
    const members = await page.locator('#members-table').textContent();
    t.ok(
      fx.sybils.some((s) => members!.toLowerCase().includes(s.slice(2, 12))),
      'planted wallets are members',
    );
    await page.locator('#archetype').waitFor();
    await page.locator('#support').waitFor();
    await page.locator('#evidence-funding').waitFor();
    const option = await page.locator('#graph-focus option').nth(1).getAttribute('value');
    await page.getByLabel('Highlight a wallet in the graph').selectOption(option!);
    t.match(await page.locator('#graph-selection').textContent(), /links/);
    await shot('cluster');
    for (const [name, ext] of [
      ['Export CSV', 'csv'],
      ['Export JSON', 'json'],
      ['Export Markdown', 'md'],
    ]) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
      t.match(download.suggestedFilename(), new RegExp(`\\.${ext}$`));
      t.ok(fs.readFileSync((await download.path())!, 'utf8').length > 20, `${ext} export has content`);
    }
  });

  t.test('decision package and run comparison', async (t) => {
    if (!runsComplete) {
      t.fail('needs a completed run');
      return;
    }
    await uploadRun(fx.wallets.slice(0, 12));
    await page.goto(campaignUrl);
    const [pkg] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    t.match(fs.readFileSync((await pkg.path())!, 'utf8'), /0x[0-9a-fA-F]{40}/);
    await page.getByLabel('Run', { exact: true }).selectOption(runIds[0]);
    await page.getByLabel('Compared with').selectOption(runIds[1]);
    await page.getByRole('button', { name: 'Compare decisions' }).click();
    await page.locator('#diff-table').waitFor();
    t.match(
      await page.locator('#diff').textContent(),
      /only in analysis/,
      'wallets missing from the smaller run are listed',
    );
    await shot('compare');
  });

  t.test('webhooks: add an endpoint, see a failed delivery, retry it', async (t) => {
    receiver.respond = () => ({ status: 500 });
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByText('Add endpoint').first().click();
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    t.match(await page.locator('#webhook-secret').inputValue(), /\S{20,}/, 'the secret is shown once');
    await page.locator('#webhooks-table tr', { hasText: receiver.url }).waitFor();
    const campaignId = decodeURIComponent(campaignUrl.split('/campaigns/')[1]);
    t.equal(
      (
        await srv.req('PATCH', `/api/v2/campaigns/${campaignId}`, {
          key: await srv.key('acme'),
          body: { lifecycle: 'paused' },
        })
      ).status,
      200,
    );
    await until(
      async () =>
        (await srv.store.db.selectFrom('webhook_deliveries').select('status').where('status', '=', 'failed').execute())
          .length > 0,
      20_000,
    );
    await page.getByRole('button', { name: 'Deliveries' }).click();
    await page.locator('#deliveries-table .badge-failed').waitFor();
    receiver.respond = () => ({ status: 200 });
    await page.locator('#deliveries-table button', { hasText: 'Retry' }).first().click();
    await page.getByText('Retry queued.').waitFor();
    await until(
      async () =>
        (
          await srv.store.db
            .selectFrom('webhook_deliveries')
            .select('status')
            .where('status', '=', 'delivered')
            .execute()
        ).length > 0,
      20_000,
    );
    await page.getByLabel('Status').selectOption('delivered');
    await page.locator('#deliveries-table .badge-delivered').waitFor();
    await shot('webhooks');
  });

  t.test('narrow screens and sign-out', async (t) => {
    await page.setViewportSize({ width: 380, height: 800 });
    await page.goto(campaignUrl);
    await page.locator('#runs-table').waitFor();
    t.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
      'no horizontal page scroll at 380 px',
    );
    await shot('campaign-narrow');
    for (const [name, url, ready] of [
      ['keys', '/dashboard/#/keys', '#keys-table'],
      ['webhooks', '/dashboard/#/webhooks', '#webhooks-table'],
      ['cluster', clusterUrl, '#members-table'],
    ]) {
      if (!url) {
        t.fail(`no ${name} page to check`);
        continue;
      }
      await page.goto(url);
      await page.locator(ready).waitFor();
      t.ok(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
        `no horizontal page scroll at 380 px on the ${name} page`,
      );
      await shot(`${name}-narrow`);
    }
    t.same(pageErrors, [], 'no script errors or CSP violations');
    await page.route(
      '**/dashboard/api/logout',
      (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"error":"unavailable","code":"shutting_down"}',
        }),
      { times: 1 },
    );
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.locator('#toast', { hasText: 'still signed in' }).waitFor();
    t.equal(
      await page.locator('#owner').textContent(),
      'acme',
      'a failed sign-out does not pretend to have signed out',
    );
    t.equal(
      await page.evaluate(() => fetch('/dashboard/api/session').then((r) => r.status)),
      200,
      'and the session is indeed still live',
    );
    pageErrors.length = 0; // the browser logs the failed request
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    t.equal(await page.evaluate(() => fetch('/dashboard/api/session').then((r) => r.status)), 401);
  });
}
