import { STATUS_CODES } from 'node:http';
import type { Request, Response } from 'express';
import { escapeHtml } from '../mail/templates.js';
import { ASSET_EDIT_MAX_LENGTH } from '../assets/asset-types.js';
import { NOTE_MAX_LENGTH } from './approval-limits.js';

/** What following an emailed link came to. */
export type LinkOutcome =
  | { kind: 'redirect'; url: string }
  /** A link scanner (bot, HEAD): answered 200, nothing changed. */
  | { kind: 'ignored' }
  /** Done, with no page of the workflow to go on to: a heading and a sentence. */
  | { kind: 'done'; title: string; message: string }
  /** A page whose button posts the link's token: nothing changed until it is pressed. */
  | { kind: 'confirm'; page: ConfirmationPage }
  /** `title`: the refusal page's heading, where the status's own would mislead (a stopped run is not "Already decided"). */
  | { kind: 'error'; status: number; message: string; title?: string };

/** A confirmation page: a sentence, a button, and the form fields the button posts. */
export interface ConfirmationPage {
  title: string;
  /** Plain text. */
  explanation: string;
  /** Where the form posts, relative to the link's own path (`approve`, `resume`). */
  postTo: string;
  /** Hidden fields: the token, and the action of a step link. */
  fields: Record<string, string>;
  button: string;
  /** Present on a reject: the reviewer's note for the agent, prefilled with this text. */
  note?: string;
  /** Present on a step's approve when it made a text asset: its text, editable before approving. */
  edit?: { assetId: number; title: string; content: string };
}

