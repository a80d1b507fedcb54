import { MAX_JSON_DEPTH, MAX_JSON_OBJECT_MEMBERS, MAX_JSON_VALUES, nestsDeeperThan, shapeProblemOf } from './json-body.parser.js';
import { startCpuClock } from '../../test/helpers/cpu-clock.js';

const deeper = (json: string, max = 2) => nestsDeeperThan(Buffer.from(json, 'utf8'), max);
const problem = (json: string, objectMembers = 3, values = 10) => shapeProblemOf(Buffer.from(json, 'utf8'), { depth: 32, objectMembers, values });

/** An object of `count` distinct members, as JSON. */
const wideObject = (count: number) => `{${Array.from({ length: count }, (_, index) => `"k${index}":0`).join(',')}}`;

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
    const cpu = startCpuClock();
    expect(nestsDeeperThan(huge, MAX_JSON_DEPTH)).toBe(true);
    expect(cpu.ms()).toBeLessThan(50);
  });
});

describe('shapeProblemOf', () => {
  it('takes objects up to the member bound, at any depth, and refuses one member more', () => {
    expect(problem('{"a":1,"b":2,"c":3}')).toBeUndefined();
    expect(problem('{"a":1,"b":2,"c":3,"d":4}')).toBe('Request body has an object with more than 3 members');
    expect(problem('[{"x":{"a":1,"b":{"c":[1,2,3,4,5]},"c":3}}]', 3, 100)).toBeUndefined();
    expect(problem('[{"x":{"a":1,"b":{},"c":3,"d":[]}}]', 3, 100)).toBe('Request body has an object with more than 3 members');
  });

  it('counts members of each object apart, arrays not as objects', () => {
    expect(problem('{"a":{"x":1,"y":2},"b":{"x":1,"y":2},"c":[1,2,3,4,5]}', 3, 100)).toBeUndefined();
  });

  it('skips commas in strings', () => {
    expect(problem('{"a":",,,,,,,,,,,,,,,,,,","b\\",,,,":1}')).toBeUndefined();
  });

  it('counts every member and element, at every depth, against the values bound', () => {
    expect(problem('[1,2,3,4,5,6,7,8,9,10]')).toBeUndefined();
    expect(problem('[1,2,3,4,5,6,7,8,9,10,11]')).toBe('Request body has more than 10 values');
    expect(problem('[[1,2],[3,4],[5,6],[7,8],[9]]')).toBe('Request body has more than 10 values');
    expect(problem('[[],[],[],[],[],[],[],[],[],[]]')).toBe('Request body has more than 10 values');
  });

  it('bounds the real bodies far above what they send, and a wide or huge body in one short pass', () => {
    expect(shapeProblemOf(Buffer.from(wideObject(MAX_JSON_OBJECT_MEMBERS)))).toBeUndefined();
    expect(shapeProblemOf(Buffer.from(wideObject(MAX_JSON_OBJECT_MEMBERS + 1)))).toMatch(/more than 1024 members/);
    const elements = Buffer.from(`[${'0,'.repeat(2_500_000)}0]`);
    const cpu = startCpuClock();
    expect(shapeProblemOf(elements)).toBe(`Request body has more than ${MAX_JSON_VALUES} values`);
    expect(cpu.ms()).toBeLessThan(200);
  });
});
