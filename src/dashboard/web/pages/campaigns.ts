/** Campaigns: list and create. */
import { api } from '../api.ts';
import { badge, busy, field, fmtDate, h, messageBox, select, table } from '../dom.ts';
import type { Page } from '../page.ts';

export const campaignsPage: Page = async (main, session) => {
  const msg = messageBox();
  const name = h('input', { name: 'name', required: true, maxlength: 200, autocomplete: 'off' });
  const type = h('input', { name: 'campaignType', required: true, value: 'airdrop', maxlength: 100 });
  const chain = select('chain', session.enums.chains, 'Ethereum');
  const policy = select('riskPolicy', session.enums.riskPolicies, 'balanced');
  const form = h(
    'form',
    { class: 'grid-form', 'aria-label': 'Create a campaign' },
    field('Name', name),
    field('Campaign type', type, 'e.g. airdrop, quest, referral'),
    field('Chain', chain),
    field('Risk policy', policy),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Create campaign')),
  );
  const list = h('div');

  async function load(): Promise<void> {
    const data = await api('GET', '/api/v2/campaigns');
    list.replaceChildren(
      table(
        'Campaigns',
        ['Name', 'Chain', 'Type', 'Lifecycle', 'Policy', 'Created'],
        data.campaigns.map((c: any) => [
          h('a', { href: `#/campaigns/${encodeURIComponent(c.id)}` }, c.name),
          c.chain,
          c.campaignType,
          badge(c.lifecycle),
          `${c.riskPolicy}${c.policyVersion ? ` v${c.policyVersion}` : ''}`,
          fmtDate(c.createdAt),
        ]),
        { id: 'campaigns-table' },
      ),
    );
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void busy(form, msg, async () => {
      const c = await api('POST', '/api/v2/campaigns', {
        name: name.value.trim(),
        campaignType: type.value.trim(),
        chain: chain.value,
        riskPolicy: policy.value,
      });
      location.hash = `#/campaigns/${encodeURIComponent(c.id)}`;
    });
  });

  main.append(
    h('h1', {}, 'Campaigns'),
    h('details', { class: 'panel' }, h('summary', {}, 'New campaign'), form, msg),
    list,
  );
  await load();
};
