/**
 * Messages pasted from a chat app (WhatsApp, Slack, Discord, Teams) carry a time stamp and a sender before each one;
 * they are no part of what the message says. Read by the contract analyser, the receipt parser and the offline model's
 * reading of requests and goals alike.
 */
const CHAT_DATE = String.raw`\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}`;
const CHAT_TIME = String.raw`\d{1,2}:\d{2}(?::\d{2})?(?:[^\S\n]?[AaPp]\.?[Mm]\.?)?`;
/**
 * A time stamp and sender before a message: "[12/04/2025, 21:14] Kerry - Riverside Events: ", "12/04/2025, 21:14 - Kerry: ",
 * the time alone in brackets ("[14:02] Gareth: ") or before the date ("[21:14, 12/04/2025] Kerry: "), Discord's
 * "[11/02/2024 8:03 PM] ellie.composes: ".
 */
const STAMPED_SENDER = new RegExp(
  String.raw`^[^\S\n]*(?:\[(?:${CHAT_DATE},?[^\S\n]+)?${CHAT_TIME}(?:,?[^\S\n]+${CHAT_DATE})?\]|${CHAT_DATE},?[^\S\n]+${CHAT_TIME})` +
    String.raw`[^\S\n]*(?:[-–][^\S\n]+)?[^:\n]{1,60}:[^\S\n]+`,
  'gm',
);
/**
 * A sender with no time stamp, with their organisation ("Mirela (Vox Bridge Translations): ", "Gareth - The Copper Kettle: "):
 * written like a term sheet's "Fee (incl. VAT): ", so only a sender who starts two lines or more is one.
 */
const NAMED_SENDER = /^[^\S\n]*(\p{Lu}[\p{L}'’.]*(?:[^\S\n]+[\p{L}'’.]+){0,3}[^\S\n]*(?:\([^()\n]{1,60}\)|[-–][^\S\n]+[^:\n]{1,60})):[^\S\n]+/gmu;
/** Slack's line over a message: the sender's name and the time alone ("Tomás Ruiz  9:14 AM"). */
const SENDER_LINE = new RegExp(String.raw`^[^\S\n]*\p{Lu}[\p{L}'’.-]*(?:[^\S\n]+[\p{L}'’.-]+){0,3}[^\S\n]+${CHAT_TIME}[^\S\n]*(?:\n|$)`, 'gmu');
/** The assistant called by name at a message's start ("@assistant can you…", "@helperbot"). */
const MENTION = /^([^\S\n]*(?:- |\uE000)?)@[\w.-]+[,:]?[^\S\n]+/gm;

/**
 * The chat's messages without the time stamp and sender before each (`marker` in their place: "- " makes each message a
 * point of its own, since messages seldom end with a full stop), Slack's sender lines and the assistant's @-name dropped.
 * A text that is no chat export comes back as it is.
 */
export function withoutChatPrefixes(text: string, marker = '- '): string {
  let messages = text.replace(SENDER_LINE, '');
  if ((messages.match(STAMPED_SENDER)?.length ?? 0) >= 2) messages = messages.replace(STAMPED_SENDER, marker);
  else {
    const senders = namedSenders(messages);
    messages = messages.replace(NAMED_SENDER, (prefix: string, sender: string) => (senders.has(sender) ? marker : prefix));
  }
  return messages === text ? text : messages.replace(MENTION, '$1');
}

/** Senders with no time stamp who start two lines or more. */
function namedSenders(text: string): Set<string> {
  const counts = new Map<string, number>();
  for (const [, sender = ''] of text.matchAll(NAMED_SENDER)) counts.set(sender, (counts.get(sender) ?? 0) + 1);
  return new Set([...counts].filter(([, count]) => count >= 2).map(([sender]) => sender));
}

/** Where a message started, while the prefixes are taken out: a private-use character no chat contains. */
const MESSAGE_START = '\uE000';

/**
 * A chat export as one request: its messages, without their prefixes, run together as sentences of one paragraph ("ok team
 * we hit 10k downloads" then "@assistant can you draft the post?" is one ask, not a first line and material). Lines that
 * had no prefix (a receipt pasted under the messages) stay lines. A text that is no chat export comes back as it is.
 */
export function chatAsRequest(text: string): string {
  const marked = withoutChatPrefixes(text, MESSAGE_START);
  if (marked === text) return text;
  // Blanks before a line break go first, each run tried only where it starts (the lookbehind): one linear pass.
  return marked
    .replace(/(?<![^\S\n])[^\S\n]+(?=\n)/g, '')
    .replace(/([.!?…:])?\n\uE000/g, (_, stop: string | undefined) => (stop ? `${stop} ` : '. '))
    .replaceAll(MESSAGE_START, '');
}
