/** Webhooks: endpoints (create with the secret shown once, enable/disable, delete), deliveries, retry. */
import { api, ApiFailure } from '../api.ts';
import { badge, busy, field, fmtDate, h, messageBox, select, table } from '../dom.ts';
import type { Page } from '../page.ts';

export const webhooksPage: Page = async (main) => {
  const msg = messageBox();
  const list = h('div');
  const deliveries = h('section', { 'aria-live': 'polite', id: 'deliveries' });
  const reveal = h('div', { 'aria-live': 'polite' });
  main.append(h('h1', {}, 'Webhooks'), msg);

  let data: any;
  try {
    data = await api('GET', '/api/v2/webhooks');
  } catch (err) {
    if (err instanceof ApiFailure && err.status === 403) {
      main.append(h('p', { class: 'callout', id: 'webhooks-plan' }, err.message));
      return;
    }
    throw err;
  }

  const url = h('input', {
    name: 'url',
    type: 'url',
    required: true,
    placeholder: 'https://example.com/hooks/integrity',
    maxlength: 2048,
  });
  const description = h('input', { name: 'description', maxlength: 500 });
  const boxes = (data.supportedEventTypes as string[]).map((t) =>
    h('input', { type: 'checkbox', name: 'eventTypes', value: t, checked: true, id: `ev-${t}` }),
  );
  const form = h(
    'form',
    { class: 'grid-form', 'aria-label': 'Add a webhook endpoint' },
    field('Endpoint URL', url, 'Public https address; private and loopback addresses are refused.'),
    field('Description', description),
    h(
      'fieldset',
      { class: 'events' },
      h('legend', {}, 'Events'),
      ...boxes.map((b) => h('label', { for: b.id, class: 'check' }, b, b.value)),
    ),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Add endpoint')),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void busy(form, msg, async () => {
      const created = await api('POST', '/api/v2/webhooks', {
        url: url.value.trim(),
        description: description.value.trim() || null,
        eventTypes: boxes.filter((b) => b.checked).map((b) => b.value),
      });
      url.value = '';
      description.value = '';
      const secret = h('input', {
        readonly: true,
        value: created.secret,
        class: 'mono',
        'aria-label': 'Signing secret',
        id: 'webhook-secret',
      });
      reveal.replaceChildren(
        h(
          'div',
          { class: 'callout', role: 'status' },
          h('p', {}, h('strong', {}, 'Copy the signing secret now: it is shown only once.')),
          h(
            'div',
            { class: 'copy-row' },
            secret,
            h(
              'button',
              {
                type: 'button',
                class: 'primary',
                onclick: async (ev: Event) => {
                  try {
                    await navigator.clipboard.writeText(created.secret);
                    (ev.currentTarget as HTMLButtonElement).textContent = 'Copied';
                  } catch {
                    secret.select();
                  }
                },
              },
              'Copy',
            ),
            h('button', { type: 'button', onclick: () => reveal.replaceChildren() }, 'I have stored it'),
          ),
        ),
      );
      await load();
    });
  });

  async function load(): Promise<void> {
    data = await api('GET', '/api/v2/webhooks');
    list.replaceChildren(
      table(
        'Endpoints',
        ['URL', 'Events', 'Status', 'Created', ''],
        data.webhooks.map((w: any) => [
          h('span', { class: 'mono' }, w.url),
          w.eventTypes.join(', '),
          w.isActive
            ? badge('active')
            : badge(`disabled${w.disabledReason ? `: ${w.disabledReason}` : ''}`, 'disabled'),
          fmtDate(w.createdAt),
          h(
            'div',
            { class: 'button-row' },
            h(
              'button',
              {
                type: 'button',
                onclick: () => {
                  void showDeliveries(w).catch((err) => msg.show(String(err.message), true));
                },
              },
              'Deliveries',
            ),
            h(
              'button',
              {
                type: 'button',
                onclick: (e: Event) =>
                  busy(e.currentTarget as HTMLButtonElement, msg, async () => {
                    await api('PATCH', `/api/v2/webhooks/${w.id}`, { isActive: !w.isActive });
                    await load();
                  }),
              },
              w.isActive ? 'Disable' : 'Enable',
            ),
            h(
              'button',
              {
                type: 'button',
                class: 'danger',
                onclick: (e: Event) =>
                  busy(e.currentTarget as HTMLButtonElement, msg, async () => {
                    if (!confirm(`Delete the endpoint ${w.url}? Pending deliveries are cancelled.`)) return;
                    await api('DELETE', `/api/v2/webhooks/${w.id}`);
                    deliveries.replaceChildren();
                    await load();
                  }),
              },
              'Delete',
            ),
          ),
        ]),
        { id: 'webhooks-table' },
      ),
    );
  }

  async function showDeliveries(w: any, status = ''): Promise<void> {
    const page = await api('GET', `/api/v2/webhooks/${w.id}/deliveries?limit=100${status ? `&status=${status}` : ''}`);
    const filter = select('status', ['', 'pending', 'failed', 'delivered'], status);
    filter.options[0].textContent = 'any status';
    filter.addEventListener('change', () => {
      void showDeliveries(w, filter.value);
    });
    deliveries.replaceChildren(
      h('h2', { id: 'del-h', tabindex: -1 }, `Deliveries to ${w.url}`),
      field('Status', filter),
      table(
        'Deliveries, newest first',
        ['Event', 'Status', 'Attempts', 'Last answer', 'Created', 'Delivered', ''],
        page.deliveries.map((d: any) => [
          d.eventType,
          badge(d.status),
          String(d.attempts),
          d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : (d.lastError ?? '—'),
          fmtDate(d.createdAt),
          fmtDate(d.deliveredAt),
          d.status === 'failed'
            ? h(
                'button',
                {
                  type: 'button',
                  'aria-label': `Retry delivery ${d.id}`,
                  onclick: (e: Event) =>
                    busy(e.currentTarget as HTMLButtonElement, msg, async () => {
                      await api('POST', `/api/v2/webhooks/${w.id}/deliveries/${d.id}/retry`);
                      msg.show('Retry queued.');
                      await showDeliveries(w, status);
                    }),
                },
                'Retry',
              )
            : '',
        ]),
        { id: 'deliveries-table' },
      ),
    );
    deliveries.querySelector<HTMLElement>('#del-h')?.focus();
  }

  main.append(h('details', { class: 'panel' }, h('summary', {}, 'Add endpoint'), form), reveal, list, deliveries);
  await load();
};
