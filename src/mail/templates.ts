/**
 * The one layout every mail uses, as HTML and as plain text. No template engine: the layout is
 * code, and every value put into the HTML passes through `escapeHtml`, so a title, a note or a
 * workflow name typed by a user can never add markup to a mail.
 */
export interface EmailSection {
  heading: string;
  /** Plain text; blank lines separate paragraphs. */
  body: string;
}

export interface EmailAction {
  label: string;
  /** An absolute http(s) URL; anything else is refused. */
  url: string;
}

export interface EmailContent {
  title: string;
  intro: string;
  sections?: EmailSection[];
  actions?: EmailAction[];
  footer: string;
}

export interface RenderedEmail {
  html: string;
  text: string;
}

export function renderEmail(content: EmailContent): RenderedEmail {
  const actions = (content.actions ?? []).map((action) => ({ label: action.label, url: safeUrl(action.url) }));
  const sections = content.sections ?? [];
  return { html: renderHtml(content, sections, actions), text: renderText(content, sections, actions) };
}

/**
 * A name someone chose (a team, a person), as mail shows it: on one line (line breaks, control and
 * format characters such as bidi overrides become spaces), at most `maxLength` characters, and in
 * quotes, so that it reads as a quoted name and never as our own words ("Password expiry: verify
 * at ..."). Its own curly quotes become straight ones, so it cannot close the quote early.
 */
export function quoted(value: string, maxLength = 80): string {
  const flat = value
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(flat);
  const cut = chars.length > maxLength ? `${chars.slice(0, maxLength - 1).join('').trimEnd()}…` : flat;
  return `“${cut}”`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/** Only absolute http(s) links: escaping alone would let a `javascript:` URL through as a link. */
function safeUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`Email link is not an absolute URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`Email link must be http(s): ${url}`);
  return parsed.href;
}

function paragraphs(text: string, style: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0)
    .map((paragraph) => `<p style="${style}">${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const TEXT_STYLE = `margin:0 0 16px;${FONT};font-size:15px;line-height:1.5;color:#1f2933`;

function renderHtml(content: EmailContent, sections: EmailSection[], actions: EmailAction[]): string {
  const sectionHtml = sections
    .map(
      (section) =>
        `<h2 style="margin:24px 0 8px;${FONT};font-size:17px;color:#1f2933">${escapeHtml(section.heading)}</h2>\n` +
        paragraphs(section.body, TEXT_STYLE),
    )
    .join('\n');
  const actionHtml = actions
    .map(
      (action) =>
        `<a href="${escapeHtml(action.url)}" style="display:inline-block;margin:0 8px 8px 0;padding:10px 18px;border-radius:6px;` +
        `background:#2454d6;color:#ffffff;${FONT};font-size:15px;font-weight:600;text-decoration:none">${escapeHtml(action.label)}</a>`,
    )
    .join('\n');
  return `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.title)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f5f7">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:32px">
<h1 style="margin:0 0 16px;${FONT};font-size:22px;color:#1f2933">${escapeHtml(content.title)}</h1>
${paragraphs(content.intro, TEXT_STYLE)}
${sectionHtml}
${actionHtml ? `<div style="margin:24px 0 8px">\n${actionHtml}\n</div>` : ''}
</td></tr>
</table>
${paragraphs(content.footer, `margin:16px 0 0;${FONT};font-size:12px;line-height:1.5;color:#6b7280`)}
</td></tr>
</table>
</body>
</html>
`;
}

function renderText(content: EmailContent, sections: EmailSection[], actions: EmailAction[]): string {
  const blocks = [`${content.title}\n${'='.repeat(Math.min(content.title.length, 72))}`, content.intro.trim()];
  for (const section of sections) blocks.push(`${section.heading}\n${'-'.repeat(Math.min(section.heading.length, 72))}\n${section.body.trim()}`);
  if (actions.length > 0) blocks.push(actions.map((action) => `${action.label}: ${action.url}`).join('\n'));
  blocks.push(`--\n${content.footer.trim()}`);
  return `${blocks.join('\n\n')}\n`;
}
