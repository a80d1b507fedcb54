import { z } from 'zod';
import { type AssetDraft, type AssetTool, ToolInputError } from './asset-tool.js';
import { buildHashtags } from './hashtags.js';
import { capitalize, deriveTitle, normalizeText, splitSentences, truncateAtWord } from './prose.js';
import { detailPoints, parseRequest } from './request.js';

export const SOCIAL_PLATFORMS = ['linkedin', 'instagram', 'x', 'facebook', 'tiktok', 'threads'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** Each platform's character limit for a post. Lengths are UTF-16 units, which count an emoji as two like X does. */
export const POST_LENGTH_LIMITS: Record<SocialPlatform, number> = {
  x: 280,
  linkedin: 3000,
  instagram: 2200,
  facebook: 63206,
  threads: 500,
  tiktok: 2200,
};

/** How many hashtags each platform rewards; more reads as spam on X, Threads and Facebook. */
export const HASHTAG_COUNTS: Record<SocialPlatform, number> = {
  x: 2,
  linkedin: 5,
  instagram: 10,
  facebook: 3,
  tiktok: 5,
  threads: 2,
};

/** Hashtags never take more than this share of the limit, so they cannot crowd out the message. */
const HASHTAG_SHARE = 0.3;
/** Long single-block posts are broken into paragraphs of this many sentences (LinkedIn-style readability). */
const SENTENCES_PER_PARAGRAPH = 2;
const PARAGRAPHING_THRESHOLD = 280;

const formatPostInput = z.object({
  content: z
    .string()
    .min(1)
    .max(5_000)
    .describe('The post text to format, or what the post should be about when there is no text yet.'),
  platform: z
    .enum(SOCIAL_PLATFORMS)
    .default('linkedin')
    .describe('The social network the post is for; sets its length limit and hashtag count.'),
  hashtags: z
    .array(z.string().min(1).max(60))
    .max(30)
    .optional()
    .describe('Hashtags to use, with or without #; derived from the content when omitted.'),
});
export type FormatPostInput = z.infer<typeof formatPostInput>;

/** Formats (or, from a bare request, drafts) a post for one platform: paragraphs, hashtags, length limit. */
export function formatPost(input: FormatPostInput): AssetDraft {
  const content = normalizeText(input.content);
  if (!/[\p{L}\p{N}\p{Extended_Pictographic}]/u.test(content)) {
    throw new ToolInputError('The post content is empty: give the text or the topic of the post.');
  }

  const { platform } = input;
  const request = parseRequest(content);
  const { body: givenBody, tags: inlineTags } = splitTrailingHashtags(content);
  const points = detailPoints(request.details);
  const body = request.isRequest ? draftPost(request.subject, points, platform) : paragraph(givenBody, platform);
  // Sentences stay apart so that keyword phrases never span two of them.
  const hashtagSource = request.isRequest ? [request.subject, ...points].join('. ') : givenBody;
  const hashtags = buildHashtags(hashtagSource, HASHTAG_COUNTS[platform], [...(input.hashtags ?? []), ...inlineTags]);

  return {
    title: deriveTitle(request.isRequest ? capitalize(request.subject) : body, 80, 'Social post'),
    content: fitToLimit(body, hashtags, POST_LENGTH_LIMITS[platform]),
    metadata: { platform },
  };
}

/** Puts hashtags after the text and cuts the text (never a hashtag) so that both fit the limit. */
export function fitToLimit(body: string, hashtags: readonly string[], limit: number): string {
  const chosen: string[] = [];
  // Hashtags come best first, so the first one that does not fit ends the list.
  for (const tag of hashtags) {
    if ([...chosen, tag].join(' ').length > limit * HASHTAG_SHARE) break;
    chosen.push(tag);
  }
  const tagLine = chosen.join(' ');
  const separator = '\n\n';
  if (!tagLine) return truncateAtWord(body, limit);
  if (!body) return tagLine;
  return `${truncateAtWord(body, limit - tagLine.length - separator.length)}${separator}${tagLine}`;
}

/** A trailing line made only of hashtags is taken out of the text and merged with the given ones. */
function splitTrailingHashtags(content: string): { body: string; tags: string[] } {
  const lines = content.split('\n');
  const tags: string[] = [];
  while (lines.length > 0 && /^(?:#[\p{L}\p{N}_]+\s*)+$/u.test(lines[lines.length - 1] ?? '')) {
    tags.unshift(...(lines.pop()?.match(/#[\p{L}\p{N}_]+/gu) ?? []));
  }
  return { body: lines.join('\n').trim(), tags };
}

function paragraph(text: string, platform: SocialPlatform): string {
  // X posts are read as one block; blank lines there only spend characters.
  if (platform === 'x') return text.replace(/\n{2,}/g, '\n');
  if (text.includes('\n') || text.length <= PARAGRAPHING_THRESHOLD) return text;
  const sentences = splitSentences(text);
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length; i += SENTENCES_PER_PARAGRAPH) {
    paragraphs.push(sentences.slice(i, i + SENTENCES_PER_PARAGRAPH).join(' '));
  }
  return paragraphs.join('\n\n');
}

/** The offline path: a short post in the platform's register, built around the requested subject. */
function draftPost(subject: string, points: readonly string[], platform: SocialPlatform): string {
  const topic = truncateAtWord(subject, 200);
  const sentences = points.map((point) => `${truncateAtWord(point, 300)}.`).slice(0, 10);
  const opening = `Let's talk about ${topic}.`;
  const lines: Record<SocialPlatform, string[]> = {
    linkedin: [
      opening,
      ...(points.length > 0 ? [['What to know:', ...sentences.map((sentence) => `→ ${sentence}`)].join('\n')] : []),
      `Here's why it matters: getting ${topic} right saves time, builds trust and moves the work forward.`,
      'What has your experience been? Share your thoughts in the comments.',
    ],
    x: [`${capitalize(topic)}: here's what you need to know.`, ...sentences, 'Thoughts? 👇'],
    instagram: [`✨ ${capitalize(topic)} ✨`, ...sentences, 'Double-tap if this resonates and save it for later.'],
    facebook: [opening, ...sentences, 'What do you think? Tell us in the comments!'],
    tiktok: [`${capitalize(topic)} 👀`, ...sentences, 'Follow for more!'],
    threads: [opening, ...sentences, "What's your take?"],
  };
  return lines[platform].join(platform === 'x' ? ' ' : '\n\n');
}

export const formatPostTool: AssetTool<typeof formatPostInput> = {
  name: 'format_post',
  description:
    'Formats a social media post for a platform (LinkedIn, Instagram, X, Facebook, TikTok, Threads): paragraphs, ' +
    'hashtags and the platform length limit. Saves it as a social_post asset.',
  assetType: 'social_post',
  inputSchema: formatPostInput,
  run: (input) => formatPost(input),
};
