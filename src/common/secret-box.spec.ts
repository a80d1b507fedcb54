import { randomBytes } from 'node:crypto';
import { open, seal } from './secret-box.js';

describe('secret box', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = seal(key, 'Bearer s3cret-token', 'row-1');
    expect(sealed).not.toContain('s3cret');
    expect(open(key, sealed, 'row-1')).toBe('Bearer s3cret-token');
    expect(seal(key, 'Bearer s3cret-token', 'row-1')).not.toBe(sealed);
  });

  it('refuses another key, another context, and an altered value', () => {
    const sealed = seal(key, 'secret', 'row-1');
    expect(() => open(randomBytes(32), sealed, 'row-1')).toThrow();
    expect(() => open(key, sealed, 'row-2')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => open(key, parts.join('.'), 'row-1')).toThrow();
    expect(() => open(key, 'plain text', 'row-1')).toThrow('Not a sealed value');
  });
});
