import { isbot } from 'isbot';

/** Mail security gateways that open every link to scan it, beyond what isbot lists. */
const MAIL_SCANNERS = /barracuda|mimecast|proofpoint|safelinks|symantec|trend ?micro|forcepoint|sophos|fireeye|checkpoint/i;

/**
 * Mail systems open links to check them before a person does. Such requests (known bots and
 * crawlers, HEAD requests) must not approve or reject anything.
 */
export function isLinkScanner(method: string, userAgent: string | undefined): boolean {
  if (method === 'HEAD') return true;
  return isbot(userAgent ?? '') || MAIL_SCANNERS.test(userAgent ?? '');
}
