/** One campaign: lifecycle moves, policy activation with history, CSV upload, runs, decision package, run diff. */
import { api, allPages } from '../api.ts';
import { badge, busy, field, fmtDate, h, messageBox, select, table } from '../dom.ts';
import type { Page } from '../page.ts';
import { diffTable } from './diff.ts';
import { flaggedAcrossRuns } from './run-extras.ts';

export const campaignPage: Page = async (main, session, [id]) => {
  const base = `/api/v2/campaigns/${encodeURIComponent(id)}`;
  const msg = messageBox();
  const head = h('div');
  const lifecycle = h('section', { 'aria-labelledby': 'lc-h' });
  const policy = h('section', { 'aria-labelledby': 'pol-h' });
  const runs = h('section', { 'aria-labelledby': 'runs-h' });
  const compare = h('section', { 'aria-labelledby': 'cmp-h' });

  async function load(): Promise<void> {
    const c = await api('GET', base);
    head.replaceChildren(
      h('h1', {}, c.name),
      h(
        'p',
        { class: 'meta' },
        `${c.chain} · ${c.campaignType} · created ${fmtDate(c.createdAt)} · `,
        badge(c.lifecycle),
        h('span', { id: 'lifecycle', hidden: true }, c.lifecycle),
      ),
    );
    const moves = session.enums.lifecycleMoves[c.lifecycle] ?? [];
    lifecycle.replaceChildren(
      h('h2', { id: 'lc-h' }, 'Lifecycle'),
      moves.length
        ? h(
            'div',
            { class: 'button-row' },
            ...moves.map((to) =>
              h(
                'button',
                {
                  type: 'button',
                  class: to === 'archived' ? 'danger' : '',
                  onclick: (e: Event) =>
                    busy(e.currentTarget as HTMLButtonElement, msg, async () => {
                      if (
                        to === 'archived' &&
                        !confirm('Archive this campaign? Archived campaigns cannot change again.')
                      )
                        return;
                      await api('PATCH', base, { lifecycle: to });
                      msg.show(`Campaign moved to ${to}.`);
                      await load();
                    }),
                },
                `Move to ${to}`,
              ),
            ),
          )
        : h('p', { class: 'muted' }, 'This campaign is archived: its lifecycle and policy can no longer change.'),
    );
    await loadPolicy(c);
    await loadRuns(c);
  }

  async function loadPolicy(c: any): Promise<void> {
    const history = await api('GET', `campaigns/${encodeURIComponent(id)}/policy-versions`);
    // a reload (after a lifecycle move, say) keeps what the operator was choosing and typing in the form it replaces
    const before = policy.querySelector('form:not([data-activated])');
    const kept = (name: string): string | undefined =>
      (before?.querySelector(`[name="${name}"]`) as HTMLSelectElement | HTMLTextAreaElement | null)?.value;
    const preset = select('preset', session.enums.riskPolicies, kept('preset') ?? c.riskPolicy);
    const rationale = h('textarea', { name: 'rationale', required: true, maxlength: 5000, rows: 2 });
    rationale.value = kept('rationale') ?? '';
    const form = h(
      'form',
      { class: 'grid-form', 'aria-label': 'Activate a policy version' },
      field('Preset', preset),
      field('Rationale', rationale, 'Why this policy: kept with the version. Applies to future runs only.'),
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'submit', class: 'primary', disabled: c.lifecycle === 'archived' }, 'Activate policy'),
      ),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void busy(form, msg, async () => {
        const v = await api('POST', `${base}/policy`, { preset: preset.value, rationale: rationale.value });
        msg.show(`Policy ${v.preset} activated as version ${v.version}.`);
        form.dataset.activated = 'true'; // the next form starts from the campaign's new policy, not from this one
        await load();
      });
    });
    policy.replaceChildren(
      h('h2', { id: 'pol-h' }, 'Risk policy'),
      h(
        'p',
        {},
        'Active: ',
        h('strong', {}, c.riskPolicy),
        c.policyVersion ? ` (version ${c.policyVersion})` : ' (campaign default, no version yet)',
      ),
      form,
      table(
        'Policy versions',
        ['Version', 'Preset', 'Rationale', 'Activated', 'By'],
        history.versions.map((v: any) => [
          String(v.version),
          v.preset,
          v.rationale,
          fmtDate(v.activatedAt),
          v.activatedBy ?? '—',
        ]),
        { id: 'policy-history' },
      ),
    );
  }

  async function loadRuns(c: any): Promise<void> {
    const list = await allPages<any>(`${base}/analyses?limit=100`, 'analyses', 100);
    const file = h('input', { type: 'file', name: 'csvFile', accept: '.csv,text/csv', required: true });
    const mode = select('analysisMode', session.enums.analysisModes, 'onchain');
    const upload = h(
      'form',
      { class: 'grid-form', 'aria-label': 'Start a run from a wallet CSV' },
      field('Wallet CSV', file, 'One wallet per row; an address (or walletAddress) column.'),
      field('Analysis mode', mode),
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Upload and start run')),
    );
    upload.addEventListener('submit', (e) => {
      e.preventDefault();
      void busy(upload, msg, async () => {
        if (!file.files?.[0]) throw new Error('choose a CSV file first');
        const fd = new FormData();
        fd.append('analysisMode', mode.value);
        fd.append('csvFile', file.files[0]);
        const run = await api('POST', `${base}/analyses`, fd);
        location.hash = `#/campaigns/${encodeURIComponent(id)}/runs/${encodeURIComponent(run.analysisId)}`;
      });
    });
    const canRun = ['draft', 'active', 'paused'].includes(c.lifecycle);
    const hasCompleted = list.some((r) => r.status === 'completed');
    runs.replaceChildren(
      h('h2', { id: 'runs-h' }, 'Runs'),
      canRun ? upload : h('p', { class: 'muted' }, `A ${c.lifecycle} campaign accepts no new runs.`),
      table(
        'Runs, newest first',
        ['Run', 'Status', 'Wallets', 'Clusters', 'Approve', 'Review', 'Reject', 'Policy', 'Created'],
        list.map((r) => [
          h(
            'a',
            { href: `#/campaigns/${encodeURIComponent(id)}/runs/${encodeURIComponent(r.analysisId)}` },
            r.analysisId,
          ),
          badge(r.status),
          String(r.walletCount),
          String(r.counts?.clusters ?? '—'),
          String(r.counts?.approve ?? '—'),
          String(r.counts?.manual_review ?? '—'),
          String(r.counts?.reject ?? '—'),
          `${r.riskPolicy}${r.policyVersion ? ` v${r.policyVersion}` : ''}`,
          fmtDate(r.createdAt),
        ]),
        { id: 'runs-table' },
      ),
      flaggedAcrossRuns(list),
      hasCompleted
        ? h('p', {}, h('a', { class: 'button', href: `#/campaigns/${encodeURIComponent(id)}/review` }, 'Review queue'))
        : '',
      h('h3', {}, 'Decision package (latest completed run)'),
      hasCompleted
        ? h(
            'p',
            { class: 'button-row' },
            h(
              'a',
              { class: 'button', href: `/dashboard${base}/decisions?format=json`, download: `decisions-${id}.json` },
              'Download JSON',
            ),
            h(
              'a',
              { class: 'button', href: `/dashboard${base}/decisions?format=csv`, download: `decisions-${id}.csv` },
              'Download CSV',
            ),
          )
        : h('p', { class: 'muted' }, 'Available once a run has completed.'),
    );
    renderCompare(list.filter((r) => r.status === 'completed'));
  }

  function renderCompare(done: any[]): void {
    const out = h('div', { id: 'diff' });
    const a = select(
      'analysis',
      done.map((r) => r.analysisId),
      done[0]?.analysisId,
    );
    const b = select(
      'compareTo',
      done.map((r) => r.analysisId),
      done[1]?.analysisId,
    );
    const form = h(
      'form',
      { class: 'grid-form', 'aria-label': 'Compare two runs' },
      field('Run', a),
      field('Compared with', b),
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Compare decisions')),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void busy(form, msg, async () => {
        const d = await api(
          'GET',
          `${base}/analyses/${encodeURIComponent(a.value)}/decisions/diff?compareTo=${encodeURIComponent(b.value)}` +
            `&limit=500`,
        );
        out.replaceChildren(diffTable(d));
      });
    });
    compare.replaceChildren(
      h('h2', { id: 'cmp-h' }, 'Compare runs'),
      done.length >= 2 ? form : h('p', { class: 'muted' }, 'Needs two completed runs.'),
      out,
    );
  }

  main.append(head, msg, lifecycle, policy, runs, compare);
  await load();
};
