import { buildHashtags } from './hashtags.js';

describe('buildHashtags', () => {
  it('builds CamelCase, deduplicated hashtags', () => {
    expect(buildHashtags('', 5, ['product launch', '#AI', 'iPhone tips', '🚀 2024'])).toEqual(['#ProductLaunch', '#AI', '#iPhoneTips']);
    expect(buildHashtags('', 5, ['dev tools', '#DevTools', 'café'])).toEqual(['#DevTools', '#Café']);
  });
});
