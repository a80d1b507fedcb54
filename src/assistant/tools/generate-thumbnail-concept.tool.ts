import { z } from 'zod';
import { type AssetDraft, type AssetTool, ToolInputError } from './asset-tool.js';
import { stableHash } from '../../common/stable-hash.js';
import { extractKeyPhrases, topicName } from './key-phrases.js';
import { capitalize, deriveTitle, truncateAtWord } from './prose.js';
import { parseRequest } from './request.js';

export const THUMBNAIL_PLATFORMS = ['youtube', 'instagram', 'tiktok', 'linkedin'] as const;
export type ThumbnailPlatform = (typeof THUMBNAIL_PLATFORMS)[number];

export interface ThumbnailConcept {
  name: string;
  headline: string;
  composition: string;
  colors: string;
  focalElement: string;
}

const generateThumbnailConceptInput = z.object({
  topic: z.string().min(1).max(2_000).describe('What the video or post is about.'),
  platform: z.enum(THUMBNAIL_PLATFORMS).default('youtube').describe('Where the thumbnail appears; sets its size and safe area.'),
});
export type GenerateThumbnailConceptInput = z.infer<typeof generateThumbnailConceptInput>;

/** Size and the platform rule that most often ruins a thumbnail. */
const FORMATS: Record<ThumbnailPlatform, { size: string; note: string }> = {
  youtube: { size: '1280×720 (16:9)', note: 'Keep the bottom-right corner clear for the duration badge; check it still reads at 168×94.' },
  instagram: { size: '1080×1350 (4:5)', note: 'Keep the key element inside the centre square: the profile grid crops to 1:1.' },
  tiktok: { size: '1080×1920 (9:16)', note: 'Keep text out of the top 15% and bottom 20%, where the app overlays its buttons.' },
  linkedin: { size: '1200×627 (1.91:1)', note: 'Professional tone: real people and clear data read better than exaggerated reactions.' },
};

/** High-contrast palettes that survive small sizes; the topic's hash picks a distinct one per concept. */
const PALETTES = [
  'electric yellow #FFD400, near-black #111111, white #FFFFFF',
  'signal red #E63946, off-white #F1FAEE, navy #1D3557',
  'teal #00A6A6, charcoal #22223B, warm yellow #F4D35E',
  'violet #7B2CBF, hot pink #FF4D8D, white #FFFFFF',
  'orange #FF7A00, deep blue #0B3954, cream #FEFFFE',
  'lime #A7F432, black #0A0A0A, grey #9E9E9E',
];

export function buildConcepts(topic: string, platform: ThumbnailPlatform): { title: string; concepts: ThumbnailConcept[] } {
  const request = parseRequest(topic);
  const name = truncateAtWord(topicName(request.subject), 120);
  if (!/[\p{L}\p{N}]/u.test(name)) throw new ToolInputError('The thumbnail topic is empty: say what the video or post is about.');

  const [first, second] = extractKeyPhrases(name, 2);
  const main = headlineText(first ?? name);
  const contrast = second ? headlineText(second) : 'AFTER';
  const start = stableHash(name) % PALETTES.length;
  const palette = (offset: number): string => PALETTES[(start + offset * 2) % PALETTES.length] ?? PALETTES[0] ?? '';
  const calm = platform === 'linkedin';

  const concepts: ThumbnailConcept[] = [
    {
      name: 'Bold statement',
      headline: main,
      composition: calm
        ? 'Presenter on the right third, confident and looking at the camera; headline stacked on the left two thirds.'
        : 'Presenter on the right third with a strong, readable reaction; headline stacked on the left two thirds, 3 words maximum.',
      colors: palette(0),
      focalElement: "The presenter's face and the headline, which overlap slightly to lead the eye from one to the other.",
    },
    {
      name: 'Before / after',
      headline: `${main} → ${contrast}`.length <= 28 ? `${main} → ${contrast}` : main,
      composition: 'Split screen: the "before" half desaturated, the "after" half bright, with a thick arrow crossing the divide.',
      colors: palette(1),
      focalElement: 'The arrow and the contrast between the two halves.',
    },
    {
      name: 'Curiosity close-up',
      headline: `WHY ${main}?`.length <= 28 ? `WHY ${main}?` : `${main}?`,
      composition:
        `Extreme close-up of one object that stands for ${(first ?? name).toLowerCase()}, off-centre, ` +
        'with a hand-drawn circle around the key detail.',
      colors: palette(2),
      focalElement: 'The circled detail: it raises a question the video answers.',
    },
  ];
  return { title: `Thumbnail concepts: ${deriveTitle(capitalize(name), 70, 'Untitled')}`, concepts };
}

/** Thumbnail text is read in a glance: at most three words, upper case. */
function headlineText(phrase: string): string {
  return truncateAtWord(phrase.split(/\s+/).slice(0, 3).join(' ').toUpperCase(), 22);
}

export function generateThumbnailConcept(input: GenerateThumbnailConceptInput): AssetDraft {
  const { title, concepts } = buildConcepts(input.topic, input.platform);
  const format = FORMATS[input.platform];
  const blocks = concepts.map((concept, index) =>
    [
      `## Concept ${index + 1}: ${concept.name}`,
      `- **Headline text:** "${concept.headline}"`,
      `- **Composition:** ${concept.composition}`,
      `- **Colours:** ${concept.colors}`,
      `- **Focal element:** ${concept.focalElement}`,
    ].join('\n'),
  );
  const content = [`# ${title}`, `**Platform:** ${input.platform} · **Size:** ${format.size}`, `> ${format.note}`, ...blocks].join('\n\n');
  return { title, content, metadata: { platform: input.platform, conceptCount: concepts.length } };
}

export const generateThumbnailConceptTool: AssetTool<typeof generateThumbnailConceptInput> = {
  name: 'generate_thumbnail_concept',
  description:
    'Proposes 3 thumbnail concepts for a video or post (headline text, composition, colours, focal element), sized for ' +
    'YouTube, Instagram, TikTok or LinkedIn. Saves them as a thumbnail asset.',
  assetType: 'thumbnail',
  inputSchema: generateThumbnailConceptInput,
  run: (input) => generateThumbnailConcept(input),
};
