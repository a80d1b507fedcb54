import { type ToolServices, ToolInputError } from './asset-tool.js';
import { buildCardSvg, cardAsks, generateImage, generateImageTool, renderPromptCard } from './generate-image.tool.js';

const parse = (input: unknown) => generateImageTool.inputSchema.parse(input);
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe('IHDR');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function fakeServices(overrides: Partial<ToolServices> = {}) {
  const stored: { data: Uint8Array; mediaType: string }[] = [];
  const services: ToolServices = {
    attachments: [],
    storeImage: (data, mediaType) => {
      stored.push({ data, mediaType });
      return Promise.resolve(`https://cdn.example.com/team/${stored.length}.png`);
    },
    ...overrides,
  };
  return { services, stored };
}

describe('renderPromptCard', () => {
  it.each(['photo', 'illustration', 'poster'] as const)('renders a valid 1024×576 PNG in %s style', async (style) => {
    const png = await renderPromptCard('A cat on a skateboard at sunset', style);
    expect([...png.subarray(0, 8)]).toEqual(PNG_MAGIC);
    expect(pngSize(png)).toEqual({ width: 1024, height: 576 });
  });

  it('is deterministic per prompt and differs between prompts', () => {
    expect(buildCardSvg('a red fox', 'illustration')).toBe(buildCardSvg('a red fox', 'illustration'));
    expect(buildCardSvg('a red fox', 'illustration')).not.toBe(buildCardSvg('a blue whale', 'illustration'));
  });

  it('escapes markup, drops characters XML forbids and still renders emoji and long prompts', async () => {
    const prompt = 'Tom & Jerry <script>"hi"</script> \u0007 \uD800 🚀 ' + 'supercalifragilisticexpialidocious '.repeat(30);
    const svg = buildCardSvg(prompt, 'poster');
    expect(svg).toContain('>Tom &amp; Jerry</tspan>');
    expect(svg).toContain('>&lt;script&gt;&quot;hi&quot;&lt;/script&gt; 🚀</tspan>');
    expect(svg).not.toContain('\u0007');
    expect(svg.match(/<tspan/g)?.length).toBeLessThanOrEqual(5);
    expect([...(await renderPromptCard(prompt, 'poster')).subarray(0, 8)]).toEqual(PNG_MAGIC);
  });
});

describe('generateImage', () => {
  it('renders and stores a PNG card offline', async () => {
    const { services, stored } = fakeServices();
    const draft = await generateImage(parse({ prompt: 'Generate an image of a lighthouse in a storm' }), services);
    expect(draft).toEqual({
      title: 'A lighthouse in a storm',
      content: 'https://cdn.example.com/team/1.png',
      metadata: { prompt: 'Generate an image of a lighthouse in a storm', style: 'illustration' },
    });
    expect(stored).toHaveLength(1);
    expect(stored[0]?.mediaType).toBe('image/png');
    expect([...(stored[0]?.data.subarray(0, 8) ?? [])]).toEqual(PNG_MAGIC);
  });

  it('uses the image model when there is one', async () => {
    const model = { data: new Uint8Array([1, 2, 3]), mediaType: 'image/webp' };
    const prompts: string[] = [];
    const { services, stored } = fakeServices({
      generateImage: (prompt) => {
        prompts.push(prompt);
        return Promise.resolve(model);
      },
    });
    const draft = await generateImageTool.run(parse({ prompt: 'a lighthouse', style: 'photo' }), services);
    expect(prompts).toEqual(['a lighthouse\n\nStyle: Photorealistic photograph, natural light.']);
    expect(stored).toEqual([model]);
    expect(draft.content).toBe('https://cdn.example.com/team/1.png');
    expect(draft.metadata).toEqual({ prompt: 'a lighthouse', style: 'photo' });
  });

  it('rejects a prompt with nothing to draw', async () => {
    const { services } = fakeServices();
    await expect(generateImage(parse({ prompt: '   ' }), services)).rejects.toBeInstanceOf(ToolInputError);
  });
});

describe('cardAsks and what the card draws of them', () => {
  const NOTE = 'Use a blue palette and put the logo text in the corner';

  it('reads a named palette and a text for a corner, the last ask of each winning', () => {
    expect(cardAsks(`Make an image of our launch. ${NOTE}`)).toEqual({ palette: 'blue', cornerText: 'Logo', corner: 'top-left' });
    expect(cardAsks('A poster in green tones. Then a red colour scheme; put "ACME" in the bottom right corner')).toEqual({
      palette: 'red',
      cornerText: 'ACME',
      corner: 'bottom-right',
    });
    expect(cardAsks('a blue whale, put it in the corner')).toEqual({});
  });

  it('draws the palette and the corner text, so a note changes the image', () => {
    const before = buildCardSvg('Make an image of our launch', 'illustration');
    const after = buildCardSvg(`Make an image of our launch. ${NOTE}`, 'illustration');
    expect(after).not.toBe(before);
    expect(after).toMatch(/<text class="corner-text" x="\d+(\.\d+)?" y="\d+(\.\d+)?"[^>]*>Logo<\/text>/);
    const stops = [...after.matchAll(/stop-color="#([0-9a-f]{6})"/g)].map(([, hex]) => hex);
    for (const hex of stops.slice(0, 2)) {
      const [red, green, blue] = [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16));
      expect(blue).toBeGreaterThan(Math.max(red, green));
    }
  });

  it('records what the local card drew in the asset metadata', async () => {
    const draft = await generateImage(parse({ prompt: `Our launch. ${NOTE}` }), fakeServices().services);
    expect(draft.metadata).toMatchObject({ palette: 'blue', cornerText: 'Logo', corner: 'top-left' });
  });
});
