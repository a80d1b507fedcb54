import type { Request, Response } from 'express';
import { escapeHtml } from '../mail/templates.js';

/** What following an emailed link came to. */
export type LinkOutcome =
  | { kind: 'redirect'; url: string }
  /** A link scanner (bot, HEAD): answered 200, nothing changed. */
  | { kind: 'ignored' }
  | { kind: 'error'; status: number; message: string };

/** The small page a reject link opens: a note for the agent, sent to the same resume endpoint. */
export function sendRejectForm(response: Response, token: string): void {
  response
    .status(200)
    .type('html')
    .send(
      page(
        'Reject this step',
        '<p>Tell the agent what to change; the step is done again with your note.</p>' +
          '<form method="get" action="/api/workflows/resume">' +
          `<input type="hidden" name="token" value="${escapeHtml(token)}">` +
          '<input type="hidden" name="action" value="reject">' +
          '<label for="note">Note</label><br>' +
          '<textarea id="note" name="note" rows="6" cols="60" maxlength="2000"></textarea><br>' +
          '<button type="submit">Reject and redo the step</button></form>',
      ),
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
    response.redirect(302, outcome.url);
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
