import { createIsbotFromList, list as botPatterns } from 'isbot';

/**
 * Mail clients and mail security gateways that open every link in a message to check or preview
 * it, beyond the crawlers isbot lists: Outlook and Office's link checks, Microsoft Safe Links,
 * Proofpoint, Mimecast, Barracuda, Cisco (IronPort, ESA), Zscaler and other gateways. Patterns
 * in isbot's syntax (regular-expression source, matched case-insensitively).
 */
const MAIL_SCANNER_PATTERNS = [
  'microsoft outlook',
  'microsoft office',
  'ms-?office',
  'safe ?links',
  'proofpoint',
  'mimecast',
  'barracuda',
  'cisco',
  'ironport',
  'zscaler',
  'symantec',
  'trend ?micro',
  'forcepoint',
  'sophos',
  'fireeye',
  'check ?point',
];

/** isbot's maintained list, extended through its own API with the mail scanners. */
const isScannerAgent = createIsbotFromList([...botPatterns, ...MAIL_SCANNER_PATTERNS]);

/** Browsers driven by a program, which isbot lists as bots but which people also read and click in. */
const DRIVEN_BROWSER_PATTERNS = new Set(['headless', 'phantomjs']);
const isFormScannerAgent = createIsbotFromList([...botPatterns.filter((pattern) => !DRIVEN_BROWSER_PATTERNS.has(pattern)), ...MAIL_SCANNER_PATTERNS]);

/**
 * Mail systems open links to check them before a person does. Such requests (HEAD requests, no or
 * an empty User-Agent, known bots, crawlers and mail scanners) must not approve or reject anything:
 * opening a link, they get a page whose button decides.
 */
export function isLinkScanner(method: string, userAgent: string | undefined): boolean {
  if (method === 'HEAD' || !userAgent?.trim()) return true;
  return isScannerAgent(userAgent);
}

/**
 * A press of a link page's button that still decides nothing: no User-Agent, a mail scanner or a
 * crawler. A headless browser's press counts: the page was shown to it because its agent looked
 * like a scanner's, and a person reading through one (or an unusual agent) must be able to go on.
 */
export function isFormScanner(userAgent: string | undefined): boolean {
  if (!userAgent?.trim()) return true;
  return isFormScannerAgent(userAgent);
}
