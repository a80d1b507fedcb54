import { isFormScanner, isLinkScanner } from './link-scanner.js';

/**
 * Agents that open links in mail without a person: mail security gateways (pre-delivery and
 * time-of-click scans), mail clients' link checks and previews, crawlers, and HTTP libraries.
 */
const SCANNERS: [string, string | undefined][] = [
  ['no User-Agent', undefined],
  ['an empty User-Agent', ''],
  ['a blank User-Agent', '   '],
  ['Outlook for Windows', 'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17928; Pro)'],
  ['Outlook for Mac', 'Microsoft Outlook/16.89.24091630 (Intel Mac OS X Version 14.6.1 (Build 23G93))'],
  ["Office's link check", 'Mozilla/4.0 (compatible; ms-office; MSOffice 16)'],
  ["Office's existence discovery", 'Microsoft Office Existence Discovery'],
  ['Microsoft Safe Links', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 SafeLinks'],
  ['Microsoft Safe Links (spaced)', 'Mozilla/5.0 (compatible; Microsoft Safe Links URL scanner)'],
  ['BingPreview (Safe Links detonation)', 'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/534+ (KHTML, like Gecko) BingPreview/1.0b'],
  ['Proofpoint URL Defense', 'Mozilla/5.0 (compatible; Proofpoint URL Defense)'],
  ['Mimecast URL Protect', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Mimecast URL Protect'],
  ['Barracuda Sentinel', 'Barracuda Sentinel (EE)'],
  ['Barracuda Link Protection', 'Mozilla/5.0 (compatible; BarracudaCentral Link Protection)'],
  ['Cisco ESA', 'Mozilla/5.0 (compatible; Cisco ESA URL Scanner)'],
  ['Cisco IronPort', 'Cisco-IronPort-WSA/14.5.0'],
  ['Zscaler', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Zscaler'],
  ['Symantec', 'Mozilla/5.0 (compatible; Symantec Email Security.cloud Link Following)'],
  ['Trend Micro', 'Mozilla/5.0 (compatible; Trend Micro Email Security)'],
  ['Check Point', 'Mozilla/5.0 (compatible; Check Point Harmony Email)'],
  ['headless Chrome', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36'],
  ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  ['Slack link expander', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
  ['curl', 'curl/8.5.0'],
  ['python-requests', 'python-requests/2.31.0'],
  ['Go', 'Go-http-client/1.1'],
];

/** Browsers people open their mail links in, on desktop and mobile. */
const BROWSERS: [string, string][] = [
  ['Chrome on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'],
  ['Chrome on Linux', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'],
  ['Firefox on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'],
  ['Firefox on Linux', 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0'],
  ['Safari on macOS', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'],
  ['Edge on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0'],
  ['Opera', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0'],
  ['Safari on iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'],
  ['Chrome on iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1'],
  ['Safari on iPad', 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'],
  ['Chrome on Android', 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'],
  ['Samsung Internet', 'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36'],
  ['Firefox on Android', 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0'],
];

describe('isLinkScanner', () => {
  it.each(SCANNERS)('treats %s as a scanner', (_name, userAgent) => {
    expect(isLinkScanner('GET', userAgent)).toBe(true);
    expect(isLinkScanner('POST', userAgent)).toBe(true);
  });

  it.each(BROWSERS)('acts for %s', (_name, userAgent) => {
    expect(isLinkScanner('GET', userAgent)).toBe(false);
    expect(isLinkScanner('POST', userAgent)).toBe(false);
  });

  it('treats every HEAD request as a scanner, whatever its agent', () => {
    for (const [, userAgent] of BROWSERS) expect(isLinkScanner('HEAD', userAgent)).toBe(true);
  });
});

/** Browsers a program drives, which look like scanners when they open a link but whose button press is a person's. */
const DRIVEN_BROWSERS = new Set(['headless Chrome']);

describe('isFormScanner', () => {
  it.each(SCANNERS.filter(([name]) => !DRIVEN_BROWSERS.has(name)))('refuses a button press from %s', (_name, userAgent) => {
    expect(isFormScanner(userAgent)).toBe(true);
  });

  it.each([...BROWSERS, ...SCANNERS.filter(([name]) => DRIVEN_BROWSERS.has(name))])('takes a button press from %s', (_name, userAgent) => {
    expect(isFormScanner(userAgent)).toBe(false);
  });
});
