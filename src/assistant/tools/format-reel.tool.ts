import { z } from 'zod';
import { type AssetDraft, type AssetTool, ToolInputError } from './asset-tool.js';
import { formatDuration } from './durations.js';
import { buildHashtags } from './hashtags.js';
import { splitIdeas, topicName } from './key-phrases.js';
import { capitalize, deriveTitle, truncateAtWord } from './prose.js';
import { detailPoints, parseRequest } from './request.js';

export const REEL_PLATFORMS = ['instagram', 'tiktok', 'youtube_shorts', 'facebook'] as const;
export type ReelPlatform = (typeof REEL_PLATFORMS)[number];

export interface ReelScene {
  label: string;
  /** Seconds from the start of the reel. */
  start: number;
  end: number;
  visual: string;
  voiceover: string;
  onScreenText: string;
}

const formatReelInput = z.object({
  topic: z.string().min(1).max(2_000).describe('What the reel is about, optionally with the points it must make.'),
  platform: z.enum(REEL_PLATFORMS).default('instagram').describe('Where the reel is published; sets the caption style and hashtags.'),
  durationSeconds: z.number().int().min(15).max(90).default(30).describe('Target length of the reel in seconds.'),
});
export type FormatReelInput = z.infer<typeof formatReelInput>;

const PLATFORM_NAMES: Record<ReelPlatform, string> = {
  instagram: 'Instagram Reels',
  tiktok: 'TikTok',
  youtube_shorts: 'YouTube Shorts',
  facebook: 'Facebook Reels',
};
const HASHTAG_COUNTS: Record<ReelPlatform, number> = { instagram: 8, tiktok: 5, youtube_shorts: 3, facebook: 3 };
/** Beats used when the topic names fewer ideas than the reel has room for. */
const GENERIC_BEATS: { label: string; voiceover: (topic: string) => string }[] = [
  { label: 'The problem', voiceover: (topic) => `Most people overlook ${topic}, and it shows.` },
  { label: 'The key insight', voiceover: (topic) => `The key insight: small changes to ${topic} add up fast.` },
  { label: 'How to do it', voiceover: () => "Here's how: pick one change, do it daily and track it for a week." },
  { label: 'The result', voiceover: () => 'The result: you feel the difference within days.' },
  { label: 'A quick example', voiceover: () => "Quick example: here's what that looks like in a real day." },
  { label: 'Pro tip', voiceover: () => 'Pro tip: start smaller than you think.' },
];

/**
 * Splits the reel into a hook (about 10% of the time, 2-5 s), one beat per ~15 s and a closing call
 * to action (2-6 s). Boundaries are whole seconds and the scenes cover the duration without gaps.
 */
