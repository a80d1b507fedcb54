import type { Request, Response } from 'express';
import { escapeHtml } from '../mail/templates.js';

/** What following an emailed link came to. */
export type LinkOutcome =
  | { kind: 'redirect'; url: string }
  /** A link scanner (bot, HEAD): answered 200, nothing changed. */
  | { kind: 'ignored' }
  | { kind: 'error'; status: number; message: string };

/**
 * People open these links in a browser, so failures are a small HTML page for them and the
 * standard JSON error body for everything else.
 */
export function sendLinkOutcome(request: Request, response: Response, outcome: LinkOutcome): void {
  if (outcome.kind === 'redirect') {
    response.redirect(302, outcome.url);
    return;
  }
  if (outcome.kind === 'ignored') {
    response.status(200).type('text/plain').send('Open this link in a browser to continue. Nothing has been changed.');
    return;
  }
  const wantsHtml = request.accepts(['json', 'html']) === 'html';
  const error = outcome.status === 409 ? 'Conflict' : 'Bad Request';
  if (!wantsHtml) {
    response.status(outcome.status).json({ statusCode: outcome.status, error, message: outcome.message });
    return;
  }
  response
    .status(outcome.status)
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${error}</title>` +
        '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
        `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem">` +
        `<h1>${escapeHtml(error)}</h1><p>${escapeHtml(outcome.message)}</p></body></html>`,
    );
}
