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

/** What a post can be asked to go without. */
export const LEAVE_OUT = ['hashtags', 'emojis', 'call_to_action'] as const;
const MAX_VERSIONS = 5;
const MAX_POINTS = 10;

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
  versions: z
    .number()
    .int()
    .min(1)
    .max(MAX_VERSIONS)
    .optional()
    .describe('How many alternative versions of the post to write, for the reader to pick one ("two tweet variations"); one when omitted.'),
  points: z
    .number()
    .int()
    .min(1)
    .max(MAX_POINTS)
    .optional()
    .describe('How many numbered points (tips, ideas, reasons…) a drafted post lists ("three tips").'),
  leaveOut: z
    .array(z.enum(LEAVE_OUT))
    .max(LEAVE_OUT.length)
    .optional()
    .describe('What the post must not have: hashtags, emojis, a closing call to action.'),
  length: z.enum(['standard', 'short']).optional().describe('A short post keeps the opening, the points and the close only.'),
  tone: z.enum(['neutral', 'upbeat']).optional().describe('The register of a drafted post.'),
});
export type FormatPostInput = z.infer<typeof formatPostInput>;

/**
 * Formats (or, from a bare request, drafts) a post for one platform: paragraphs, hashtags, length
 * limit. Several versions are one asset, each under its own heading and each within the limit, so
 * the reader (or a step's approver) picks one where they see them all.
 */
export function formatPost(input: FormatPostInput): AssetDraft {
  const content = normalizeText(input.content);
  if (!/[\p{L}\p{N}\p{Extended_Pictographic}]/u.test(content)) {
    throw new ToolInputError('The post content is empty: give the text or the topic of the post.');
  }

  const { platform } = input;
  const leaveOut = new Set(input.leaveOut ?? []);
  const request = parseRequest(content);
  const { body: givenBody, tags: inlineTags } = splitTrailingHashtags(content);
  const points = detailPoints(request.details);
  const style: PostStyle = { points: input.points, leaveOut, short: input.length === 'short', upbeat: input.tone === 'upbeat' };
  const versions = request.isRequest ? input.versions ?? 1 : 1;
  // Sentences stay apart so that keyword phrases never span two of them.
  const hashtagSource = request.isRequest ? [request.subject, ...points].join('. ') : givenBody;
  const hashtags = leaveOut.has('hashtags') ? [] : buildHashtags(hashtagSource, HASHTAG_COUNTS[platform], [...(input.hashtags ?? []), ...inlineTags]);
  const limit = POST_LENGTH_LIMITS[platform];
  const bodies = Array.from({ length: versions }, (_, version) => {
    const body = request.isRequest ? draftPost(request.subject, points, platform, style, version) : paragraph(givenBody, platform);
    return fitToLimit(leaveOut.has('emojis') ? withoutEmojis(body) : body, hashtags, limit);
  });

  return {
    title: deriveTitle(request.isRequest ? capitalize(request.subject) : bodies[0], 80, 'Social post'),
    content: versions === 1 ? bodies[0] : bodies.map((body, index) => `**Version ${index + 1}**\n\n${body}`).join('\n\n'),
    metadata: { platform },
  };
}

/** How a drafted post is shaped beyond its subject and points. */
interface PostStyle {
  points?: number;
  leaveOut: ReadonlySet<(typeof LEAVE_OUT)[number]>;
  short: boolean;
  upbeat: boolean;
}

function withoutEmojis(text: string): string {
  return text
    .replace(/[\p{Extended_Pictographic}\u{FE0F}\u{200D}]+/gu, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/^[ \t]+|[ \t]+$/gm, '');
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

/** Openings of each version after the first, so that versions differ from the first word. */
const OTHER_OPENINGS = [(topic: string) => `Quick one about ${topic}.`, (topic: string) => `A few words on ${topic}.`, (topic: string) => `On ${topic}: here's the short version.`];
const UPBEAT_OPENINGS = [(topic: string) => `Big news: ${topic}!`, (topic: string) => `We're excited about ${topic}!`, (topic: string) => `Here it is: ${topic}!`];

/**
 * The offline path: a post in the platform's register, built around the requested subject. The
 * points asked for are numbered, their count honoured: the request's own points first, then
 * marked places for the rest (the offline model cannot invent tips, so it says where they go).
 */
function draftPost(subject: string, points: readonly string[], platform: SocialPlatform, style: PostStyle, version: number): string {
  const topic = truncateAtWord(subject, 200);
  const given = points.map((point) => `${truncateAtWord(point, 300)}.`).slice(0, 10);
  const sentences = style.points
    ? Array.from({ length: style.points }, (_, index) => `${index + 1}. ${given[index] ?? `[Point ${index + 1}: yours to fill in]`}`)
    : given;
  const opening = openingOf(topic, platform, style, version);
  const voice: Record<SocialPlatform, { why?: string; close: string }> = {
    linkedin: { why: "Here's why it matters: done well, it saves time, builds trust and moves the work forward.", close: 'What has your experience been? Share your thoughts in the comments.' },
    x: { close: 'Thoughts? 👇' },
    instagram: { close: 'Double-tap if this resonates and save it for later.' },
    facebook: { close: 'What do you think? Tell us in the comments!' },
    tiktok: { close: 'Follow for more!' },
    threads: { close: "What's your take?" },
  };
  const { why, close } = voice[platform];
  const list = platform === 'linkedin' && sentences.length > 0 && !style.points ? [['What to know:', ...sentences.map((sentence) => `→ ${sentence}`)].join('\n')] : style.points && platform !== 'x' ? [sentences.join('\n')] : sentences;
  const lines = [opening, ...list, ...(why && !style.short ? [why] : []), ...(style.leaveOut.has('call_to_action') ? [] : [style.upbeat ? close.replace(/[.?]$/, '!') : close])];
  return lines.join(platform === 'x' ? ' ' : '\n\n');
}

function openingOf(topic: string, platform: SocialPlatform, style: PostStyle, version: number): string {
  if (style.upbeat) return UPBEAT_OPENINGS[version % UPBEAT_OPENINGS.length](topic);
  if (version > 0) return OTHER_OPENINGS[(version - 1) % OTHER_OPENINGS.length](topic);
  const openings: Record<SocialPlatform, string> = {
    linkedin: `Let's talk about ${topic}.`,
    x: `${capitalize(topic)}: here's what you need to know.`,
    instagram: `✨ ${capitalize(topic)} ✨`,
    facebook: `Let's talk about ${topic}.`,
    tiktok: `${capitalize(topic)} 👀`,
    threads: `Let's talk about ${topic}.`,
  };
  return openings[platform];
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
