import { BadRequestException } from '@nestjs/common';
import { UnsafeTextPipe, unsafeTextIn } from './unsafe-text.pipe.js';

describe('unsafeTextIn', () => {
  it('names each field holding a NUL character or an unpaired surrogate, at any depth', () => {
    const body = { name: 'ok', steps: [{ description: 'a\u0000b' }, { description: 'fine' }], note: 'x\ud800', tail: '\udc00' };
    expect(unsafeTextIn(body, '')).toEqual([
      'steps.0.description must not contain NUL characters',
      'note must not contain unpaired UTF-16 surrogates',
      'tail must not contain unpaired UTF-16 surrogates',
    ]);
  });

  it('accepts paired surrogates (emoji), numbers, booleans and null', () => {
    expect(unsafeTextIn({ name: 'Launch 🚀', count: 3, on: true, none: null, list: ['é', '𝄞'] }, '')).toEqual([]);
  });

  it('checks field names too, and refuses those that address the prototype', () => {
    expect(unsafeTextIn({ meta: { 'a\u0000': 1 } }, '')).toEqual(['a field name in meta must not contain NUL characters']);
    const body = JSON.parse('{"name":"x","__proto__":{"polluted":true},"meta":{"constructor":{"prototype":{}}}}') as unknown;
    expect(unsafeTextIn(body, '')).toEqual([
      '__proto__ is not an accepted field name',
      'meta.constructor is not an accepted field name',
      'meta.constructor.prototype is not an accepted field name',
    ]);
  });
});

describe('UnsafeTextPipe', () => {
  const pipe = new UnsafeTextPipe();

  it('refuses a path parameter by its name', () => {
    let thrown: unknown;
    try {
      pipe.transform('\u0000', { type: 'param', data: 'id' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(BadRequestException);
    expect((thrown as BadRequestException).getResponse()).toMatchObject({ message: ['id must not contain NUL characters'] });
  });

  it('leaves values of custom decorators (the team context) alone', () => {
    const team = { name: '\u0000' };
    expect(pipe.transform(team, { type: 'custom' })).toBe(team);
  });
});
