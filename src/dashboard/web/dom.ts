/** A few DOM helpers: element builder, tables, forms, status messages and formatting. */
type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | ((e: any) => void)>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.replace(/^on/, '').toLowerCase(), v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  append(el, ...children);
  return el;
}

export function append(el: Element, ...children: Child[]): void {
  for (const c of children)
    if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : String(c));
}

export const fmtDate = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

export function table(caption: string, headers: string[], rows: Child[][], attrs: Attrs = {}): HTMLElement {
  return h(
    'div',
    { class: 'table-wrap', tabindex: 0, role: 'region', 'aria-label': caption },
    h(
      'table',
      attrs,
      h('caption', {}, caption),
      h('thead', {}, h('tr', {}, ...headers.map((x) => h('th', { scope: 'col' }, x)))),
      h(
        'tbody',
        {},
        ...(rows.length
          ? rows.map((r) => h('tr', {}, ...r.map((c) => h('td', {}, c))))
          : [h('tr', {}, h('td', { colspan: headers.length, class: 'muted' }, 'Nothing yet.'))]),
      ),
    ),
  );
}

let fieldSeq = 0;
/** A labelled form control. */
export function field(
  label: string,
  control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
  hint?: string,
): HTMLElement {
  const id = control.id || `f${++fieldSeq}`;
  control.id = id;
  const hintEl = hint ? h('small', { id: `${id}-hint`, class: 'hint' }, hint) : null;
  if (hintEl) control.setAttribute('aria-describedby', hintEl.id);
  return h('div', { class: 'field' }, h('label', { for: id }, label), control, hintEl);
}

export const select = (name: string, options: readonly string[], value?: string): HTMLSelectElement =>
  h('select', { name }, ...options.map((o) => h('option', { value: o, selected: o === value }, o)));

export function badge(text: string, kind = text): HTMLElement {
  return h('span', { class: `badge badge-${kind.replace(/[^a-z_]/gi, '')}` }, text);
}

/** An inline message region (role=alert for errors) that forms reuse. */
export function messageBox(): HTMLElement & { show(text: string, error?: boolean): void; clear(): void } {
  const el = h('p', { class: 'message', 'aria-live': 'polite' });
  return Object.assign(el, {
    show(text: string, error = false): void {
      el.textContent = text;
      el.className = `message ${error ? 'error' : 'ok'}`;
      el.setAttribute('role', error ? 'alert' : 'status');
    },
    clear(): void {
      el.textContent = '';
      el.className = 'message';
    },
  });
}

export function toast(text: string): void {
  const t = document.getElementById('toast');
  if (t) {
    t.textContent = text;
    t.classList.add('show');
    setTimeout(() => t.classList.remove('show'), 3000);
  }
}

export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Runs an async action from a form or button, disabling it meanwhile and reporting errors in `msg`. */
export async function busy(
  ctrl: HTMLButtonElement | HTMLFormElement,
  msg: { show(t: string, e?: boolean): void },
  fn: () => Promise<void>,
): Promise<void> {
  const buttons = ctrl instanceof HTMLFormElement ? [...ctrl.querySelectorAll('button')] : [ctrl];
  buttons.forEach((b) => {
    b.disabled = true;
  });
  try {
    await fn();
  } catch (err) {
    msg.show(errorText(err), true);
  } finally {
    buttons.forEach((b) => {
      b.disabled = false;
    });
  }
}
