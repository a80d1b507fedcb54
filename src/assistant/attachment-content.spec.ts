import { ATTACHMENT_TYPES_SENTENCE, attachmentText, contentProblem, isTextMediaType, normalizeMediaType, parseDataUrl } from './attachment-content.js';

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(values.map((value) => (typeof value === 'number' ? Buffer.from([value]) : Buffer.from(value, 'latin1'))));

describe('attachment content', () => {
  it('names the allow-list in a sentence', () => {
    expect(ATTACHMENT_TYPES_SENTENCE).toBe('PDF, PNG, JPEG, WebP, GIF, plain text, Markdown or CSV');
  });

  it('reads media types without parameters or case', () => {
    expect(normalizeMediaType(' Text/Markdown; charset=UTF-8')).toBe('text/markdown');
    expect(isTextMediaType('text/csv; header=present')).toBe(true);
    expect(isTextMediaType('text/html')).toBe(false);
  });

  describe('parseDataUrl', () => {
    it('decodes base64 data URLs, with or without parameters and padding', () => {
      expect(parseDataUrl('data:text/plain;base64,aGk=')).toEqual({ mediaType: 'text/plain', data: Buffer.from('hi') });
      expect(parseDataUrl('data:Text/Plain;charset=utf-8;base64,aGk')).toEqual({ mediaType: 'text/plain', data: Buffer.from('hi') });
    });

    it.each([
      ['not base64', 'data:text/plain,hi'],
      ['characters outside base64', 'data:text/plain;base64,a$b='],
      ['whitespace', 'data:text/plain;base64,aG k='],
      ['an impossible length', 'data:text/plain;base64,aGk=a'],
      ['another scheme', 'https://example.com/a.txt'],
    ])('refuses %s', (_name, url) => {
      expect(parseDataUrl(url)).toBeNull();
    });
  });

  describe('contentProblem', () => {
    it.each([
      ['application/pdf', bytes('%PDF-1.7\n')],
      ['application/pdf', bytes('\n\n%PDF-1.4\n')],
      ['image/png', bytes(0x89, 'PNG\r\n', 0x1a, '\n', 0)],
      ['image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe0)],
      ['image/webp', bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 ')],
      ['image/gif', bytes('GIF89a', 1)],
      ['text/plain', Buffer.from('\ufeffZürich 4,50 €')],
    ] as const)('takes a %s file that is one', (mediaType, data) => {
      expect(contentProblem(mediaType, data)).toBeNull();
    });

    it.each([
      ['image/webp', bytes('RIFF', 0, 0, 0, 0, 'WAVE'), 'the content is not a WebP file'],
      ['image/gif', bytes('GIF90a'), 'the content is not a GIF file'],
      ['image/png', bytes(0xff, 0xd8, 0xff), 'the content is not a PNG file'],
      ['application/pdf', bytes('<html>%PD'), 'the content is not a PDF file'],
      ['text/markdown', bytes(0xc3, 0x28), 'the content is not UTF-8 text'],
      ['text/csv', bytes('a,b\n', 0, 'c'), 'the text holds a NUL byte'],
      ['text/plain', bytes(), 'the file is empty'],
    ] as const)('refuses a %s file that is not one', (mediaType, data, problem) => {
      expect(contentProblem(mediaType, data)).toBe(problem);
    });
  });

  describe('attachmentText', () => {
    it('reads text and Markdown as they are, without a byte order mark', () => {
      expect(attachmentText('text/markdown', Buffer.from('\ufeff# Title\n'))).toBe('# Title\n');
    });

    it('reads CSV rows as lines of tab-separated cells, quotes removed', () => {
      const csv = 'Item,Qty,Price\r\n"Latte, large",2,7.00\n"Say ""cheese""",1,2.50\nTOTAL EUR,,9.50';
      expect(attachmentText('text/csv', Buffer.from(csv))).toBe('Item\tQty\tPrice\nLatte, large\t2\t7.00\nSay "cheese"\t1\t2.50\nTOTAL EUR\t\t9.50');
    });
  });
});
