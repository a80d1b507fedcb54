import type { Request, Response } from 'express';
import { escapeHtml } from '../mail/templates.js';
import { NOTE_MAX_LENGTH } from './approval-limits.js';

/** What following an emailed link came to. */
export type LinkOutcome =
  | { kind: 'redirect'; url: string }
  /** A link scanner (bot, HEAD): answered 200, nothing changed. */
  | { kind: 'ignored' }
  /** A page whose button posts the link's token: nothing changed until it is pressed. */
  | { kind: 'confirm'; page: ConfirmationPage }
  | { kind: 'error'; status: number; message: string };

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
}

/**
 * The page a link opens instead of acting: no scripts and nothing loaded from anywhere, every value
 * escaped. The token travels in the form body, and the POST decides.
 */
function confirmationPage(confirmation: ConfirmationPage): string {
  const hidden = Object.entries(confirmation.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const note =
    confirmation.note === undefined
      ? ''
      : '<label for="note">Note for the agent</label><br>' +
        `<textarea id="note" name="note" rows="6" cols="60" maxlength="${NOTE_MAX_LENGTH}" required>${escapeHtml(confirmation.note)}</textarea><br>`;
  return page(
    confirmation.title,
    `<p>${escapeHtml(confirmation.explanation)}</p>` +
      `<form method="post" action="${escapeHtml(confirmation.postTo)}">${hidden}${note}` +
      `<button type="submit">${escapeHtml(confirmation.button)}</button></form>`,
  );
}

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
    '<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem">' +
    `<h1>${escapeHtml(title)}</h1>${body}</body></html>`
  );
}

/**
 * People open these links in a browser, so failures are a small HTML page for them and the
 * standard JSON error body for everything else.
 */
export function wantsHtml(request: Request): boolean {
  return request.accepts(['json', 'html']) === 'html';
}

export function sendLinkOutcome(request: Request, response: Response, outcome: LinkOutcome): void {
  if (outcome.kind === 'redirect') {
    // After a form post, See Other: the browser follows with a GET.
    response.redirect(request.method === 'POST' ? 303 : 302, outcome.url);
    return;
  }
  if (outcome.kind === 'confirm') {
    // The page holds the token: kept out of caches.
    response.status(200).setHeader('Cache-Control', 'no-store');
    response.type('html').send(confirmationPage(outcome.page));
    return;
  }
  if (outcome.kind === 'ignored') {
    response.status(200).type('text/plain').send('Open this link in a browser to continue. Nothing has been changed.');
    return;
  }
  const error = outcome.status === 409 ? 'Conflict' : 'Bad Request';
  if (!wantsHtml(request)) {
    response.status(outcome.status).json({ statusCode: outcome.status, error, message: outcome.message });
    return;
  }
  response.status(outcome.status).type('html').send(page(error, `<p>${escapeHtml(outcome.message)}</p>`));
}
