import { z } from 'zod';
import { type AssetDraft, type AssetTool, ToolInputError, type ToolServices } from './asset-tool.js';
import { svgRenderer } from './svg-renderer.js';
import { stableHash } from '../../common/stable-hash.js';
import { capitalize, deriveTitle, truncateAtWord } from './prose.js';
import { parseRequest } from './request.js';

export const IMAGE_STYLES = ['photo', 'illustration', 'poster'] as const;
export type ImageStyle = (typeof IMAGE_STYLES)[number];

const WIDTH = 1024;
const HEIGHT = 576;
const LINE_LENGTH = 26;
const MAX_LINES = 5;

const generateImageInput = z.object({
  prompt: z.string().min(1).max(1_000).describe('A description of the image to create.'),
  style: z.enum(IMAGE_STYLES).default('illustration').describe('Visual style of the image.'),
});
export type GenerateImageInput = z.infer<typeof generateImageInput>;

/** Creates the image with the real image model when there is one, else renders a local card; stores it. */
export async function generateImage(input: GenerateImageInput, services: ToolServices): Promise<AssetDraft> {
  const prompt = input.prompt.trim();
  if (!/[\p{L}\p{N}]/u.test(prompt)) throw new ToolInputError('The image prompt is empty: describe the image to create.');

  const image = services.generateImage
    ? await services.generateImage(styledPrompt(prompt, input.style), services.abortSignal)
    : { data: await renderPromptCard(prompt, input.style), mediaType: 'image/png' };
  const url = await services.storeImage(image.data, image.mediaType);
  // The local card says which of the prompt's asks it drew (a real model's image is its own).
  const drawn = services.generateImage ? {} : cardAsks(prompt);
  return {
    title: deriveTitle(capitalize(parseRequest(prompt).subject), 90, 'Image'),
    content: url,
    metadata: { prompt, style: input.style, ...drawn },
  };
}

/** The colours the card can be asked for by name, as hues. */
const PALETTE_HUES: Record<string, number> = { red: 0, orange: 28, yellow: 50, green: 130, teal: 175, blue: 220, purple: 275, violet: 275, pink: 330 };
const PALETTE_ASK = new RegExp(`\\b(${Object.keys(PALETTE_HUES).join('|')})(?:ish)?\\s+(?:colou?r\\s+)?(?:palette|colou?rs?|tones?|theme|scheme|background)\\b`, 'gi');
const CORNER_ASK = /\b(?:put|place|add|show)\s+(?:the\s+|a\s+|an\s+)?(?:"([^"]{1,40})"|(.{1,40}?))\s+(?:in|at|into)\s+(?:the\s+)?(?:(top|bottom|upper|lower)[-\s](left|right)\s+)?corner\b/gi;

/** What the prompt asks of the card's look: a palette by colour name, a text in a corner (the last ask of each wins: a reviewer's note comes last). */
export interface CardAsks {
  palette?: string;
  cornerText?: string;
  corner?: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
}

/**
 * Reads a palette ("a blue palette", "green tones") and a corner text ("put the logo text in the
 * corner", "put "ACME" in the top right corner") from the prompt. A quoted text is drawn as it is;
 * otherwise the words naming it, less "text" ("the logo text" draws "Logo"): the offline card
 * cannot know a logo, so it draws a label saying what goes there. No corner named: the top left
 * (the bottom right carries the card's own caption).
 */
export function cardAsks(prompt: string): CardAsks {
  const asks: CardAsks = {};
  for (const [, colour] of prompt.matchAll(PALETTE_ASK)) asks.palette = colour.toLowerCase();
  for (const [, quoted, named, vertical, horizontal] of prompt.matchAll(CORNER_ASK)) {
    const text = quoted ?? capitalize(named.replace(/\b(?:text|label|words?)\b/gi, '').replace(/\s+/g, ' ').trim());
    if (!text || /^(?:it|them|this|that|one)$/i.test(text)) continue;
    asks.cornerText = text;
    asks.corner = vertical ? `${/top|upper/i.test(vertical) ? 'top' : 'bottom'}-${horizontal.toLowerCase() as 'left' | 'right'}` : 'top-left';
  }
  return asks;
}

function styledPrompt(prompt: string, style: ImageStyle): string {
  const hints: Record<ImageStyle, string> = {
    photo: 'Photorealistic photograph, natural light.',
    illustration: 'Clean digital illustration, flat colours.',
    poster: 'Bold graphic poster, strong typography and shapes.',
  };
  return `${prompt}\n\nStyle: ${hints[style]}`;
}

/**
 * The offline image: a 1024×576 PNG card showing the prompt's subject over a gradient and a few
 * shapes. Colours and shapes come from a hash of the prompt, so the same prompt gives the same image;
 * a palette the prompt names sets the colours, and a text it asks for in a corner is drawn there (`cardAsks`).
 */
export async function renderPromptCard(prompt: string, style: ImageStyle): Promise<Uint8Array> {
  return svgRenderer.render(buildCardSvg(prompt, style));
}

