import { inEnglishWords } from './words-in-other-languages.js';

/**
 * What the offline model understands (DESIGN.md "The offline model"): the phrases that pick a
 * tool, and the agent that owns it. Checked in order, so "outline a post" is an outline.
 * The assistant's tool registry is typed against these names, so the two cannot drift apart.
 */
export const OFFLINE_INTENTS = [
  // An outline by its other names: the bullet, talking or main points for a piece, its skeleton, bones or structure,
  // how it should be structured ("a post with bullet points" is a post: the kind named first wins).
  {
    tool: 'generate_outline',
    agent: 'social',
    pattern: new RegExp(
      [
        String.raw`\boutlines?\b|\btalking\s+points\b|\b(?:bullet|key|main)\s+points\s+(?:for|of|in\s+order)\b|\b(?:skeleton|bones)\b|\b(?:rough|basic|simple|overall)\s+structure\b`,
        String.raw`\bstructure\s+(?:for|of)\s+(?:an?|the|my|our)\b|\b(?:should|would|could|will)\s+be\s+structured\b`,
        // "help me structure it", "what subheadings": the sections of a piece.
        String.raw`\b(?:help\s+(?:me|us)|can\s+you|could\s+you)\s+structure\s+(?:it|this|that|my|our|the)\b|\bsub-?headings?\b|\bsection\s+headings?\b`,
        // "what bits to cover and in what order" for a talk or a piece.
        String.raw`\bwhat\s+(?:bits|points|topics|parts|sections|things)?\s*(?:to|i\s+should|we\s+should)\s+cover\b|\b(?:in\s+)?what\s+order\b`,
        // "lay out the main points", "map out the structure".
        String.raw`\b(?:lay|map|set|plan|sketch)\s+out\s+(?:the\s+|my\s+|our\s+)?(?:main\s+|key\s+)?(?:points|structure|sections)\b`,
        // "give me the structure: the main sections, in order": the sections of a piece and what goes under each.
        String.raw`\b(?:give|send|show)\s+(?:me|us)\s+(?:the|a)\s+structure\b|\b(?:main|key)\s+sections\b|\bkey\s+points\s+under\s+each\b`,
        // "sketch the structure first", "draft the shape of the talk": the plan of a piece, not a drawing.
        String.raw`\b(?:sketch|draft|rough)\s+(?:out\s+)?(?:the\s+|my\s+|our\s+|a\s+)?(?:rough\s+)?(?:structure|shape|flow|running\s+order)\b`,
      ].join('|'),
      'i',
    ),
  },
  // A thumbnail by its other names: the preview picture or frame of a video, the picture people see on YouTube, its cover frame, a video's cover image, the
  // cover of a video or a reel, a cover asked for after a video is named ("my video is out Friday, I need a cover"). "The
  // thumbnail image" is the picture itself, and a reel's "cover image" or a podcast episode's cover an image; an idea for a
  // cover ("an idea for the reel's cover image") is the concept, a thumbnail's.
  {
    tool: 'generate_thumbnail_concept',
    agent: 'video',
    pattern:
      /\bthumbnails?\b(?!\s+(?:images?|pictures?|pics?|graphics?|photos?)\b)|\b(?:ideas?|concepts?)\s+for\s+(?:the|a|an|our|my|its|this|that)\s+(?:[\w-]+\s+)?(?:[\w-]+['’]s\s+)?cover(?:\s+(?:image|picture|photo|frame))?\b|\bpreview\s+(?:pic|picture|image|frame)s?\b|\b(?:pic|picture|image)s?\s+(?:that\s+)?(?:people|ppl|viewers|folks|everyone|they)\s+(?:see|click)\b(?:(?<=\b(?:video|vid|youtube|channel)(?:['’]s)?\b[^]{0,300})|\s+before\s+(?:they|people|ppl)\s+click|\s+in\s+(?:search|results|the\s+feed)|[^.?!\n]{0,40}?\b(?:youtube|video|vid|channel|feed)\b)|\bcover\s+(?:frame|still)s?\b|\bcover\s+(?:image|pic|picture|photo)\b(?=[^.?!\n]{0,40}\b(?:youtube|video|vid)s?\b|\s+(?:that\s+)?(?:people|ppl|viewers)\s+see\b)|\bcover\s+(?:image|pic|picture|photo|art)\s+(?:for|of)\s+(?:my|our|the|a|this|their)\s+(?:[\w-]+\s+){0,2}?(?:video|vid|episode)s?\b|\bcover(?:\s+(?:ideas?|concepts?))?\s+(?:for|of|para|pour|per|für)\s+(?:my|our|the|a|this|that|their|ese|este|esa|esta|el|la|mi|ce|cette|le|mon|notre|questo|quel|il|mio|das|den|unser|unseren|esse|o|meu|nosso)\s+(?:[\w-]+\s+){0,8}?(?:video|vid|reel|tiktok|youtube)s?\b|\bcover\b(?![\s-]+(?:letter|story|song|version|band|charge|note|page|image|pic|picture|photo|art))(?<=\b(?:video|vid|youtube|reel|tiktok)s?\b[^]{0,200}cover)/i,
  },
  // A reel by its shape: a vertical video, a YouTube Short, a short clip ("a 30 sec clip"); "a 60-second video script" stays a script.
  {
    tool: 'format_reel',
    agent: 'video',
    pattern: /\b(?:reels?|tiktoks?|shorts|youtube\s+short|vertical\s+(?:video|clip|vid)s?|(?<=\b(?:video|clip|vid)s?\b[^.?!\n]{0,60})vertical|(?:\d{1,2}|fifteen|thirty|forty-?five|sixty|ninety)[\s-]?(?:sec(?:ond)?s?|s)\b[^.?!\n]{0,20}?\bclips?)\b/i,
  },
  // A voice-over or narration is a script read aloud; so is "what I will (actually) say" in a YouTube video ("what me and Jen
  // are going to say" on a podcast), a YouTube walkthrough or tutorial, and the intro or outro of a podcast, an episode or a
  // show, named before or after it.
  { tool: 'format_script', agent: 'video', pattern: /\b(?:intro|outro)s?\b(?![^.?!\n]{0,10}\b(?:paragraph|post|line|sentence|e-?mail)s?\b)(?:(?=[^.?!\n]{0,60}\b(?:podcast|pod|episode|ep|show|webinar|video|walkthrough|tutorial|vlog)s?\b)|(?<=\b(?:podcast|pod|episode|ep|show|webinar|video|walkthrough|tutorial|vlog)s?\b[^]{0,400}\b(?:intro|outro)s?))|\b(scripts?|voice-?overs?|voice\s+overs?|narrations?|youtube\s+(?:video|vid|walkthrough|tutorial|explainer|vlog|how-?to|review)s?|what\s+(?:i|we|(?:me|[\w-]+)\s+and\s+(?:i|me|[\w-]+)|the\s+(?:two\s+)?hosts|both\s+of\s+us)(?:(?:\s+(?:will|should|am\s+going\s+to|are\s+going\s+to)|['’](?:ll|m\s+going\s+to|re\s+going\s+to))(?:\s+(?:actually|really|just|then|probably))?\s+say|\s+say\s+(?:to|on|in\s+front\s+of)\s+(?:the\s+)?camera))\b/i },
  { tool: 'extract_receipt_data', agent: 'finance', pattern: /\breceipts?\b/i },
  // Not inside a word written with accents: "décontracté" (relaxed) holds no contract.
  { tool: 'analyze_legal_document', agent: 'legal', pattern: /(?<![À-ÿ])\b(contracts?|agreements?|nda|legal|leases?|clauses?|(?:terms|conditions)\s+(?:of\s+(?:service|use|hire|sale|business|engagement|booking|rental|membership)|and\s+conditions)|(?:hire|rental|booking|membership|subscription|sponsorship|sale|loan|licen[cs]e)\s+(?:terms|conditions))\b/i },
  // Pictures by kind: a banner, a cover, a poster, a flyer, a mascot drawing are all images.
  // "Sketch out the bones" plans a piece: no drawing. Something to print on A3 and stick in a window is a poster by another name
  // ("something to put up on insta" is a post).
  {
    tool: 'generate_image',
    agent: 'social',
    pattern: new RegExp(
      String.raw`\b(images?|pictures?|pics?|photos?|illustrations?|drawings?|draw|sketch(?:es)?(?!\s+out\s+(?:(?:the|an?|my|our)\s+)?(?:bones|skeleton|structure|shape|flow|outline|plan|points|main|key|headings|sections)\b)|artwork|banners?|posters?|flyers?|infographics?|memes?|graphics?|logos?|(?<!\d\s)covers?(?=\s+(?:for|of|image|photo|art)\b)|cover\s+art)\b|` +
        String.raw`\bsomething\s+(?:(?:i|we)\s+can\s+)?(?:to\s+)?(?:print|stick\s+up|pin\s+up|hang)\b|\bprint(?:ed)?\s+(?:out\s+)?(?:on|in|at)\s+a[2-6]\b|` +
        // "something eye-catching for the shop window": what goes in a window is a picture.
        String.raw`\bsomething\b[^.?!\n]{0,30}\bfor\s+(?:the|our|my)\s+(?:shop\s+|front\s+|café\s+|cafe\s+)?window\b`,
      'i',
    ),
  },
  // Posts by kind and by platform: a thread, a caption, a carousel, an announcement, a tweet; "on LinkedIn".
  {
    tool: 'format_post',
    agent: 'social',
    pattern: new RegExp(
      [
        // "post-ready", "post-launch": an adjective, no post.
        String.raw`\b(?:posts?(?!-\w)|tweets?|threads?|captions?|carousels?|announcements?|blurbs?|(?:linkedin|facebook|status)\s+updates?`,
        // "on LinkedIn", "for the bakery's Instagram", "for the village facebook group".
        // The same in the languages asks are mixed with: "pro insta", "para o Instagram", "pour Facebook", "für LinkedIn".
        String.raw`(?:on|for|to|pro|pra|para(?:\s+o)?|pour|für|per|no|na|en)\s+(?:(?:the|our|my|your|its)\s+)?(?:[\w-]+['’]s\s+)?(?:linkedin|instagram|insta|ig|facebook|fb|twitter|x|threads|mastodon|bluesky|tiktok)`,
        String.raw`(?:on|for|to|in)\s+(?:(?:the|our|my|your|its)\s+)?[\w-]+\s+(?:linkedin|instagram|insta|facebook|fb|tiktok)\s+(?:group|page|feed|account|story|stories|channel|community)`,
        // A platform's audience, or a piece for it by any name: "my LinkedIn network", "a LinkedIn thing", "an insta blurb".
        String.raw`(?:linkedin|instagram|insta|facebook|twitter|tiktok)\s+(?:network|followers|connections|audience|community|feed|thing|something|bit|piece|article|blurb|shout-?out|message)`,
        // "put something up for our page", "a few words for our feed": what goes up on the team's own channel.
        String.raw`put\s+(?:something|a\s+(?:note|notice|message|few\s+words|quick\s+\w+|line))\s+up|(?:on|for|to)\s+(?:our|my)\s+(?:page|feed|socials|grid|timeline|story|stories))\b`,
      ].join('|'),
      'i',
    ),
  },
] as const;

export type OfflineIntent = (typeof OFFLINE_INTENTS)[number];
export type OfflineToolName = OfflineIntent['tool'];
export type OfflineAgentId = OfflineIntent['agent'] | 'general';

/** The agent whose tool it is ("extract_receipt_data" is the finance agent's); undefined for no tool. */
export function agentOfTool(tool: string | undefined): OfflineIntent['agent'] | undefined {
  return OFFLINE_INTENTS.find((intent) => intent.tool === tool)?.agent;
}

/**
 * Verbs that ask for work on content rather than for new content: "summarise the post" wants a
 * summary, not a post, so a social or video tool named after them is the topic, not the deliverable.
 * Asking to be told or walked through something ("walk me through what you can do for a team that
 * posts daily") asks for an explanation, not for what it names.
 */
const WORK_ON_CONTENT =
  /^(?:please\s+)?(?:(?:can|could|would)\s+(?:you|u)\s+)?(?:summari[sz]e|sum\s+up|boil\s+(?:[\w-]+\s+){0,3}?down|condense|distil+|recap|translate|explain|analy[sz]e|research|compare|evaluate|assess|report\s+on|e-?mail|send|track|measure|walk\s+(?:me|us)\s+through|tell\s+(?:me|us)\s+(?:about|what|how)|describe)\b/i;

/**
 * A question about things rather than an ask to make one ("what's the difference between a reel and
 * a story?", "how many times a week should we post?", "is a non-compete even enforceable?"): it names
 * kinds of content without a verb of making them, and asks (a question mark, not necessarily the last
 * character: "…on instagram? which one stays up"). It may open on a greeting or a lead-in ("honest
 * question,", "quick one:"). Anchored at the start, so the lookahead scans the text once.
 */
// Then what the question is about, before it: "for B2B stuff in Germany, is it…", "as a small bakery should we…".
const QUESTION_LEAD = String.raw`(?:(?:hi|hey|hello|ok|okay|so|sorry|um|hmm)\b[^,:;?.!\n]{0,20}[,:!]?\s*|(?:\w+\s+){0,2}(?:question|one|q)(?:\s+[^,:;?.!\n]{1,40}?)?\s*[,:;—-]\s*)?(?:(?:for|in|as|with|at|on|about|regarding|from)\s+[^,:;?.!\n]{1,40}?(?:,\s*|\s+(?=(?:is|are|should|do|does|can|would|will|was)\s)))?`;
// "everything I make", "what we write": the making in a relative clause is a statement about the asker, no request; nor is
// making a person do something ("make the tenant pay").
const NO_MAKING = String.raw`(?![^]*(?<!\b(?:everything|anything|all|stuff|things|what|whatever)\s+(?:i|we|you|they)\s+)\b(?:write|make(?!\s+(?:(?:the|my|our|their|his|her)\s+)?(?:tenants?|landlords?|clients?|customers?|buyers?|sellers?|staff|employees?|them|him|her|me|us|people|someone|everyone|anyone)\b)|draft|create|draw|design|generate|give(?!\s+(?:away|up|in|back)\b)|suggest|come\s+up|look\s+like)\b)`;
const QUESTION_ABOUT = new RegExp(
  String.raw`^${QUESTION_LEAD}(?:(?:` +
    [
      String.raw`(?:what|what's|whats|why|which|who|where|when)\b${NO_MAKING}`,
      String.raw`how\s+(?:(?:do|does|can|should|would)\s+(?:i|we|one|you)\b(?![^]*\b(?:for\s+me|for\s+us)\b)|(?:many|much|often|long)\b${NO_MAKING})`,
      // A yes-or-no question about things: "is a…", "should I…", "do you think…" (not "can you write…", "can I get a…").
      // "Do builders here…", "do most venues…": "do" before people in the plural asks about them.
      String.raw`(?:(?:am|is|are|was|were|does|did|should|shall)\b|(?:do|can|could|would|will)\s+(?:i|we|it|they|people|a|an)\b(?!\s+(?:get|have|grab)\b)|do\s+(?:most\s+|many\s+|all\s+|other\s+)?[a-z]+s\b|do\s+you\s+(?:think|know|reckon)\b)${NO_MAKING}`,
    ].join('|') +
    String.raw`)[^?]*\?|` +
    // A question asked without its mark, about why or when ("why do my reels flop", "what time should i post"); "what do i
    // say" without its mark asks for the words themselves.
    String.raw`(?:why|when|what\s+time|how\s+(?:often|long|many|much))\b[^?.!\n]{0,30}?\b(?:do|does|did|is|are|should|would|could|can)\s+(?:i|we|my|our|you|they|it|people)\b${NO_MAKING}[^?]*$)`,
  'i',
);
/** Words that ask for something to be made or done: a sentence with one before a question is a request, not a question. */
// "wants us posting daily" is a wish about how we work, not an ask for something made.
const ASKING = /\b(?:write|make|draft|create|draw|design|generate|give|suggest|come\s+up|needs?|wants?(?!\s+(?:us|me|them|him|her|you)\s+\w+ing\b)|would\s+like|['’]d\s+like|looking\s+for|help\s+me|(?:can|could|would|will)\s+you|please|pls)\b/i;

/**
 * A question about things, asked first or after statements that ask for nothing ("I lost the receipt for
 * a heater I bought. Can I still return it?"). Each sentence is read once.
 */
function asksQuestionAbout(text: string): boolean {
  // A lead-in set off by a spaced dash is a sentence of its own ("quick q before i sign - is it normal…?").
  for (const sentence of text.trim().split(/(?<=[.!?])\s+|\s+[-–—]\s+/)) {
    if (QUESTION_ABOUT.test(sentence)) return true;
    if (asks(sentence)) return false;
  }
  return false;
}

/** A question about what a deliverable of the asker's should be, say or show: an ask for ideas for it (the words between name it). */
const ASKS_FOR_IDEAS_PHRASE = /\bwhat\s+(?:should|could|would|do\s+(?:i|we)\s+put\s+on)\s+(?:the|my|our|this|a|an)\s+([^.?!\n]{1,80}?)\s*(?:\s(?:be|say|show|look\s+like|feature)\b|\?)/i;

function asksForIdeas(text: string): boolean {
  const ideasFor = ASKS_FOR_IDEAS_PHRASE.exec(text)?.[1];
  return ideasFor !== undefined && OFFLINE_INTENTS.some((intent) => (intent.agent === 'social' || intent.agent === 'video') && intent.pattern.test(ideasFor));
}

/** What someone said, thought or asked for: "a client mentioned they'd want an NDA" reports a want, it asks for nothing. */
const REPORTED = /\b(?:mentioned|said|says|told\s+(?:me|us|him|her|them)|thinks?|thought|reckons?|wondered|heard)\b/i;

/** Whether a sentence asks for something (an ASKING word not inside a report of what someone else said or wanted). */
function asks(sentence: string): boolean {
  const asking = ASKING.exec(sentence);
  if (!asking) return false;
  const reported = REPORTED.exec(sentence);
  return reported === null || reported.index > asking.index;
}

/**
 * A message asking people to do something ("ping the crew to upload their photos", "remind the volunteers to bring…"): the
 * general agent's message, whatever the people are asked to do.
 */
// Or what is sent on by text ("text all of it to Kemi", "whatsapp the script to Omar"): a message, not the thing it carries.
const MESSAGE_TO_PEOPLE =
  /^(?:please\s+)?(?:(?:can|could|would)\s+(?:you|u)\s+)?(?:(?:ping|text|message|nudge|remind|tell|ask|dm|whatsapp)\s+(?:the\s+|our\s+|my\s+|all\s+(?:the\s+)?)?[\w-]+(?:\s+[\w-]+)?\s+(?:to|that)\s|(?:write|reply|get\s+back)\s+(?:back\s+)?to\s+(?:\p{Lu}|(?:the|our|my)\s+(?!(?:brief|outline|script|post|draft)\b))|(?:then\s+)?(?:text|whatsapp|dm|message)\s+[^.;!?\n]{1,80}?\s+to\s+(?:\p{Lu}|(?:the|our|my)\s))/iu;

/**
 * Thanks or praise for what was made ("thanks so much, that caption worked great!", "cheers, the banner looked
 * brilliant"): a reply to the assistant that asks for nothing, unless it asks for more ("now a thread", "do the same").
 */
// Thanks in the languages asks are mixed with, too: "¡Gracias!", "Merci beaucoup", "Grazie!", "Obrigada", "Danke", "Bedankt".
const THANKS =
  /^[¡¿]?(?:(?:oh|wow|ok(?:ay)?|aw+|omg)\b[\s,!.]*)?(?:thanks?|thank\s+you|thx|ty|cheers|ta|many\s+thanks|much\s+appreciated|perfect|brilliant|amazing|awesome|great|lovely|love(?:d)?\s+(?:it|this|that)|gracias|merci|grazie|obrigad[oa]|danke|bedankt|dank\s+(?:je|u)(?:wel)?)(?![\p{L}\p{N}])/iu;
const MORE = /\?|\b(?:now|also|another|one\s+more|next\s+one|again|same|instead|version|too|as\s+well)\b/i;

/** What a made thing did, or that it was made: "the flyer you made", "went viral", "got us 40 bookings". */
const WHAT_IT_DID =
  /\b(?:you|u)\s+(?:did|made|wrote|drew|designed|created|sent|put\s+together|came\s+up\s+with)\b|\b(?:worked|went\s+(?:viral|down|over)|got\s+us|brought\s+(?:in|us))\b|\b(?:was|were)\s+(?:spot\s+on|perfect|brilliant|great|amazing|a\s+hit)\b|\bgot\s+(?:us\s+)?(?:like\s+|about\s+|over\s+|nearly\s+|almost\s+)?\d+|\b(?:you|u)\s+were\s+(?:right|spot\s+on)\b/i;

/** Small talk to the assistant about itself: "how's your day going?", "do you ever get bored", "are you a real person". */
const SMALL_TALK = /\bhow(?:['’]s|\s+is|\s+are)\s+(?:your|you)\b|\bdo\s+you\s+ever\b|\bare\s+you\s+(?:ok|okay|bored|real|human|a\s+(?:real\s+)?person)\b/i;

export function thanksOnly(text: string): boolean {
  // "that caption you did was really good… anyway how's your day going?": praise and small talk, no ask.
  if (SMALL_TALK.test(text) && !ASKING.test(text) && text.trim().split(/(?<=[.!?])\s+/).every((sentence) => SMALL_TALK.test(sentence) || WHAT_IT_DID.test(sentence) || !/\?/.test(sentence))) return true;
  if (ASKING.test(text) || MORE.test(text)) return false;
  if (THANKS.test(text.trim())) return true;
  // News of how a made thing did, with no ask anywhere, thanked for or not ("the caption you wrote got us 40 bookings. thank
  // you!", "the caption about the leopard got like 300 likes!! mad week here"): no ask. (Thanks alone opened the text above.)
  return text.trim().split(/(?<=[.!?])\s+/).some((sentence) => WHAT_IT_DID.test(sentence));
}

/**
 * A pointer to a document at hand ("this contract", "in here", "here is", "the following"): a question about it asks to
 * read it. "Here" as a place ("do builders here…") points at nothing.
 */
const DOCUMENT_AT_HAND =
  /\b(?:this|these|below|attached|following|above|enclosed)\b|\bhere(?:['’]s|\s+(?:is|are|it\s+is|they\s+are|goes|you\s+go)\b)|\b(?:in|pasted|attached|below|above|see|put|paste|sending)\s+(?:it\s+)?here\b|\bhere\s*(?:[:\n]|$)/i;

/**
 * "turn the outline into the actual post", "write it up as a thread", "use the outline for a post": the deliverable is
 * what follows "into"/"as", or what the earlier output is used for.
 */
const TRANSFORM_TARGET =
  /\b(?:(?:turn|convert|chop|cut|adapt|repurpose|rework|transform|reshape|expand|condense|write)\b[^.;]{0,120}?\s(?:into|as)|use\s+(?:it|this|that|the|my|our)\b[^.;]{0,120}?\s(?:for|to\s+(?:write|make|draft|create))|gebruik\s+(?:het|de|die|dat|deze|dit|mijn|onze?|je)\b[^.;]{0,120}?\s(?:voor|om))\s+(?=\S)/i;
/** What a transformation makes ("the actual post" in "turn the outline into the actual post"), if the text asks for one. */
export function transformTarget(text: string): string | undefined {
  const target = TRANSFORM_TARGET.exec(text);
  return target ? text.slice(target.index + target[0].length) : undefined;
}

/** "just uploaded a 14 min youtube vid of me…": a video already made is what the ask is for, not what it asks for. */
const MADE_ALREADY = /\b(?:just\s+)?(?:uploaded|posted|published|filmed|finished|released|put\s+up)\s+(?:a|my|our|the|this)\s+[^,.;!?\n]{0,80}?\b(?:videos?|vids?|reels?|episodes?)\b/gi;
/** "from the outline", "based on the script": a source the deliverable is made from, not the deliverable. */
// "something for insta to go with the photo": what a piece goes with is no deliverable either.
const SOURCE_PHRASE = /\s(?:from|based\s+on|out\s+of|using|to\s+go\s+(?:with|alongside|under))\s+(?:the|this|that|our|my|your|its|their)\s[^,;.]*/gi;

/**
 * The intent of the deliverable a request names: the target of a transformation ("turn the outline
 * into a post" is a post), else the kind named first outside the sources it is made from ("write
 * the script from the outline" is a script), else the kind named first at all. Kinds are read with
 * the lexicon's spelling, so a slip of the keys ("scrpit") still names one. Each pattern scans the
 * text once: linear.
 */
/** "…maybe 10 minute... no wait sorry, better a short one for tiktok": a correction mid-message; what follows the last one is the ask. */
const CORRECTION = /\b(?:no\s+wait|wait\s+no|actually(?:\s+no)?|on\s+second\s+thought|scratch\s+that|or\s+rather)\b/gi;

function afterCorrection(text: string): string | undefined {
  let end = -1;
  for (const found of text.matchAll(CORRECTION)) end = found.index + found[0].length;
  return end < 0 ? undefined : text.slice(end);
}

export function matchIntent(text: string, availableTools?: readonly string[]): OfflineIntent | undefined {
  if (thanksOnly(text) || MESSAGE_TO_PEOPLE.test(text.trim())) return undefined;
  // "what should the thumbnail be??" asks for ideas for the thumbnail: a deliverable, not an answer about one.
  const question = asksQuestionAbout(text) && !asksForIdeas(text);
  const workOnContent = WORK_ON_CONTENT.test(text.trim()) || question;
  // A question about contracts or receipts in general ("is a non-compete enforceable?") asks for an answer, not a reading.
  const generalQuestion = question && !DOCUMENT_AT_HAND.test(text);
  const candidates = OFFLINE_INTENTS.filter(
    (intent) =>
      !(workOnContent && (intent.agent === 'social' || intent.agent === 'video')) &&
      !(generalQuestion && (intent.agent === 'legal' || intent.agent === 'finance')) &&
      (!availableTools || availableTools.includes(intent.tool)),
  );
  const spelled = withLexiconSpelling(text);
  // Statements before the first sentence that asks are context: "The garage receipt has VAT twice. Write me an email…".
  const ask = fromFirstAsk(spelled);
  if (ask !== undefined && messageFirst(ask, candidates)) return undefined;
  const withoutSources = (text: string): string => text.replace(SOURCE_PHRASE, '').replace(MADE_ALREADY, '');
  const focuses = [afterCorrection(spelled), transformTarget(spelled), ask === undefined ? undefined : withoutSources(ask), ask, withoutSources(spelled), spelled];
  for (const focus of focuses) {
    const found = focus === undefined ? undefined : firstNamed(focus, candidates);
    if (found) return found;
  }
  return undefined;
}

/** A message to someone by any of its names: what the general agent writes, whatever it is about ("a reminder about the receipts"). */
export const MESSAGE_NOUNS = String.raw`(?:(?:e-?)?mails?|messages?|msgs?|letters?|notes?|repl(?:y|ies)|memos?|responses?|invit(?:e|ation)s?|DMs?|reminders?)`;

/**
 * A message to someone as the deliverable ("a polite message to the landlord", "a short reply"): none
 * of the tools makes one, and a kind named after it is what the message is about ("asking to remove
 * the worst clause"). Read only after a determiner or adjective, so "note the risky clauses" is a verb.
 */
const CORRESPONDENCE = new RegExp(String.raw`\b(?:an?|the|my|our|short|quick|polite|brief|friendly|formal)\s+(?:[\w-]+\s+)?${MESSAGE_NOUNS}\b`, 'i');

/** "script the reel", "a script for our Instagram reel": the word script with a short-video kind as its object. */
// Dutch and German put the verb between the script and what it is for ("een script schrijven voor een Reel").
const SCRIPT_OF_REEL =
  /\bscripts?\s+(?:(?:(?:schrijven|maken|schreiben|erstellen)\s+)?(?:for|of|voor|für|para|pour|de|del|do|da|di)\s+|d['’]\s*)?(?:(?:the|a|an|our|my|this|that|your|its|een|de|het|ein|einen|eine|un|una|um|uma|le)\s+)?(?:[\w-]+\s+){0,2}?(?:reels?|tiktoks?|shorts?)\b/i;
/** A picture named by the post it goes in: "carousel graphic", "post image", "tweet visual". */
const POST_PICTURE = /\b(?:posts?|tweets?|threads?|carousels?|stor(?:y|ies))\s+(?:graphics?|images?|visuals?|pictures?|pics?|banners?)\b/i;
/** An outline named by the piece it plans, the piece's word first: "post outline", "script structure", "episode skeleton". */
const OUTLINE_OF_A_KIND = /\b(?:posts?|articles?|threads?|captions?|scripts?|episodes?|videos?|reels?|talks?)\s+(?:outlines?|structure|skeleton)\b/i;
/** A post named by what it is, not by where it goes ("on insta"). */
export const POST_KIND = /\b(?:posts?(?!-\w)|tweets?|threads?|captions?|carousels?|announcements?|updates?|blurbs?|articles?|stor(?:y|ies)|shout-?outs?)\b/i;

/** The sentences from the first one that asks for something, when statements come before it. */
function fromFirstAsk(text: string): string | undefined {
  const sentences = text.split(/(?<=[.!?])\s+/);
  const at = sentences.findIndex((sentence) => asks(sentence));
  return at > 0 ? sentences.slice(at).join(' ') : undefined;
}

/** Whether a message to someone is named before any kind of deliverable ("write me an email to them about the receipt"). */
function messageFirst(text: string, intents: readonly OfflineIntent[]): boolean {
  const message = CORRESPONDENCE.exec(text)?.index;
  return message !== undefined && !intents.some((intent) => (intent.pattern.exec(text)?.index ?? Infinity) < message);
}

/**
 * The intent whose phrase starts earliest in the text ("a caption for the photo" is a caption); ties
 * go to the table's order. None when a message to someone is named before any kind.
 */
function firstNamed(text: string, intents: readonly OfflineIntent[]): OfflineIntent | undefined {
  // Each kind where it is first named, earliest first; the sort is stable, so ties keep the table's order.
  const named = intents
    .flatMap((intent) => {
      const at = intent.pattern.exec(text)?.index;
      return at === undefined ? [] : [{ intent, at }];
    })
    .sort((a, b) => a.at - b.at);
  let best = named[0];
  // "For our clinic's IG can you make a drawing": a platform names where a deliverable goes; the post is the deliverable only
  // when the text names no other kind.
  if (best?.intent.tool === 'format_post' && !POST_KIND.test(text)) best = named.find((each) => each.intent.tool !== 'format_post') ?? best;
  // "a carousel graphic", "a post image": a picture named by what it goes in is the picture, English compounds ending on their head.
  const picture = intents.find((intent) => intent.tool === 'generate_image');
  if (best?.intent.tool === 'format_post' && picture && POST_PICTURE.exec(text)?.index === best.at) best = { intent: picture, at: best.at };
  // "a blog post outline", "a video script outline": an outline named by the piece it plans is the outline.
  const outline = intents.find((intent) => intent.tool === 'generate_outline');
  if (best && outline && OUTLINE_OF_A_KIND.exec(text)?.index === best.at) best = { intent: outline, at: best.at };
  // A script whose object is a reel ("script the reel", "a script for our TikTok") is the reel's script.
  const reel = intents.find((intent) => intent.tool === 'format_reel');
  if (best?.intent.tool === 'format_script' && reel && SCRIPT_OF_REEL.test(text)) best = { intent: reel, at: best.at };
  return best !== undefined && messageFirst(text, [best.intent]) ? undefined : best?.intent;
}

/** Every kind a text names, in the table's order, whatever it asks ("send me three flyer options" names the flyer). */
export function kindsNamedIn(text: string): OfflineIntent[] {
  const spelled = withLexiconSpelling(text);
  return OFFLINE_INTENTS.filter((intent) => intent.pattern.test(spelled));
}

/** Kinds of deliverable as the lexicon spells them, for reading slips of the keys. */
const LEXICON_WORDS = ['outline', 'structure', 'thumbnail', 'script', 'receipt', 'contract', 'agreement', 'caption', 'carousel', 'thread', 'tweet', 'picture', 'image', 'illustration', 'drawing', 'banner', 'poster', 'graphic', 'announcement', 'narration', 'voiceover'];
/** Real words one slip away from a kind ("contact" is "contract" without its r): never corrected. */
const REAL_WORDS = new Set(['contact', 'contacts', 'treat', 'thead', 'poser', 'poter']);
/** Each kind with one pair of adjacent letters swapped or one letter missing, and its plural: the slip → the kind. */
const SLIPS = new Map<string, string>(
  LEXICON_WORDS.flatMap((word) =>
    [word, `${word}s`].flatMap((form) => {
      const slips: [string, string][] = [];
      for (let at = 0; at < form.length - 1; at++) slips.push([form.slice(0, at) + form[at + 1] + form[at] + form.slice(at + 2), form]);
      for (let at = 0; at < form.length; at++) slips.push([form.slice(0, at) + form.slice(at + 1), form]);
      return slips.filter(([slip]) => slip !== form && slip.length >= 5 && !REAL_WORDS.has(slip) && !LEXICON_WORDS.includes(slip));
    }),
  ),
);

/** The text in the lexicon's words: slips of the keys in words of five letters or more read as the kind they miss, other languages' words as the English ones. */
export function withLexiconSpelling(text: string): string {
  return inEnglishWords(text).replace(/\b[a-z]{5,14}\b/gi, (word) => SLIPS.get(word.toLowerCase()) ?? word);
}

/**
 * What precedes a phrase the request is cut at: an optional comma and spaces, taken only from
 * where they begin. Written `,?\s*\b`, a match was tried from every space of a run, each try
 * scanning the rest of the run: quadratic (99,000 spaces took 274 s). The lookbehind starts a try
 * only where the run starts, so each run is scanned once.
 */
const LEAD = String.raw`(?:(?<![\s,]),?\s*)?\b`;

/** "my review of the new kindle" is the content (a product review); "my review of the draft" is a check of the output. */
const REVIEW_OF_CONTENT = String.raw`(?!\s+of\s+(?!(?:it|them|this|that|(?:the|my|our|your|each|every)\s+(?:drafts?|posts?|scripts?|outputs?|copy|text|results?|images?|outlines?|reels?|captions?|e-?mails?|summary|summaries|work|videos?|thumbnails?))\b))`;

/**
 * Phrases that ask for a person's review of a step's output ("after my review", "once I approve",
 * "get sign-off before publishing", "for your approval"): they mark the step for approval and are
 * no part of what the step makes. The planner writes its notes in the same words, so the model
 * reading a step's instruction drops them the same way.
 */
export const REVIEW_PHRASE = new RegExp(
  [
    String.raw`${LEAD}(?:after|once|when|upon|following|pending|awaiting|with|subject\s+to|for|before|until)\s+(?:(?:it|this|that|they)\s+(?:is|are|has\s+been|have\s+been|gets?)\s+)?(?:my|our|your|the\s+team'?s?|a|an|the|manager'?s?|human|legal'?s?)?\s*(?:review(?:ed)?\b${REVIEW_OF_CONTENT}|approv(?:al|ed|es?)|sign[- ]?off|ok|okay|go[- ]ahead|check)\b(?:\s+(?:by|from)\s+(?:me|us|the\s+\w+|legal|my\s+\w+|our\s+\w+))?(?:\s+before\s+(?:(?:you\s+|we\s+)?(?:publish|post|send|shar|releas)\w*(?:\s+(?:it|them|this))?|(?:it|they|this)\s+(?:is|are|gets?)\s+(?:published|posted|sent|e-?mailed|shared|uploaded|released|tweeted)\b))?`,
    String.raw`${LEAD}(?:once|after|when|as\s+soon\s+as)\s+(?:i|we|you|the\s+team|my\s+\w+|our\s+\w+|someone|legal)(?:['’]ve\s+|\s+(?:have\s+|has\s+)?)(?:approves?d?|reviews?e?d?|signs?\s+off|sign(?:ed)?\s+off|ok(?:ay)?(?:s|ed|['’]d)?|(?:gives?|gave|given)\s+(?:(?:it|them|this|that)\s+)?(?:the\s+|a\s+|my\s+)?(?:ok|okay|go[- ]ahead|thumbs[- ]up|green\s+light|nod))(?:\s+(?:it|them|this|that|the\s+\w+))?`,
    String.raw`${LEAD}(?:but\s+)?(?:and\s+)?(?:get|obtain|ask\s+for|request|wait\s+for|needs?)\s+(?:my\s+|our\s+|your\s+|the\s+team'?s?\s+|a\s+|an\s+)?(?:sign[- ]?off|approval|review|ok|okay|go[- ]ahead)(?:\s+(?:from|by)\s+(?:me|us|the\s+\w+|legal|my\s+\w+))?(?:\s+(?:before|prior\s+to)\s+\w+(?:\s+(?:it|them|this|anything))?)?`,
    String.raw`${LEAD}(?:let\s+me|i\s+(?:want|need|would\s+like)\s+to|i['’]ll|i\s+will|we['’]ll|we\s+will)\s+(?:review|approve|check|see|ok(?:ay)?|sign\s+off\s+on)\s+(?:it|them|this|that|the\s+\w+)(?:\s+(?:first|before\s+(?:(?:it|they|this)\s+(?:goes|go)\s+(?:live|out|online|public)|\w+(?:\s+(?:it|them|out))?)))?`,
    String.raw`${LEAD}(?:(?:and\s+)?(?:have|let|get)\s+(?:me|us|the\s+team|my\s+\w+|our\s+\w+|legal|someone|a\s+\w+)\s+(?:review|approve|check|sign\s+off\s+on|look\s+over)\s+(?:it|them|this|that|the\s+\w+)(?:\s+(?:first|before\s+(?:(?:it|they|this)\s+(?:goes|go)\s+(?:live|out|online|public)|\w+(?:\s+(?:it|them))?)))?)`,
    String.raw`${LEAD}(?:and\s+)?(?:have|get)\s+(?:it|them|this)\s+(?:reviewed|approved|checked|signed\s+off)(?:\s+by\s+(?:me|us|the\s+\w+|legal|my\s+\w+))?(?:\s+(?:first|before\s+(?:(?:it|they|this)\s+(?:goes|go)\s+(?:live|out|online|public)|\w+(?:\s+(?:it|them))?)))?`,
    String.raw`${LEAD}(?:both|all|each|everything|all\s+of\s+them)\s+(?:reviewed|approved|checked|signed\s+off)(?:\s+by\s+(?:me|us|the\s+\w+|legal|my\s+\w+))?(?:\s+before\s+\w+(?:\s+(?:it|them))?)?`,
    // "…e fammelo vedere prima di andare avanti", "muéstramelo antes", "montre-le-moi d'abord", "zeig es mir vorher": show it to me.
    String.raw`${LEAD}(?:(?:e|y|et|und)\s+)?(?:fammel[oaie]\s+vedere|mostramel[oa]|muéstramel[oa]|muestramel[oa]|enséñamel[oa]|ensename?l[oa]|montre[- ]l[ea][- ]moi|zeig(?:e)?\s+(?:es|sie|ihn)\s+mir|mostra-?mo|mostre-?me)\b[^,.;]*`,
    // Options for a person to pick from: "3 thumbnail concepts for me to pick from" (not for the readers to choose from).
    String.raw`${LEAD}for\s+(?:me|us|(?:my|our)\s+(?!(?:customers|clients|followers|readers|members|guests|fans|audience|students|kids|children|visitors|users|viewers|subscribers|community|patients|patrons)\b)\w+|the\s+(?:team|manager|boss|editor|committee|chair|board|owner))\s+to\s+(?:pick|choose|select|approve|review|check|vet|decide)(?:\s+(?:from|between|among|on))?(?:\s+(?:them|it|one))?`,
    // A relative clause of a person's approval: "replies that the practice manager approves before they're sent".
    String.raw`${LEAD}(?:that|which)\s+(?:i|we|the\s+\w+(?:\s+\w+)?|my\s+\w+|our\s+\w+|[A-Z]\w+)\s+(?:approves?|signs?\s+off(?:\s+on)?|checks?|ok(?:s|ays?)?|reviews?|vets?)(?:\s+(?:first|before\s+(?:they|it)(?:['’]re|\s+(?:is|are|gets?))\s+(?:sent|posted|published|sent\s+out|used)))?`,
  ].join('|'),
  'gi',
);

/** Sending the output on ("publish it", "post it to LinkedIn", "send them out"): a person does that, after approving. */
export const PUBLISH_CLAUSE =
  /^(?:and\s+)?(?:then\s+)?(?:publish|post|send|e-?mail|share|upload|release|tweet|schedule|put)(?:\s+(?:me|us|the\s+team|everyone))?(?:\s+(?:it|them|this|that|everything|both|the\s+(?:post|image|result|results|final\s+\w+|\w+))(?:\s+(?:out|live|online))?)?(?:\s+(?:on|to|in|via)\s+[\w' ]+)?$|^(?:publishing|posting|sending)(?:\s+(?:it|them))?$/i;

/** A step's reference to an earlier step's output ("based on step 1"), which the planner adds to steps that build on one. */
export const STEP_REFERENCE = new RegExp(String.raw`${LEAD}(?:based\s+on|from|using|following)\s+(?:the\s+(?:output|result)\s+of\s+)?steps?\s+\d+(?:\s*(?:,|and)\s*\d+)*`, 'gi');

/**
 * The most characters of a request line the offline model parses. A request is a sentence or
 * two; what follows it (a pasted receipt or contract) is material, passed on to the tools, whose
 * inputs have caps of their own.
 */
export const REQUEST_MAX_LENGTH = 2_000;

/** Text as the offline model parses it: runs of whitespace as one space, at most REQUEST_MAX_LENGTH characters. */
export function parseableRequest(text: string): string {
  // A run is replaced where it starts (the `+` never gives back), so this is one linear pass.
  return text.replace(/\s+/g, ' ').trim().slice(0, REQUEST_MAX_LENGTH);
}

/**
 * The request itself: an instruction without its review notes and step references. Each pattern
 * starts a match only where a run of separators starts (lookbehinds), so none rescans a run from
 * every one of its characters.
 */
export function requestOf(instruction: string): string {
  return parseableRequest(instruction)
    .replace(REVIEW_PHRASE, '')
    .replace(STEP_REFERENCE, '')
    .replace(/(?<!\s)\s+([,.;!?])/g, '$1')
    .replace(/(?<![\s,;])[\s,;]+$/, '')
    .trim();
}
