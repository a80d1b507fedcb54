import { matchIntent, withLexiconSpelling } from './intents.js';

describe('matchIntent: the deliverable a request names', () => {
  it.each([
    ['turn the outline into the actual post', 'format_post'],
    ['Put it together as a thread for X', 'format_post'],
    ['Write the script from the outline', 'format_script'],
    ['Write the scrpit from the outline', 'format_script'],
    ['Write an Instagram caption for the photo of our team', 'format_post'],
    ['Write a LinkedIn post about our new legal team', 'format_post'],
    ['Outline a LinkedIn post about our week', 'generate_outline'],
    ['Write a 60-second reel script about productivity hacks', 'format_reel'],
    ['Make a nice pic to go with it', 'generate_image'],
    ['Suggest a couple of thumbnial ideas', 'generate_thumbnail_concept'],
    ["Just give me the bullet points for a LinkedIn post about our hiring process, I'll write it myself", 'generate_outline'],
    ['Talking points for my podcast intro on remote work', 'generate_outline'],
    ['Write a LinkedIn post with five bullet points on hiring', 'format_post'],
    ['Before I write the blog piece, give me the skeleton / main points in order', 'generate_outline'],
    ['Can you work out how our first newsletter issue should be structured? Just the bones', 'generate_outline'],
    ['Here are the hire terms for the marquee, anything I should worry about?', 'analyze_legal_document'],
    ['Are these membership conditions fair?', 'analyze_legal_document'],
    ['can u help me figure out what bits to cover and in what order for my talk', 'generate_outline'],
    ["Write something short I can put up on the bakery's Instagram", 'format_post'],
    ['For my 10 minute YouTube video on pruning roses, write what I will say', 'format_script'],
    ["what should the preview pic look like for my vid 'a week of cold showers'?", 'generate_thumbnail_concept'],
    ['Script the reel', 'format_reel'],
    ['Write a script for our Instagram reel about latte art', 'format_reel'],
    ['Write the script for my YouTube video, then cut a reel from it', 'format_script'],
  ])('%s → %s', (text, tool) => {
    expect(matchIntent(text)?.tool).toBe(tool);
  });

  it('reads a question about kinds of content as no ask to make one, unless it asks to make one', () => {
    expect(matchIntent("What's the difference between a reel and a story on Instagram?")).toBeUndefined();
    expect(matchIntent('whats the difference between a reel and a story? which one stays on my profile')).toBeUndefined();
    expect(matchIntent('What would you write in a LinkedIn post about our launch?')?.tool).toBe('format_post');
    expect(matchIntent('Which clauses in this contract are risky?')?.tool).toBe('analyze_legal_document');
  });

  it('reads a request to be walked through or told about something as no ask to make what it names', () => {
    const capabilities =
      'Please walk me through everything you can do for a small marketing team that posts every day on three networks, writes a newsletter each week, records short videos';
    expect(matchIntent(capabilities)).toBeUndefined();
    expect(matchIntent('Tell me what you can do with our reels and posts')).toBeUndefined();
    expect(matchIntent('Walk me through the NDA we signed')?.tool).toBe('analyze_legal_document');
  });

  it('reads no kind into real words one slip away from one', () => {
    expect(matchIntent('Update the contact list')).toBeUndefined();
    expect(withLexiconSpelling('contact the team')).toBe('contact the team');
  });
});
