import { chatAsRequest, withoutChatPrefixes } from './chat-export.js';

describe('withoutChatPrefixes', () => {
  it('drops the time stamp and sender before each message of a WhatsApp or Discord export', () => {
    const whatsapp = '[03/02/2025, 09:10] Ola (Hill Farm): morning! terms below\n[03/02/2025, 09:11] Ola (Hill Farm): 1. eggs at £3 a dozen';
    expect(withoutChatPrefixes(whatsapp)).toBe('- morning! terms below\n- 1. eggs at £3 a dozen');
    const discord = '[11/05/2024 9:01 PM] mossy.dev: here are the terms\n[11/05/2024 9:02 PM] mossy.dev: @assistant can you check them';
    expect(withoutChatPrefixes(discord, '')).toBe('here are the terms\ncan you check them');
  });

  it("drops Slack's sender line and the assistant's @-name, and reads a sender without a time only when they start two lines", () => {
    expect(withoutChatPrefixes('Nadia Haddad  8:42 AM\n@assistant every friday at 4 post the weekly menu', '')).toBe('every friday at 4 post the weekly menu');
    expect(withoutChatPrefixes('Ben (Cafe): we pay monthly\nBen (Cafe): you supply only us')).toBe('- we pay monthly\n- you supply only us');
    const termSheet = 'Fee (incl. VAT): £400\nDeposit (non-refundable): £100';
    expect(withoutChatPrefixes(termSheet)).toBe(termSheet);
  });

  it('leaves a text with no chat in it as it is', () => {
    expect(withoutChatPrefixes('Write a post about our open day at 10:30 tomorrow')).toBe('Write a post about our open day at 10:30 tomorrow');
  });

  it('runs a chat\'s messages together as one request, keeping lines pasted under them', () => {
    const chat = '[10:02] Jo Kim: we just hit 500 members\n[10:03] Jo Kim: @assistant can you write a post about it?\n\nTILL 4\nTea 2.50';
    expect(chatAsRequest(chat)).toBe('we just hit 500 members. can you write a post about it?\n\nTILL 4\nTea 2.50');
    expect(chatAsRequest('Write a post about our 500 members')).toBe('Write a post about our 500 members');
  });

  it('reads a 100 KB chat of blank runs in linear time', () => {
    const chat = `[10:00] A: hi${' '.repeat(50_000)}\n[10:01] A: ${' '.repeat(50_000)}x`;
    const started = performance.now();
    chatAsRequest(chat);
    withoutChatPrefixes(chat);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
