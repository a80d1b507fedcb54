import { z } from 'zod';
import { type AssetDraft, type AssetTool, ToolInputError } from './asset-tool.js';
import { formatDuration } from './durations.js';
import { extractKeyPhrases, splitIdeas, topicName } from './key-phrases.js';
import { capitalize, countWords, deriveTitle, normalizeSpace, normalizeText, splitSentences, truncateAtWord } from './prose.js';
import { detailPoints, parseRequest } from './request.js';

export const SCRIPT_FORMATS = ['youtube', 'podcast', 'video', 'explainer'] as const;
export type ScriptFormat = (typeof SCRIPT_FORMATS)[number];

/**
 * Typical narration pace (150 words a minute, the usual figure for voice-over and podcasts);
 * estimatedRuntime is the spoken words (cues excluded) at this rate, so the same script always
 * gets the same estimate, and a requested length is met by writing that many words.
 */
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
  durationSeconds: z
    .number()
    .int()
    .min(15)
    .max(3_600)
    .optional()
    .describe('The spoken length asked for, in seconds ("a 60-second video" is 60); a script written from the topic is sized to it.'),
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
export function buildScript(topic: string, format: ScriptFormat, body?: string, durationSeconds?: number): Script {
  const request = parseRequest(topic);
  const subject = truncateAtWord(request.subject, 300);
  if (!/[\p{L}\p{N}]/u.test(subject)) throw new ToolInputError('The script topic is empty: say what the script is about.');

  const name = topicName(subject);
  const style = STYLES[format];
  const fromBody = Boolean(body && /[\p{L}\p{N}]/u.test(body));
  const generated = fromBody ? [] : generatedParts(subject, request.details);
  const extra = fromBody ? [] : extraParts(topicName(subject));
  const frame = [intro(format, name, generated.map((part) => part.heading)), outro(format, name)];
  // The user's own text is said as written; a script written from the topic is sized to the length asked for.
  const parts = fromBody
    ? bodyParts(body ?? '')
    : durationSeconds === undefined
      ? generated.map((part) => ({ heading: part.heading, text: part.sentences.slice(0, 4).join(' ') }))
      : fitToWords(generated, extra, Math.round((durationSeconds / 60) * WORDS_PER_MINUTE) - spoken(frame) - (format === 'podcast' ? 5 : 0) * generated.length);
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
  const spokenWords = spoken(sections);
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

function spoken(sections: readonly ScriptSection[]): number {
  return sections.flatMap((section) => section.lines).reduce((sum, line) => sum + ('text' in line ? countWords(line.text) : 0), 0);
}

/**
 * Picks sentences for a word budget: every section keeps its opening sentence, then each section
 * gets its next sentence in turn while the budget allows; sections are dropped from the end when
 * even their openings do not fit (a 15-second script has room for one idea).
 */
function fitToWords(
  parts: readonly GeneratedPart[],
  extra: readonly GeneratedPart[],
  budget: number,
): { heading: string; text: string }[] {
  const all = (list: readonly GeneratedPart[]): number => list.reduce((sum, part) => sum + countWords(part.sentences.join(' ')), 0);
  // A long script on a narrow topic adds general sections (mistakes, first steps) until the words can reach the length.
  let kept = [...parts];
  for (const part of extra) if (all(kept) < budget) kept.push(part);
  const openings = (list: readonly GeneratedPart[]): number => list.reduce((sum, part) => sum + countWords(part.sentences[0] ?? ''), 0);
  while (kept.length > 1 && openings(kept) > budget) kept = kept.slice(0, -1);
  const taken = kept.map(() => 1);
  let used = openings(kept);
  for (let round = 1, added = true; added; round += 1) {
    added = false;
    kept.forEach((part, index) => {
      const next = part.sentences[round];
      if (next === undefined || taken[index] !== round) return;
      const words = countWords(next);
      // Stop at the sentence that lands closest to the budget.
      if (used + words / 2 > budget) return;
      used += words;
      taken[index] = round + 1;
      added = true;
    });
  }
  return kept.map((part, index) => ({ heading: part.heading, text: part.sentences.slice(0, taken[index]).join(' ') }));
}

interface GeneratedPart {
  heading: string;
  /** Spoken in this order; the first four make the section when no length is asked for. */
  sentences: string[];
}

/** General sections any topic has, for scripts longer than its own ideas can fill. */
function extraParts(name: string): GeneratedPart[] {
  const topic = truncateAtWord(name.toLowerCase(), 60);
  return [
    {
      heading: 'Common mistakes',
      sentences: [
        `Now, the mistakes people make with ${topic}.`,
        'The first is trying to change everything at once.',
        'The second is giving up after one bad day.',
        'The third is copying someone else’s plan without adapting it to your own life.',
        'Avoid those three and you are already ahead of most people.',
      ],
    },
    {
      heading: 'Getting started',
      sentences: [
        `So how do you get started with ${topic}?`,
        'Pick the smallest step you can take today.',
        'Put it in your calendar so it actually happens.',
        'After a week, look back and decide what to keep.',
        'Then add one more step, and repeat.',
      ],
    },
    {
      heading: 'A real example',
      sentences: [
        `Here is what ${topic} looks like in a real week.`,
        'On Monday, you set one clear goal and write it down.',
        'By Wednesday, you check in for five minutes and adjust.',
        'On Friday, you look at what happened and note one lesson.',
        'Nothing dramatic, and that is exactly why it works.',
        'Small, repeatable steps beat big plans that never start.',
      ],
    },
    {
      heading: 'Questions people ask',
      sentences: [
        `People often ask how long ${topic} takes to show results.`,
        'Usually a few weeks, if you stay consistent.',
        'They also ask what to do after a bad week.',
        'The answer: nothing special, just pick it up again the next day.',
        'And they ask whether they need special tools.',
        'You do not; a notebook and a calendar are enough to begin.',
      ],
    },
    {
      heading: 'Recap',
      sentences: [
        'Let’s recap.',
        `${capitalize(topic)} is simpler than it looks when you take it one step at a time.`,
        'Start small, measure what happens, and keep what works.',
        'That is the whole method.',
      ],
    },
  ];
}

/** Without a body: one section per key idea of the topic, spoken in short plain sentences. */
function generatedParts(subject: string, details: string): GeneratedPart[] {
  const ideas = [...splitIdeas(subject, 4), ...detailPoints(details).map((point) => truncateAtWord(point, 80))].slice(0, 5);
  const focus = extractKeyPhrases(topicName(subject), 1)[0]?.toLowerCase() ?? topicName(subject);
  const leads = ['Let’s start with', 'Next up:', 'Then there’s', 'Another piece:', 'Finally,'];
  return (ideas.length > 0 ? ideas : [focus]).map((idea, index, all) => ({
    heading: capitalize(idea),
    sentences: [
      `${index === all.length - 1 && index > 0 ? 'Finally,' : (leads[index] ?? 'Also:')} ${idea}.`,
      `Why does it matter? Because it shapes how ${focus} works day to day.`,
      'Here is a simple example: try it for one week and compare the results with the week before.',
      'The takeaway is to start small and stay consistent.',
      `Most people get ${idea.toLowerCase()} wrong at first, and that is fine.`,
      'Write down what you changed, what happened, and what you would do differently next time.',
      'Share it with one person who can hold you to it.',
      `Little by little, ${idea.toLowerCase()} becomes a habit rather than a chore.`,
      'Ask yourself each week what worked and keep only that.',
      'Over a few months the difference is easy to see.',
    ],
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
  const script = buildScript(input.topic, input.format, input.body, input.durationSeconds);
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
