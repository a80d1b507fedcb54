import { parseRequest } from './request.js';
import { startCpuClock } from '../../../test/helpers/cpu-clock.js';

describe('parseRequest', () => {
  it.each([
    ['Write a LinkedIn post about our new product launch for developers', 'our new product launch for developers'],
    ['Please create an image of a cat sitting on a skateboard', 'a cat sitting on a skateboard'],
    ['Write a post for developers about our API launch', 'our API launch'],
    ['Make 3 thumbnail concepts for my video about budgeting', 'budgeting'],
    ['Can you write a YouTube script on remote work productivity?', 'remote work productivity'],
    ['Draft a tweet announcing our Series A', 'our Series A'],
    ['Write a LinkedIn post thanking our team for the award', 'thanking our team for the award'],
    ['Create an outline for a blog post on time management', 'time management'],
    ['Write a short, punchy Instagram caption about coffee with hashtags', 'coffee'],
    ['Create a 30-second reel about morning habits in 30 seconds', 'morning habits'],
  ])('finds the subject of %j', (request, subject) => {
    expect(parseRequest(request)).toEqual({ subject, details: '', isRequest: true });
  });

  it('keeps the sentences after the request as details', () => {
    expect(parseRequest('Write a post about our launch. Mention the beta and pricing.')).toEqual({
      subject: 'our launch',
      details: 'Mention the beta and pricing.',
      isRequest: true,
    });
  });

  it('treats proper content as the subject itself', () => {
    const content = 'We shipped dark mode today. It took three sprints.';
    expect(parseRequest(content)).toEqual({ subject: content, details: '', isRequest: false });
  });

  it('does not mistake content that starts with a verb for a request', () => {
    expect(parseRequest('Write code every day. It compounds.').isRequest).toBe(false);
    expect(parseRequest('Build trust with your team first.').isRequest).toBe(false);
  });

  it('stays fast on huge request-shaped text', () => {
    const cpu = startCpuClock();
    const parsed = parseRequest(`Write a LinkedIn post about ${'remote work with hashtags and '.repeat(700)}please`);
    expect(parsed.isRequest).toBe(true);
    expect(cpu.ms()).toBeLessThan(500);
  });

  it('falls back to the whole text when the request names no subject', () => {
    expect(parseRequest('Write a LinkedIn post').isRequest).toBe(false);
  });
});
