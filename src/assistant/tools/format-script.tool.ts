import { z } from 'zod';
import { type AssetDraft, type AssetTool, ToolInputError } from './asset-tool.js';
import {
  capitalize,
  countWords,
  deriveTitle,
  detailPoints,
  extractKeyPhrases,
  formatDuration,
  normalizeSpace,
  normalizeText,
  parseRequest,
  splitIdeas,
  splitSentences,
  topicName,
  truncateAtWord,
} from './text.js';

export const SCRIPT_FORMATS = ['youtube', 'podcast', 'video', 'explainer'] as const;
export type ScriptFormat = (typeof SCRIPT_FORMATS)[number];

/** Typical narration pace; estimatedRuntime is the spoken words (cues excluded) at this rate. */
export const WORDS_PER_MINUTE = 150;
const MAX_SECTIONS = 12;
const SENTENCES_PER_SECTION = 3;

type ScriptLine = { cue: string } | { speaker: string; text: string };
interface ScriptSection {
  heading: string;
  lines: ScriptLine[];
}

const formatScriptInput = z.object({
  topic: z.string().min(1).max(2_000).describe('What the script is about.'),
  format: z
    .enum(SCRIPT_FORMATS)
    .default('youtube')
    .describe('The kind of script: YouTube video, podcast episode, general video or animated explainer.'),
  body: z
    .string()
    .max(20_000)
    .optional()
    .describe('Draft text or notes to turn into the script, one section per paragraph; omit to write from the topic.'),
});
export type FormatScriptInput = z.infer<typeof formatScriptInput>;

const FORMAT_LABELS: Record<ScriptFormat, string> = {
  youtube: 'YouTube video',
  podcast: 'Podcast episode',
  video: 'Video',
  explainer: 'Explainer video',
};

/** Who speaks and which production cues each format uses. */
const STYLES: Record<ScriptFormat, { voice: string; answer: string; sectionCue: (heading: string) => string }> = {
  youtube: { voice: 'HOST', answer: 'HOST', sectionCue: (heading) => `B-ROLL: ${heading}` },
  podcast: { voice: 'HOST', answer: 'GUEST', sectionCue: () => 'SFX: transition sting' },
  video: { voice: 'NARRATOR', answer: 'NARRATOR', sectionCue: (heading) => `SHOT: ${heading}` },
  explainer: { voice: 'NARRATOR', answer: 'NARRATOR', sectionCue: (heading) => `ANIMATION: simple diagram of ${heading.toLowerCase()}` },
};

export interface Script {
  title: string;
  sections: ScriptSection[];
  spokenWords: number;
  /** m:ss at WORDS_PER_MINUTE, e.g. "2:30". */
  estimatedRuntime: string;
}

/** Builds the script: intro, one section per body paragraph (or per key idea of the topic), outro. */
export function buildScript(topic: string, format: ScriptFormat, body?: string): Script {
  const request = parseRequest(topic);
  const subject = truncateAtWord(request.subject, 300);
  if (!/[\p{L}\p{N}]/u.test(subject)) throw new ToolInputError('The script topic is empty: say what the script is about.');

  const name = topicName(subject);
  const style = STYLES[format];
  const parts = body && /[\p{L}\p{N}]/u.test(body) ? bodyParts(body) : generatedParts(subject, request.details);
  const sections: ScriptSection[] = [
    intro(format, name, parts.map((part) => part.heading)),
    ...parts.map(
      (part): ScriptSection => ({
        heading: part.heading,
        lines: [
          { cue: style.sectionCue(part.heading) },
          ...(format === 'podcast' ? [{ speaker: 'HOST', text: `Let's talk about ${part.heading.toLowerCase()}.` }] : []),
          { speaker: style.answer, text: part.text },
          ...(format === 'explainer' || format === 'youtube' ? [{ cue: `ON-SCREEN TEXT: ${truncateAtWord(part.heading, 40)}` }] : []),
        ],
      }),
    ),
    outro(format, name),
  ];
  const spokenWords = sections
    .flatMap((section) => section.lines)
    .reduce((sum, line) => sum + ('text' in line ? countWords(line.text) : 0), 0);
  return {
    title: `${deriveTitle(capitalize(name), 70, 'Script')} (${FORMAT_LABELS[format]} script)`,
    sections,
    spokenWords,
    estimatedRuntime: formatDuration((spokenWords / WORDS_PER_MINUTE) * 60),
  };
}

/** The user's own text: a section per paragraph (a leading "#" line is its heading), long blocks in threes. */
function bodyParts(body: string): { heading: string; text: string }[] {
  const paragraphs = normalizeText(body.slice(0, 20_000))
    .split('\n\n')
    .filter((paragraph) => /[\p{L}\p{N}]/u.test(paragraph));
  const blocks =
    paragraphs.length === 1
      ? chunk(splitSentences(normalizeSpace(paragraphs[0] ?? '')), SENTENCES_PER_SECTION).map((sentences) => sentences.join(' '))
      : paragraphs;
  // Past the cap, the rest joins the last section so no text is lost.
  const capped =
    blocks.length > MAX_SECTIONS ? [...blocks.slice(0, MAX_SECTIONS - 1), blocks.slice(MAX_SECTIONS - 1).join('\n\n')] : blocks;
  return capped.map((block) => {
    const heading = /^#{1,6}\s+(.+)$/m.exec(block.split('\n')[0] ?? '')?.[1];
    const text = normalizeSpace(heading ? block.split('\n').slice(1).join(' ') : block);
    return { heading: heading?.trim() ?? deriveTitle(text, 50, 'Section'), text: text || heading || '' };
  });
}

