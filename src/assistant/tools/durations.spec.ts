import { formatDuration } from './durations.js';

describe('formatDuration', () => {
  it('writes seconds as m:ss', () => {
    expect(formatDuration(150)).toBe('2:30');
    expect(formatDuration(5)).toBe('0:05');
  });
});
