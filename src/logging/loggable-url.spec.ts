import { loggableUrl } from './loggable-url.js';

describe('loggableUrl', () => {
  it('blanks the values of token, note and password, and keeps the rest as sent', () => {
    expect(loggableUrl('/api/workflows/resume?token=eyJ.a.b&action=reject&note=Make%20it%20shorter')).toBe(
      '/api/workflows/resume?token=[redacted]&action=reject&note=[redacted]',
    );
    expect(loggableUrl('/api/assets?type=image&limit=60&password=hunter2')).toBe('/api/assets?type=image&limit=60&password=[redacted]');
  });

  it('leaves paths without a query, and queries without such names, alone', () => {
    expect(loggableUrl('/api/workflows/7/approve')).toBe('/api/workflows/7/approve');
    expect(loggableUrl('/api/assets?type=image&tokens=3&notes')).toBe('/api/assets?type=image&tokens=3&notes');
  });

  it('recognises the names however a query parser could read them', () => {
    for (const name of ['TOKEN', '%74oken', 'to%6Ben', 'token[]', 'token[0]', 'note%5B%5D', '+note', 'Password']) {
      expect(loggableUrl(`/x?${name}=secret&a=1`), name).toBe(`/x?${name}=[redacted]&a=1`);
    }
  });

  it('blanks every credential-shaped name: OAuth tokens and codes, keys, secrets, signatures, sessions (#28)', () => {
    const names = [
      'access_token', 'id_token', 'refresh_token', 'accessToken', 'csrf-token', 'code', 'key', 'api_key', 'apikey', 'apiKey',
      'secret', 'client_secret', 'passwd', 'signature', 'X-Amz-Signature', 'sig', 'jwt', 'session', 'session_id', 'sid',
      'auth', 'otp', 'X-Amz-Credential',
    ];
    for (const name of names) expect(loggableUrl(`/x?a=1&${name}=secret`), name).toBe(`/x?a=1&${name}=[redacted]`);
  });

  it('keeps names that only look alike', () => {
    expect(loggableUrl('/x?tokens=3&keyword=a&monkey=b&session_count=2&signed=1')).toBe('/x?tokens=3&keyword=a&monkey=b&session_count=2&signed=1');
  });

  it('blanks a name given without a value, and every repetition', () => {
    expect(loggableUrl('/x?token&token=a&token=b')).toBe('/x?token=[redacted]&token=[redacted]&token=[redacted]');
  });
});
