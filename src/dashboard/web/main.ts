/** Dashboard entry: checks the session, then routes #/… hashes to pages. */
import { api, ApiFailure, setCsrfToken } from './api.ts';
import { h, errorText, toast } from './dom.ts';
import { keysPage } from './pages/keys.ts';
import { campaignsPage } from './pages/campaigns.ts';
import { campaignPage } from './pages/campaign.ts';
import { runPage } from './pages/run.ts';
import { clusterPage } from './pages/cluster.ts';
import { webhooksPage } from './pages/webhooks.ts';
import type { Page, Session } from './page.ts';

const routes: Array<[RegExp, Page]> = [
  [/^#?\/?$/, keysPage],
  [/^#\/keys$/, keysPage],
  [/^#\/campaigns$/, campaignsPage],
  [/^#\/campaigns\/([^/]+)$/, campaignPage],
  [/^#\/campaigns\/([^/]+)\/runs\/([^/]+)$/, runPage],
  [/^#\/campaigns\/([^/]+)\/runs\/([^/]+)\/clusters\/([^/]+)$/, clusterPage],
  [/^#\/webhooks$/, webhooksPage],
];

let cleanup: (() => void) | void;

async function render(session: Session): Promise<void> {
  const main = document.getElementById('main')!;
  if (typeof cleanup === 'function') cleanup();
  cleanup = undefined;
  const hash = location.hash || '#/keys';
  for (const a of document.querySelectorAll<HTMLAnchorElement>('#nav a')) {
    if (hash.startsWith(a.getAttribute('href')!)) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  const match = routes.map(([re, page]) => [re.exec(hash), page] as const).find(([m]) => m);
  main.replaceChildren();
  if (!match) {
    main.append(h('h1', {}, 'Not found'), h('p', {}, h('a', { href: '#/keys' }, 'Back to keys')));
    return;
  }
  const [m, page] = match;
  try {
    cleanup = await page(main, session, m!.slice(1).map(decodeURIComponent));
  } catch (err) {
    if (err instanceof ApiFailure && err.status === 401) return signedOut(err.message);
    main.append(h('p', { role: 'alert', class: 'message error' }, errorText(err)));
  }
  const heading = main.querySelector('h1');
  if (heading) {
    heading.setAttribute('tabindex', '-1');
    heading.focus();
  }
}

function signedOut(reason: string): void {
  document.getElementById('nav')!.hidden = true;
  document.getElementById('who')!.replaceChildren();
  document
    .getElementById('main')!
    .replaceChildren(
      h('h1', {}, 'Sign in'),
      h('p', {}, reason),
      h('p', {}, 'On the server, print a one-time sign-in link and open it in this browser:'),
      h('pre', {}, h('code', {}, 'npx wallet-integrity dashboard login --owner <your owner id>')),
    );
}

async function start(): Promise<void> {
  let session: Session;
  try {
    session = await api<Session>('GET', 'session');
  } catch (err) {
    return signedOut(
      err instanceof ApiFailure && err.status === 401
        ? err.message
        : `The dashboard cannot reach the server: ${errorText(err)}`,
    );
  }
  setCsrfToken(session.csrfToken);
  document.getElementById('nav')!.hidden = false;
  const signOut = h(
    'button',
    {
      type: 'button',
      class: 'link',
      onclick: async () => {
        try {
          await api('POST', 'logout');
        } catch (err) {
          // only a session the server no longer knows counts as signed out; otherwise it is still live
          if (!(err instanceof ApiFailure && err.status === 401)) {
            toast(`Sign-out failed, you are still signed in: ${errorText(err)}`);
            return;
          }
        }
        signedOut('You are signed out.');
      },
    },
    'Sign out',
  );
  document
    .getElementById('who')!
    .replaceChildren(h('span', {}, 'Owner ', h('strong', { id: 'owner' }, session.ownerId)), ' ', signOut);
  window.addEventListener('hashchange', () => {
    void render(session);
  });
  await render(session);
}

// The skip link focuses the content itself: following its #main would change the hash, which routes the pages.
document.querySelector('a.skip')?.addEventListener('click', (e) => {
  e.preventDefault();
  document.getElementById('main')!.focus();
});

void start();