export function buildCardSvg(prompt: string, style: ImageStyle): string {
  const seed = stableHash(prompt);
  const random = mulberry32(seed);
  const asks = cardAsks(prompt);
  const hue = asks.palette ? PALETTE_HUES[asks.palette] : seed % 360;
  // A named palette keeps every colour near its hue; otherwise the style's contrasts.
  const [from, to, accent] = asks.palette
    ? { photo: [hsl(hue, 40, 32), hsl(hue + 10, 45, 12), hsl(hue - 10, 60, 70)], illustration: [hsl(hue, 70, 58), hsl(hue + 12, 75, 34), hsl(hue - 12, 80, 82)], poster: [hsl(hue, 85, 52), hsl(hue + 15, 80, 30), hsl(hue - 15, 95, 75)] }[style]
    : {
        photo: [hsl(hue, 35, 32), hsl(hue + 25, 40, 12), hsl(hue + 40, 60, 70)],
        illustration: [hsl(hue, 70, 58), hsl(hue + 45, 75, 38), hsl(hue + 180, 80, 85)],
        poster: [hsl(hue, 85, 52), hsl(hue + 180, 80, 40), hsl(hue + 60, 95, 60)],
      }[style];

  const shapes = Array.from({ length: 6 }, () => {
    const x = Math.round(random() * WIDTH);
    const y = Math.round(random() * HEIGHT);
    const size = Math.round(40 + random() * 160);
    const opacity = (0.08 + random() * 0.18).toFixed(2);
    return style === 'poster'
      ? `<rect x="${x - size}" y="${y - size / 4}" width="${size * 2}" height="${size / 2}" fill="${accent}" opacity="${opacity}" ` +
          `transform="rotate(-20 ${x} ${y})"/>`
      : `<circle cx="${x}" cy="${y}" r="${size}" fill="${accent}" opacity="${opacity}"/>`;
  }).join('');

  const subject = capitalize(parseRequest(xmlSafe(prompt)).subject);
  const lines = wrap(subject, LINE_LENGTH, MAX_LINES);
  const fontSize = style === 'poster' ? 52 : 46;
  const lineHeight = Math.round(fontSize * 1.25);
  const top = HEIGHT / 2 - ((lines.length - 1) * lineHeight) / 2;
  const text = lines
    .map((line, index) => `<tspan x="${WIDTH / 2}" y="${Math.round(top + index * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join('');
  const weight = style === 'poster' ? 'bold' : 'normal';
  const vignette =
    style === 'photo'
      ? '<radialGradient id="v" cx="50%" cy="50%" r="75%"><stop offset="55%" stop-color="#000" stop-opacity="0"/>' +
        '<stop offset="100%" stop-color="#000" stop-opacity="0.6"/></radialGradient>'
      : '';

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>`,
    `<stop offset="1" stop-color="${to}"/></linearGradient>${vignette}</defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>`,
    shapes,
    style === 'photo' ? `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#v)"/>` : '',
    // A translucent panel keeps the text readable over any gradient.
    `<rect x="64" y="${Math.round(top - lineHeight)}" width="${WIDTH - 128}" height="${Math.round((lines.length + 0.6) * lineHeight)}" `,
    'rx="24" fill="#000" opacity="0.25"/>',
    `<text font-family="DejaVu Sans" font-size="${fontSize}" font-weight="${weight}" fill="#FFFFFF" text-anchor="middle">${text}</text>`,
    `<text x="${WIDTH - 32}" y="${HEIGHT - 28}" font-family="DejaVu Sans" font-size="18" fill="#FFFFFF" opacity="0.7" `,
    `text-anchor="end">${style} · offline preview</text>`,
    asks.cornerText && asks.corner ? cornerLabel(xmlSafe(asks.cornerText), asks.corner) : '',
    '</svg>',
  ].join('');
}

/** A text in a badge in one corner of the card. */
function cornerLabel(text: string, corner: NonNullable<CardAsks['corner']>): string {
  const fontSize = 28;
  const width = Math.round(Math.min(text.length, 40) * fontSize * 0.62 + 48);
  const height = fontSize + 28;
  const left = corner.endsWith('left');
  const x = left ? 32 : WIDTH - 32 - width;
  // The bottom-right badge sits above the card's caption.
  const y = corner.startsWith('top') ? 32 : HEIGHT - 32 - height - (left ? 0 : 36);
  return (
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="12" fill="#FFFFFF" opacity="0.9"/>` +
    `<text class="corner-text" x="${x + width / 2}" y="${y + height / 2 + fontSize / 3}" font-family="DejaVu Sans" font-size="${fontSize}" font-weight="bold" ` +
    `fill="#111111" text-anchor="middle">${escapeXml(text)}</text>`
  );
}

/** Greedy word wrap; over-long words are hard-split and the last line ends with an ellipsis when cut. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const chunk = new RegExp(`.{1,${width}}`, 'gsu');
  const words = text.split(/\s+/).flatMap((word) => (word.length > width ? (word.match(chunk) ?? []) : [word]));
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = truncateAtWord(`${kept[maxLines - 1] ?? ''} ${lines[maxLines] ?? ''}`, width);
  return kept;
}

/** Drops what XML 1.0 forbids (control characters, lone surrogates), which would make the SVG unparsable. */
function xmlSafe(text: string): string {
  return Array.from(text)
    .filter((char) => {
      const code = char.codePointAt(0) ?? 0;
      const isControl = code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d;
      return !isControl && !(code >= 0xd800 && code <= 0xdfff) && code !== 0xfffe && code !== 0xffff;
    })
    .join('');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function hsl(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const channel = (n: number): string => {
    const k = (n + ((((hue % 360) + 360) % 360) / 30)) % 12;
    const value = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** A small seeded PRNG: shape placement must be the same for the same prompt. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const generateImageTool: AssetTool<typeof generateImageInput> = {
  name: 'generate_image',
  description:
    'Creates an image from a text prompt (photo, illustration or poster style) and stores it; returns its public URL. ' +
    'Saves it as an image asset.',
  assetType: 'image',
  inputSchema: generateImageInput,
  run: (input, services) => generateImage(input, services),
};