export function planScenes(name: string, ideas: readonly string[], durationSeconds: number): ReelScene[] {
  const hookLength = clamp(Math.round(durationSeconds * 0.1), 2, 5);
  const ctaLength = clamp(Math.round(durationSeconds * 0.12), 2, 6);
  const beatCount = clamp(Math.round(durationSeconds / 15) + 1, 2, 6);
  const middle = durationSeconds - hookLength - ctaLength;
  const topic = truncateAtWord(name, 60);

  const beats = Array.from({ length: beatCount }, (_, index): ReelScene => {
    const idea = ideas[index];
    const generic = GENERIC_BEATS[index % GENERIC_BEATS.length];
    const label = idea ? capitalize(idea) : (generic?.label ?? `Point ${index + 1}`);
    return {
      label,
      start: hookLength + Math.floor((index * middle) / beatCount),
      end: hookLength + Math.floor(((index + 1) * middle) / beatCount),
      // Alternating shot types keep the pace up.
      visual: `${index % 2 === 0 ? 'Close-up that shows' : 'Quick cuts or screen recording illustrating'} ${label.toLowerCase()}`,
      voiceover: idea ? `Number ${index + 1}: ${idea}. Here's why it matters.` : (generic?.voiceover(topic) ?? `${label}.`),
      onScreenText: truncateAtWord(label, 40),
    };
  });

  return [
    {
      label: 'Hook',
      start: 0,
      end: hookLength,
      visual: 'Face to camera, tight framing, movement in the first second',
      voiceover: `Here's what nobody tells you about ${topic}.`,
      onScreenText: truncateAtWord(capitalize(topic), 40),
    },
    ...beats,
    {
      label: 'Call to action',
      start: durationSeconds - ctaLength,
      end: durationSeconds,
      visual: 'Back to camera, point at the caption or the follow button',
      voiceover: 'Follow for more, and save this for later.',
      onScreenText: 'Follow for more',
    },
  ];
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function caption(name: string, platform: ReelPlatform, durationSeconds: number, ideas: readonly string[]): string {
  const topic = truncateAtWord(capitalize(name), 150);
  const list = ideas.slice(0, 3).map((idea) => `• ${capitalize(idea)}`);
  switch (platform) {
    case 'instagram':
      return [`${topic} in ${durationSeconds} seconds ⏱️`, ...list, 'Save this and share it with a friend who needs it.'].join('\n');
    case 'tiktok':
      return `${topic} 👀 Watch till the end! Follow for more.`;
    case 'youtube_shorts':
      return `${topic} in ${durationSeconds} seconds. Subscribe for more!`;
    case 'facebook':
      return [`${topic}: the ${durationSeconds}-second version.`, ...list, 'Share it with someone who needs it!'].join('\n');
  }
}

export function formatReel(input: FormatReelInput): AssetDraft {
  const { platform, durationSeconds } = input;
  const request = parseRequest(input.topic);
  const subject = truncateAtWord(request.subject, 300);
  if (!/[\p{L}\p{N}]/u.test(subject)) throw new ToolInputError('The reel topic is empty: say what the reel is about.');

  const name = topicName(subject);
  const points = detailPoints(request.details);
  const ideas = [...splitIdeas(subject, 6), ...points.map((point) => truncateAtWord(point, 80))];
  const scenes = planScenes(name, ideas, durationSeconds);
  const baseTags = buildHashtags([subject, ...points].join('. '), HASHTAG_COUNTS[platform]);
  // YouTube files a vertical video under Shorts by this tag.
  const hashtags = platform === 'youtube_shorts' ? ['#Shorts', ...baseTags.filter((tag) => tag !== '#Shorts')].slice(0, 4) : baseTags;
  const title = deriveTitle(capitalize(name), 90, 'Reel');

  const sceneList = scenes.map((scene, index) =>
    [
      `### ${index + 1}. ${scene.label} (${formatDuration(scene.start)}–${formatDuration(scene.end)})`,
      `- **Visual:** ${scene.visual}`,
      `- **Voiceover:** ${scene.voiceover}`,
      `- **On-screen text:** ${scene.onScreenText}`,
    ].join('\n'),
  );
  const content = [
    `# Reel: ${title}`,
    `**Platform:** ${PLATFORM_NAMES[platform]} · **Length:** ${formatDuration(durationSeconds)} · **Scenes:** ${scenes.length}`,
    '## Caption',
    [caption(name, platform, durationSeconds, ideas), hashtags.join(' ')].filter(Boolean).join('\n\n'),
    '## Scenes',
    ...sceneList,
  ].join('\n\n');

  return { title, content, metadata: { platform, sceneCount: scenes.length } };
}

export const formatReelTool: AssetTool<typeof formatReelInput> = {
  name: 'format_reel',
  description:
    'Writes a short vertical video (reel) plan for Instagram, TikTok, YouTube Shorts or Facebook: timed scenes from hook ' +
    'to call to action, plus the caption with hashtags. Saves it as a reel_script asset.',
  assetType: 'reel_script',
  inputSchema: formatReelInput,
  run: (input) => formatReel(input),
};
