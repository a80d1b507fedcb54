import { describe, expect, it } from 'vitest';
import { withoutTitleLine } from './asset-markdown';

describe('withoutTitleLine: the content a card shows under the title', () => {
  it('leaves out the title line a tool starts the asset with', () => {
    expect(withoutTitleLine('# Reel: Morning routine\n\n**Hook:** Wake up')).toBe('**Hook:** Wake up');
    expect(withoutTitleLine('\n# Cafe Lumiere\n**Date:** 2026-01-02')).toBe('**Date:** 2026-01-02');
    expect(withoutTitleLine('# Only a title')).toBe('');
  });

  it('keeps content that does not open with a title line', () => {
    const post = 'Big news! We open on Monday.\n\n# Not the first line\n#bakery';
    expect(withoutTitleLine(post)).toBe(post);
    expect(withoutTitleLine('#bakery #opening')).toBe('#bakery #opening');
    expect(withoutTitleLine('## Parties\n- A')).toBe('## Parties\n- A');
  });
});
