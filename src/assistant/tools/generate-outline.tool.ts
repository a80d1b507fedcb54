import { z } from 'zod';
import { type AssetDraft, type AssetTool, ToolInputError } from './asset-tool.js';
import { SOCIAL_PLATFORMS, type SocialPlatform } from './format-post.tool.js';
import { extractKeyPhrases, splitIdeas, topicName } from './key-phrases.js';
import { capitalize, deriveTitle, truncateAtWord } from './prose.js';
import { detailPoints, parseRequest } from './request.js';

export interface OutlineSection {
  heading: string;
  points: string[];
}

/** The outline as saved in the asset's metadata (SPEC §2: "outline (the original JSON)"). */
export interface PostOutline {
  title: string;
  hook: string;
  sections: OutlineSection[];
  callToAction: string;
}

const generateOutlineInput = z.object({
  topic: z.string().min(1).max(2_000).describe('What the post is about, optionally with points it must cover.'),
  platform: z.enum(SOCIAL_PLATFORMS).default('linkedin').describe('The social network the post will be published on.'),
  sections: z
    .number()
    .int()
    .min(3)
    .max(7)
    .default(5)
    .describe('How many sections the outline has, including the opening and the takeaways.'),
});
export type GenerateOutlineInput = z.infer<typeof generateOutlineInput>;

// Neutral phrasings: the subject may be a product, a practice or an event ("our launch", "remote work").
const HOOKS: Record<SocialPlatform, (topic: string, count: number) => string> = {
  linkedin: (topic, count) => `${count} things to know about ${topic}.`,
  x: (topic, count) => `${capitalize(topic)}: ${count} things worth knowing 🧵`,
  instagram: (topic, count) => `Save this: ${count} things to know about ${topic}.`,
  facebook: (topic) => `Here's what you need to know about ${topic}.`,
  tiktok: (topic, count) => `Stop scrolling: ${count} things about ${topic}.`,
  threads: (topic) => `A few honest thoughts on ${topic}.`,
};

const CALLS_TO_ACTION: Record<SocialPlatform, string> = {
  linkedin: 'What would you add? Share your experience in the comments.',
  x: 'Follow for more, and repost if this was useful.',
  instagram: 'Save this post and share it with someone who needs it.',
  facebook: 'Share this with a friend and tell us what you think in the comments.',
  tiktok: 'Follow for part 2.',
  threads: "Reply with your take: what's missing?",
};

/** Sections that round out an outline when the topic itself names fewer ideas than requested. */
const FILLER_SECTIONS: ((focus: string) => OutlineSection)[] = [
  (focus) => ({
    heading: 'Common mistakes',
    points: [`The most common mistake with ${focus}`, 'Why it happens', 'How to avoid it'],
  }),
  (focus) => ({
    heading: 'A real example',
    points: [`A short story or case that shows ${focus} in action`, 'The result, with a number if possible'],
  }),
  (focus) => ({
    heading: 'How to get started',
    points: ['The first small step to take today', `A simple way to measure progress on ${focus}`],
  }),
  (focus) => ({
    heading: 'Tools and resources',
    points: [`One tool or template that makes ${focus} easier`, 'Where to learn more'],
  }),
  () => ({
    heading: 'What the data says',
    points: ['One statistic that surprises readers', 'What it means for them'],
  }),
];

/** Builds the outline deterministically: opening, one section per key idea of the topic, fillers, takeaways. */
export function buildOutline(topic: string, platform: SocialPlatform, sectionCount: number): PostOutline {
  const request = parseRequest(topic);
  const subject = truncateAtWord(request.subject, 120);
  if (!/[\p{L}\p{N}]/u.test(subject)) throw new ToolInputError('The outline topic is empty: say what the post is about.');

  const middleCount = Math.max(1, sectionCount - 2);
  const points = detailPoints(request.details);
  const candidates = [...splitIdeas(subject, middleCount), ...points.map((point) => truncateAtWord(point, 80))];
  const ideas = [...new Set(candidates)].slice(0, middleCount);
  const name = topicName(subject);
  const focus = extractKeyPhrases(name, 1)[0]?.toLowerCase() ?? name;
  const pointsPerSection = platform === 'x' || platform === 'tiktok' ? 2 : 3;

  const middle: OutlineSection[] = ideas.map((idea) => ({
    heading: capitalize(idea),
    points: [`What ${idea} means in practice`, 'A concrete example or number', 'One action the reader can take'],
  }));
  for (const filler of FILLER_SECTIONS) {
    if (middle.length >= middleCount) break;
    middle.push(filler(focus));
  }

  const sections: OutlineSection[] = [
    {
      heading: `Why ${name} matters`,
      points: [`Where ${focus} shows up today`, 'The cost of getting it wrong', 'What changes when it is done well'],
    },
    ...middle,
    {
      heading: 'Key takeaways',
      points: [`Recap: ${ideas.slice(0, 3).join(', ') || focus}`, `The one thing to remember about ${focus}`],
    },
  ].slice(0, sectionCount);

  return {
    title: deriveTitle(capitalize(name), 100, 'Post outline'),
    hook: HOOKS[platform](name, middle.length),
    sections: sections.map((section) => ({ ...section, points: section.points.slice(0, pointsPerSection) })),
    callToAction: CALLS_TO_ACTION[platform],
  };
}

export function renderOutline(outline: PostOutline): string {
  const sections = outline.sections.map(
    (section, index) => `## ${index + 1}. ${section.heading}\n\n${section.points.map((point) => `- ${point}`).join('\n')}`,
  );
  return [`# ${outline.title}`, `**Hook:** ${outline.hook}`, ...sections, `**Call to action:** ${outline.callToAction}`].join('\n\n');
}

export function generateOutline(input: GenerateOutlineInput): AssetDraft {
  const outline = buildOutline(input.topic, input.platform, input.sections);
  return { title: outline.title, content: renderOutline(outline), metadata: { platform: input.platform, outline } };
}

export const generateOutlineTool: AssetTool<typeof generateOutlineInput> = {
  name: 'generate_outline',
  description:
    'Outlines a social media post on a topic: title, hook, sections with points and a call to action, tuned to the ' +
    'platform. Saves it as a post_outline asset.',
  assetType: 'post_outline',
  inputSchema: generateOutlineInput,
  run: (input) => generateOutline(input),
};
