import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-body.parser.js';

const deeper = (json: string, max = 2) => nestsDeeperThan(Buffer.from(json, 'utf8'), max);

describe('nestsDeeperThan', () => {
  it('counts arrays and objects alike, up to and past the limit', () => {
    expect(deeper('[{"a":1}]')).toBe(false);
    expect(deeper('[{"a":[1]}]')).toBe(true);
    expect(deeper('{"a":{"b":{}}}')).toBe(true);
    expect(deeper('[[],[],[]]')).toBe(false);
  });

  it('skips brackets in strings, escaped quotes and backslashes included', () => {
    expect(deeper('["[[[[{{{{"]')).toBe(false);
    expect(deeper('["\\"[[[["]')).toBe(false);
    expect(deeper('["\\\\",[[1]]]')).toBe(true);
    expect(deeper('["\\\\"]')).toBe(false);
  });

  it('reads multi-byte UTF-8 as text', () => {
    expect(deeper('["🚀 [ ő ["]')).toBe(false);
  });

  it('stops at the first level too deep, so a huge body costs one short pass', () => {
    const huge = Buffer.alloc(50_000_000, '[');
    const started = performance.now();
    expect(nestsDeeperThan(huge, MAX_JSON_DEPTH)).toBe(true);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
