import type { AssetType } from '../../../src/assets/asset-types.js';

export interface SuggestedPrompt {
  /** What a click sends. */
  text: string;
  /** The asset it makes, on any model (test/e2e/assistant/suggested-prompts checks it on the offline one). */
  makes: AssetType;
}

/**
 * What an empty chat offers, per agent: requests each agent does well, the offline model included,
 * so a newcomer's first click makes something. The general agent has none of its own.
 */
export const SUGGESTED_PROMPTS: Record<string, readonly SuggestedPrompt[]> = {
  social: [
    { text: 'Write a LinkedIn post about our new office opening', makes: 'social_post' },
    { text: 'Outline a LinkedIn post about hiring our first designer', makes: 'post_outline' },
    { text: 'Make an image of a sunrise over a city skyline', makes: 'image' },
  ],
  video: [
    { text: 'Write a reel script with three quick breakfast ideas', makes: 'reel_script' },
    { text: 'Give me thumbnail concepts for my cooking channel', makes: 'thumbnail' },
  ],
  finance: [{ text: 'Here is my receipt:\nCorner Cafe\n2 x Latte 4.50\nCroissant 3.20\nTotal 12.20', makes: 'receipt' }],
  legal: [
    {
      text: 'Please review this contract: 1. The Supplier shall indemnify the Client against all claims. 2. This agreement renews automatically each year.',
      makes: 'legal_analysis',
    },
  ],
};

/** The chosen agent's prompts; with the router choosing ('' ), the first of each agent's. */
export function suggestedPrompts(agentId: string): readonly SuggestedPrompt[] {
  if (agentId) return SUGGESTED_PROMPTS[agentId] ?? [];
  return Object.values(SUGGESTED_PROMPTS).map((prompts) => prompts[0]);
}
