/** Keys: create (shown once, with a copy button), list with plan and usage, revoke. */
import { api } from '../api.ts';
import { badge, busy, field, fmtDate, h, messageBox, table } from '../dom.ts';
import type { Page } from '../page.ts';

export const keysPage: Page = async (main) => {
  const msg = messageBox();
  const listBox = h('div');
  const reveal = h('div', { id: 'new-key', 'aria-live': 'polite' });
  const label = h('input', { name: 'label', maxlength: 200, autocomplete: 'off' });
  const form = h(
    'form',
    { class: 'inline-form', 'aria-label': 'Create an API key' },
    field('Label (optional)', label, 'Where the key will be used, e.g. "backend prod".'),
    h('button', { type: 'submit', class: 'primary' }, 'Create key'),
  );

  async function load(): Promise<void> {
    const data = await api('GET', 'keys');
    const p = data.plan;
    const usage = p.usage.allowance
      ? `${p.usage.v1Requests} of ${p.usage.allowance} v1 requests`
      : `${p.usage.v1Requests} metered v1 requests`;
    listBox.replaceChildren(
      h(
        'p',
        { class: 'plan', id: 'plan' },
        'Plan: ',
        badge(p.plan),
        p.active ? ` active until ${fmtDate(p.expiresAt)}` : ' (not active)',
        ' · Usage this period',
        p.usage.periodStart ? ` (since ${fmtDate(p.usage.periodStart)})` : '',
        `: ${usage}`,
      ),
      table(
        'API keys',
        [
          'Prefix',
          'Label',
          'Plan',
          'Created',
          'Last used',
          `Requests this month (${data.month.slice(0, 7)})`,
          'Status',
          '',
        ],
        data.keys.map((k: any) => [
          h('code', {}, k.prefix),
          k.label ?? '—',
          p.plan,
          fmtDate(k.createdAt),
          fmtDate(k.lastUsedAt),
          String(k.requestsThisMonth),
          badge(k.status),
          k.status === 'active'
            ? h(
                'button',
                {
                  type: 'button',
                  class: 'danger',
                  'aria-label': `Revoke key ${k.prefix}`,
                  onclick: (e: Event) =>
                    busy(e.currentTarget as HTMLButtonElement, msg, async () => {
                      if (!confirm(`Revoke ${k.prefix}? Requests with it will be refused from now on.`)) return;
                      await api('DELETE', `keys/${encodeURIComponent(k.keyId)}`);
                      msg.show(`Key ${k.prefix} revoked.`);
                      await load();
                    }),
                },
                'Revoke',
              )
            : '',
        ]),
        { id: 'keys-table' },
      ),
    );
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void busy(form, msg, async () => {
      const k = await api('POST', 'keys', { label: label.value.trim() || null });
      label.value = '';
      const out = h('input', {
        id: 'new-key-value',
        readonly: true,
        value: k.key,
        'aria-label': 'New API key',
        class: 'mono',
      });
      const copy = h(
        'button',
        {
          type: 'button',
          class: 'primary',
          onclick: async () => {
            try {
              await navigator.clipboard.writeText(k.key);
              copy.textContent = 'Copied';
            } catch {
              out.select();
              copy.textContent = 'Press Ctrl+C to copy';
            }
          },
        },
        'Copy',
      );
      const done = h('button', { type: 'button', onclick: () => reveal.replaceChildren() }, 'I have stored it');
      reveal.replaceChildren(
        h(
          'div',
          { class: 'callout', role: 'status' },
          h(
            'p',
            {},
            h('strong', {}, 'Copy this key now: it is shown only once. '),
            'Keep it in your backend environment, never in browser code.',
          ),
          h('div', { class: 'copy-row' }, out, copy, done),
        ),
      );
      out.focus();
      out.select();
      await load();
    });
  });

  main.append(h('h1', {}, 'API keys'), form, reveal, msg, listBox);
  await load();
};