/** Without a body: one section per key idea of the topic, spoken in short plain sentences. */
function generatedParts(subject: string, details: string): { heading: string; text: string }[] {
  const ideas = [...splitIdeas(subject, 4), ...detailPoints(details).map((point) => truncateAtWord(point, 80))].slice(0, 5);
  const focus = extractKeyPhrases(topicName(subject), 1)[0]?.toLowerCase() ?? topicName(subject);
  const leads = ['Let’s start with', 'Next up:', 'Then there’s', 'Another piece:', 'Finally,'];
  return (ideas.length > 0 ? ideas : [focus]).map((idea, index, all) => ({
    heading: capitalize(idea),
    text:
      `${index === all.length - 1 && index > 0 ? 'Finally,' : (leads[index] ?? 'Also:')} ${idea}. ` +
      `Why does it matter? Because it shapes how ${focus} works day to day. ` +
      'Here is a simple example: try it for one week and compare the results with the week before. ' +
      'The takeaway is to start small and stay consistent.',
  }));
}

function intro(format: ScriptFormat, name: string, headings: readonly string[]): ScriptSection {
  const topic = truncateAtWord(name, 120);
  const agenda = `We'll cover ${joinList(headings.slice(0, 4).map((heading) => heading.toLowerCase()))}.`;
  const lines: Record<ScriptFormat, ScriptLine[]> = {
    youtube: [
      { cue: 'COLD OPEN: fast cuts of the most striking moment' },
      { speaker: 'HOST', text: `Here's everything you need to know about ${topic}. ${agenda} Let's get into it.` },
      { cue: 'TITLE CARD' },
    ],
    podcast: [
      { cue: 'MUSIC: intro theme, then fade under' },
      { speaker: 'HOST', text: `Welcome back to the show. Today we're talking about ${topic}. ${agenda}` },
      { speaker: 'GUEST', text: 'Thanks for having me. This is a topic I care a lot about.' },
    ],
    video: [
      { cue: 'SHOT: wide establishing shot' },
      { speaker: 'NARRATOR', text: `This is a story about ${topic}. ${agenda}` },
    ],
    explainer: [
      { cue: `ANIMATION: title card "${truncateAtWord(capitalize(topic), 60)}"` },
      { speaker: 'NARRATOR', text: `Let's break down ${topic}, step by step. ${agenda}` },
    ],
  };
  return { heading: 'Intro', lines: lines[format] };
}

function outro(format: ScriptFormat, name: string): ScriptSection {
  const topic = truncateAtWord(name, 120);
  const lines: Record<ScriptFormat, ScriptLine[]> = {
    youtube: [
      { speaker: 'HOST', text: `That's ${topic} in a nutshell. If this helped, like the video and subscribe for more.` },
      { cue: 'END SCREEN: two suggested videos, 20 seconds' },
    ],
    podcast: [
      { speaker: 'HOST', text: `That's all for today on ${topic}. Thanks for listening, and see you next week.` },
      { cue: 'MUSIC: outro theme' },
    ],
    video: [{ speaker: 'NARRATOR', text: `And that is ${topic}.` }, { cue: 'FADE OUT' }],
    explainer: [
      { speaker: 'NARRATOR', text: `Now you know the basics of ${topic}. Share this with someone who needs it.` },
      { cue: 'ANIMATION: logo and call to action' },
    ],
  };
  return { heading: 'Outro', lines: lines[format] };
}

function joinList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? 'the essentials') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

export function renderScript(script: Script, format: ScriptFormat): string {
  const sections = script.sections.map((section, index) => {
    const heading = index === 0 || index === script.sections.length - 1 ? section.heading : `${index}. ${section.heading}`;
    const lines = section.lines.map((line) => ('cue' in line ? `*[${line.cue}]*` : `**${line.speaker}:** ${line.text}`));
    return [`## ${heading}`, ...lines].join('\n\n');
  });
  const runtime = `${script.estimatedRuntime} (${script.spokenWords} spoken words at ${WORDS_PER_MINUTE} wpm)`;
  const summary = `**Format:** ${FORMAT_LABELS[format]} · **Estimated runtime:** ${runtime}`;
  return [`# ${script.title}`, summary, ...sections].join('\n\n');
}

export function formatScript(input: FormatScriptInput): AssetDraft {
  const script = buildScript(input.topic, input.format, input.body);
  return {
    title: script.title,
    content: renderScript(script, input.format),
    metadata: { format: input.format, estimatedRuntime: script.estimatedRuntime },
  };
}

export const formatScriptTool: AssetTool<typeof formatScriptInput> = {
  name: 'format_script',
  description:
    'Writes a full script in Markdown for a YouTube video, podcast episode, video or explainer: intro, sections, outro, ' +
    'speaker lines and production cues, with an estimated runtime. Saves it as a script asset.',
  assetType: 'script',
  inputSchema: formatScriptInput,
  run: (input) => formatScript(input),
};
