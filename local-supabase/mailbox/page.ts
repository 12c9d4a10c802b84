// The mailbox page a person reads: the list of e-mails and the selected one, links clickable.
import { escapeHtml } from './go-template.ts';
import type { MailMessage } from './store.ts';

const STYLE = `
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1b1b1f; background: #f6f6f8; }
  header { display: flex; gap: 1rem; align-items: center; padding: .75rem 1.25rem; background: #1b1b1f; color: #fff; }
  header h1 { font-size: 1.1rem; margin: 0; flex: 1; }
  header a, header button { color: #fff; background: none; border: 1px solid #fff6; border-radius: 6px; padding: .25rem .75rem; font: inherit; cursor: pointer; text-decoration: none; }
  main { display: grid; grid-template-columns: minmax(16rem, 26rem) 1fr; min-height: calc(100vh - 3.5rem); }
  nav { border-inline-end: 1px solid #ddd; overflow-y: auto; background: #fff; }
  nav ol { list-style: none; margin: 0; padding: 0; }
  nav a { display: block; padding: .6rem 1rem; border-bottom: 1px solid #eee; color: inherit; text-decoration: none; }
  nav a[aria-current] { background: #e8eefc; }
  nav .meta { font-size: .8rem; color: #555; }
  article { padding: 1rem 1.5rem; }
  article dl { display: grid; grid-template-columns: auto 1fr; gap: .2rem 1rem; margin: 0 0 1rem; }
  article dt { color: #555; }
  iframe { width: 100%; height: 70vh; border: 1px solid #ddd; border-radius: 6px; background: #fff; }
  .empty { padding: 2rem; color: #555; }
`;

function listItem(
  message: MailMessage,
  selected: string | undefined,
  to: string | undefined,
): string {
  const query = new URLSearchParams({ id: message.id, ...(to ? { to } : {}) });
  return `<li><a href="/?${query.toString()}"${message.id === selected ? ' aria-current="true"' : ''}>
    <strong>${escapeHtml(message.subject)}</strong>
    <div class="meta">${escapeHtml(message.to)} · <time datetime="${message.sentAt}">${message.sentAt.replace('T', ' ').slice(0, 19)}</time></div>
  </a></li>`;
}

function messageView(message: MailMessage): string {
  // The e-mail's own HTML runs in a sandboxed frame; its links open in a new tab.
  const document = `<!doctype html><meta charset="utf-8"><base target="_blank">${message.html}`;
  return `<article aria-label="Message">
    <h2>${escapeHtml(message.subject)}</h2>
    <dl>
      <dt>To</dt><dd>${escapeHtml(message.to)}</dd>
      <dt>From</dt><dd>${escapeHtml(message.from)}</dd>
      <dt>Sent</dt><dd>${escapeHtml(message.sentAt)}</dd>
    </dl>
    <iframe title="${escapeHtml(message.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(document)}"></iframe>
    <details><summary>Plain text</summary><pre>${escapeHtml(message.text)}</pre></details>
  </article>`;
}

export function renderMailboxPage(
  messages: MailMessage[],
  selected: MailMessage | undefined,
  to: string | undefined,
): string {
  const list = messages.length
    ? `<ol>${messages.map((m) => listItem(m, selected?.id, to)).join('')}</ol>`
    : '<p class="empty">No e-mails yet. Sign up or request a sign-in link on the site.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mailbox${to ? ` · ${escapeHtml(to)}` : ''}</title><style>${STYLE}</style></head>
<body>
<header><h1>Local mailbox</h1>
  <a href="/${to ? `?to=${encodeURIComponent(to)}` : ''}">Refresh</a>
  <form method="post" action="/clear"><button type="submit">Delete all</button></form>
</header>
<main><nav aria-label="E-mails">${list}</nav>
${selected ? messageView(selected) : '<p class="empty">Choose an e-mail.</p>'}</main>
</body></html>`;
}