/** Where a link's page sends the reader on: the workflow's page on the dashboard, or the dashboard when the link names none. */
export interface LinkPageDestination {
  workflowUrl: string | null;
  dashboardUrl: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The workflow a step link's token names, read without checking its signature: it only picks the
 * dashboard page the answer links to, and the dashboard checks who may see it. Undefined when the
 * token is missing or not a JWT naming a workflow id.
 */
export function workflowNamedIn(token: unknown): string | undefined {
  const payload = typeof token === 'string' ? token.split('.')[1] : undefined;
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { wf?: unknown } | null;
    return typeof claims?.wf === 'string' && UUID.test(claims.wf) ? claims.wf : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The dashboard's look (dashboard/src/styles.css: its palette, type and controls), inlined because
 * these pages load nothing. Helmet's CSP allows inline styles (style-src 'unsafe-inline') and no
 * scripts; the pages have none.
 */
const STYLESHEET = `
:root{color-scheme:light dark;--bg:#f7f7f8;--surface:#fff;--text:#1c1c1f;--muted:#5f6168;--border:#d9dae0;--accent:#2f5bd3;--accent-text:#fff;--radius:8px;
font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5;background:var(--bg);color:var(--text)}
@media (prefers-color-scheme:dark){:root{--bg:#121316;--surface:#1b1c20;--text:#e9e9ec;--muted:#a3a5ad;--border:#33353c;--accent:#7c9cff;--accent-text:#0b1020}}
*{box-sizing:border-box}
body{margin:0;padding:10vh 1rem 2rem}
header,main{max-width:36rem;margin:0 auto}
header{font-weight:700;margin-bottom:.8rem}
main{display:flex;flex-direction:column;gap:.9rem;background:var(--surface);border:1px solid var(--border);border-radius:var(--radius);padding:1.2rem}
h1{font-size:1.4rem;margin:0}
p{margin:0;overflow-wrap:anywhere}
a{color:var(--accent)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
form{display:flex;flex-direction:column;gap:.9rem}
label{display:flex;flex-direction:column;gap:.2rem;font-size:.9rem;color:var(--muted)}
textarea,button{font:inherit}
textarea{color:var(--text);background:var(--surface);border:1px solid var(--border);border-radius:var(--radius);padding:.45rem .6rem;width:100%;resize:vertical}
button{align-self:flex-start;background:var(--accent);color:var(--accent-text);border:0;border-radius:var(--radius);padding:.45rem .9rem;cursor:pointer}
.muted{color:var(--muted)}
`.replace(/\n/g, '');

/**
 * A page of the app's own look: no scripts and nothing loaded from anywhere, every value escaped.
 * `body` is HTML already escaped; the page ends with the way on to the dashboard.
 */
function page(title: string, body: string, destination: LinkPageDestination): string {
  const onward = destination.workflowUrl
    ? `<a href="${escapeHtml(destination.workflowUrl)}">Open the workflow on the dashboard</a>`
    : `<a href="${escapeHtml(destination.dashboardUrl)}">Go to the dashboard</a>`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Assistant</title>` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<style>${STYLESHEET}</style></head>` +
    `<body><header>Assistant</header><main><h1>${escapeHtml(title)}</h1>${body}<p>${onward}</p></main></body></html>`
  );
}

/** The page a link opens instead of acting. The token travels in the form body, and the POST decides. */
function confirmationPage(confirmation: ConfirmationPage, destination: LinkPageDestination): string {
  const hidden = Object.entries(confirmation.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const note =
    confirmation.note === undefined
      ? ''
      : '<label for="note">Note for the agent' +
        `<textarea id="note" name="note" rows="6" maxlength="${NOTE_MAX_LENGTH}" required>${escapeHtml(confirmation.note)}</textarea></label>`;
  const { edit } = confirmation;
  const editor = edit
    ? `<input type="hidden" name="assetId" value="${edit.assetId}"><label for="content">${escapeHtml(edit.title)} (edit before approving if needed)` +
      `<textarea id="content" name="content" rows="12" maxlength="${ASSET_EDIT_MAX_LENGTH}">${escapeHtml(edit.content)}</textarea></label>`
    : '';
  return page(
    confirmation.title,
    `<p>${escapeHtml(confirmation.explanation)}</p>` +
      `<form method="post" action="${escapeHtml(confirmation.postTo)}">${hidden}${note}${editor}` +
      `<button type="submit">${escapeHtml(confirmation.button)}</button></form>`,
    destination,
  );
}

/** What a refused link answers a person: what happened, in the words of the refusal, and that nothing changed. */
function refusalPage(status: number, message: string, destination: LinkPageDestination, heading: string | undefined): string {
  const [title, after] =
    heading !== undefined
      ? [heading, 'Nothing was changed by this link. The workflow shows where its run stands now.']
      : status === 409
      ? ['Already decided', 'Nothing was changed by this link. The workflow shows where its run stands now.']
      : ["This link can't be used", 'Nothing was changed. The dashboard shows what is waiting for a decision.'];
  return page(title, `<p>${escapeHtml(asSentence(message))}</p><p class="muted">${after}</p>`, destination);
}

/** A scanner (or a preview) that opened the link: for a person who sees it all the same. */
function ignoredPage(destination: LinkPageDestination): string {
  return page(
    'Open this link in a browser',
    '<p>Open this link in a browser to continue. Nothing has been changed.</p>' +
      '<p class="muted">Mail scanners and previews open links too, so a link acts only when a browser opens it.</p>',
    destination,
  );
}

function asSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * People open these links in a browser, so failures are a small HTML page for them and the
 * standard JSON error body for everything else.
 */
export function wantsHtml(request: Request): boolean {
  return request.accepts(['json', 'html']) === 'html';
}

export function sendLinkOutcome(request: Request, response: Response, outcome: LinkOutcome, destination: LinkPageDestination): void {
  if (outcome.kind === 'redirect') {
    // After a form post, See Other: the browser follows with a GET.
    response.redirect(request.method === 'POST' ? 303 : 302, outcome.url);
    return;
  }
  if (outcome.kind === 'confirm') {
    // The page holds the token: kept out of caches.
    response.status(200).setHeader('Cache-Control', 'no-store');
    response.type('html').send(confirmationPage(outcome.page, destination));
    return;
  }
  if (outcome.kind === 'done') {
    response.status(200).type('html').send(page(outcome.title, `<p>${escapeHtml(outcome.message)}</p>`, destination));
    return;
  }
  if (outcome.kind === 'ignored') {
    response.status(200).type('html').send(ignoredPage(destination));
    return;
  }
  if (!wantsHtml(request)) {
    response.status(outcome.status).json({ statusCode: outcome.status, error: STATUS_CODES[outcome.status] ?? 'Error', message: outcome.message });
    return;
  }
  response.status(outcome.status).type('html').send(refusalPage(outcome.status, outcome.message, destination, outcome.title));
}
