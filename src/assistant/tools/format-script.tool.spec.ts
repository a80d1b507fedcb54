import { ToolInputError } from './asset-tool.js';
import { buildScript, formatScript, formatScriptTool, WORDS_PER_MINUTE } from './format-script.tool.js';
import { countWords } from './prose.js';
import { startCpuClock } from '../../../test/helpers/cpu-clock.js';

const parse = (input: unknown) => formatScriptTool.inputSchema.parse(input);
const toSeconds = (runtime: string): number => {
  const [minutes = 0, seconds = 0] = runtime.split(':').map(Number);
  return minutes * 60 + seconds;
};

describe('formatScript', () => {
  it('writes a YouTube script with intro, sections, outro and cues from a request', () => {
    const draft = formatScript(parse({ topic: 'Write a YouTube script about budgeting for students: rent, food and savings' }));
    expect(draft.title).toBe('Budgeting for students (YouTube video script)');
    expect(draft.content).toContain('## Intro');
    expect(draft.content).toContain('## 1. Rent');
    expect(draft.content).toContain('## 3. Savings');
    expect(draft.content).toContain('## Outro');
    expect(draft.content).toContain('*[B-ROLL: Rent]*');
    expect(draft.content).toMatch(/\*\*HOST:\*\* Here's everything you need to know about budgeting for students/);
    expect(draft.content).not.toMatch(/write a youtube script/i);
    expect(draft.metadata).toEqual({ format: 'youtube', estimatedRuntime: expect.stringMatching(/^\d+:\d{2}$/) });
  });

  it('computes estimatedRuntime from the spoken words at 150 words a minute', () => {
    const short = buildScript('habits', 'video', 'word '.repeat(150));
    const long = buildScript('habits', 'video', 'word '.repeat(450));
    expect(long.spokenWords - short.spokenWords).toBe(300);
    expect(toSeconds(long.estimatedRuntime) - toSeconds(short.estimatedRuntime)).toBe(120);
    const lines = short.sections.flatMap((section) => section.lines);
    const spoken = lines.reduce((sum, line) => sum + ('text' in line ? countWords(line.text) : 0), 0);
    expect(short.spokenWords).toBe(spoken);
    expect(toSeconds(short.estimatedRuntime)).toBe(Math.round((spoken / WORDS_PER_MINUTE) * 60));
  });

  it.each([15, 30, 60, 120, 180])('writes a script from a topic to a requested %i seconds, within 10%%', (seconds) => {
    for (const topic of ['Write a video script about our new budgeting app', 'Script about remote work: focus, async updates and fewer meetings']) {
      const script = buildScript(topic, 'video', undefined, seconds);
      expect(Math.abs(toSeconds(script.estimatedRuntime) - seconds), `${topic}: ${script.estimatedRuntime}`).toBeLessThanOrEqual(seconds * 0.1 + 2);
      expect(toSeconds(script.estimatedRuntime)).toBe(Math.round((script.spokenWords / WORDS_PER_MINUTE) * 60));
    }
  });

  it('gives the same script and runtime for the same input every time', () => {
    const input = parse({ topic: 'Write a 60-second video script about our new budgeting app', format: 'video', durationSeconds: 60 });
    const first = formatScript(input);
    expect(formatScript(input)).toEqual(first);
    expect(first.metadata).toEqual({ format: 'video', estimatedRuntime: '1:00' });
  });

  it('uses host and guest lines with music cues for podcasts', () => {
    const draft = formatScript(parse({ topic: 'sleep science', format: 'podcast' }));
    expect(draft.content).toContain('*[MUSIC: intro theme, then fade under]*');
    expect(draft.content).toContain('**GUEST:**');
    expect(draft.content).toContain('*[MUSIC: outro theme]*');
  });

  it('uses narrator lines with animation cues for explainers', () => {
    const draft = formatScript(parse({ topic: 'how vaccines work', format: 'explainer' }));
    expect(draft.content).toContain("**NARRATOR:** Let's break down how vaccines work, step by step.");
    expect(draft.content).toContain('*[ANIMATION:');
  });

  it('turns body paragraphs into sections, with Markdown headings kept', () => {
    const body = '## Why it matters\nBudgets free you.\n\nTrack every expense for a month.\n\nThen cut one category.';
    const script = buildScript('budgeting', 'video', body);
    expect(script.sections.map((section) => section.heading)).toEqual([
      'Intro',
      'Why it matters',
      'Track every expense for a month',
      'Then cut one category',
      'Outro',
    ]);
    expect(formatScript(parse({ topic: 'budgeting', format: 'video', body })).content).toContain('**NARRATOR:** Budgets free you.');
  });

  it('bounds the sections of a huge body and stays fast, keeping all its words', () => {
    const body = Array.from({ length: 400 }, (_, i) => `Paragraph ${i} has 🚀 words in it.`).join('\n\n');
    const cpu = startCpuClock();
    const script = buildScript('growth', 'youtube', body);
    expect(cpu.ms()).toBeLessThan(1_000);
    expect(script.sections).toHaveLength(14);
    expect(script.spokenWords).toBeGreaterThan(400 * 6);
  });

  it('rejects an empty topic', () => {
    expect(() => formatScript(parse({ topic: '---' }))).toThrow(ToolInputError);
  });
});
