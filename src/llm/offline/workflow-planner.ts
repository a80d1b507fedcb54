import { chatAsRequest } from '../../common/chat-export.js';
import { suggestSchedule, withoutSchedulePhrases } from '../../workflow-rules/schedule-phrases.js';
import { STEP_DESCRIPTION_MAX_LENGTH } from '../../workflow-rules/workflow-limits.js';
import { describesOutput, materialReading, opensWithVerb, personalCheckOf, statesWhatSomeoneDoes, thingOfScene, waivedCheck, withoutParticle } from './clause-reading.js';
import { agentOfTool, kindsNamedIn, matchIntent, MESSAGE_NOUNS, withLexiconSpelling, type OfflineAgentId, type OfflineToolName, POST_KIND, PUBLISH_CLAUSE, REVIEW_PHRASE, thanksOnly, transformTarget } from './intents.js';
import { ASK_IN_OTHER_LANGUAGES, checksInEnglish, GO_AHEAD_IN_OTHER_LANGUAGES, DUTCH_AND_BEFORE_WORK, inEnglishWords, FINDING_IN_OTHER_LANGUAGES, GERMAN_WORK_AT_THE_END, WAIVED_CHECK_IN_OTHER_LANGUAGES, WORK_VERB_IN_OTHER_LANGUAGES } from './words-in-other-languages.js';

export interface OfflinePlanStep {
  description: string;
  agentId: OfflineAgentId;
  requiresApproval: boolean;
}

export interface OfflinePlan {
  title: string;
  steps: OfflinePlanStep[];
}

export const MAX_PLAN_STEPS = 20;

const FOREIGN_WORK_VERB = new RegExp(`^${WORK_VERB_IN_OTHER_LANGUAGES}$`, 'iu');
/** Words that start a new piece of work when they follow "and" or a comma with an object after them. */
const ACTION_VERB = new RegExp(
  String.raw`^(?:please\s+)?(write|draft|compose|create|make|generate|produce|prepare|design|build|craft|outline|plan|summari[sz]e|sum\s+up|turn|convert|repurpose|adapt|suggest|propose|come\s+up\s+with|brainstorm|list|research|compare|contrast|benchmark|investigate|interview|survey|measure|analy[sz]e|review|check|read|extract|scan|process|record|film|give|draw|render|illustrate|find|collect|gather|compile|send|email|publish|post|share|upload|tweet|translate|edit|proofread|rewrite|shorten|pick|choose|add|put|release|announce|update|track|calculate|total|estimate|organi[sz]e|go\s+through|look\s+over|format|file|reply\s+to|respond\s+to|answer|explain|describe|report|evaluate|assess|audit|flag|highlight|point\s+out|spot|identify|categori[sz]e|sort|caption|script|storyboard|mock\s+up|sketch|digiti[sz]e|log|note|notify|tell|remind|thank|invite|book|pull|grab|fetch|fire\s+off|shoot\s+(?:off|over)|lay\s+out|put\s+together|whip\s+up|knock\s+out|spin|cut|clip|have|get|let|wait|use|do(?=\s+(?:an?|one|two|three|some|a\s+few|\d+)\s)|${WORK_VERB_IN_OTHER_LANGUAGES})(?![\p{L}\p{N}_])`,
  'iu',
);
/** A person by name, then the thing given them: "Thabo a summary email", "Priya the totals". */
const NAMED_RECIPIENT = /^\p{Lu}[\p{L}'’-]+\s+(?:an?|the|some|my|our|this|these)\s/u;
/** What follows a verb that starts a clause: an object, not a noun ("build quality"). */
const OBJECT_START = new RegExp(
  String.raw`^(?:a|an|the|it|them|this|that|these|those|both|our|my|your|its|their|his|her|some|any|anything|everything|something|what|which|me|us|up|out|together|over|through|to|into|for|\d+|one|two|three|four|five|several|short|quick|new|weekly|daily|monthly|(?:thank-you\s+)?(?:replies|responses|answers|e-?mails|messages|letters|notes|reminders|summaries|ideas|drafts|invitations|invites)|` +
    // "write whatsapp message to…", "make insta caption": a platform's piece named without its article.
    String.raw`(?:whatsapp|sms|text|e-?mail|slack|telegram|linkedin|instagram|insta|ig|facebook|fb|tiktok|twitter)\s+(?:message|msg|note|post|caption|update|reel|story|thread))\b`,
  'i',
);
const SEQUENCE_WORD =
  /^(?:(?:and|en|y|et|und|e)\s+)?(?:then|next|after\s+that|tapos|pagkatapos|luego|después|despues|dann|danach|puis|ensuite|enfin|depois|poi|quindi|infine|daarna|vervolgens|zum\s+schluss|zuletzt|anschließend|schließlich|zuerst|primero|primeiro|primo|d['’]abord|tout\s+d['’]abord|eerst|afterwards?|finally|lastly|last(?!\s+(?:time|year|week|month|night|season|lot)\b)|after(?=\s*,|\s*$)|at\s+the\s+end|to\s+finish|to\s+start|to\s+begin|start\s+by|begin\s+by|first(?:ly)?|second(?:ly)?|third(?:ly)?|fourth(?:ly)?|fifth(?:ly)?|also|(?:once|when|after)\s+(?:that'?s|that\s+is|it'?s|it\s+is|this\s+is|you'?ve|you\s+have|you'?re|you\s+are|we'?ve|we\s+have)\s+(?:done|finished|ready|complete|got)(?:\s+(?:with\s+)?(?:that|it|this))?|step\s+\d+)\b\s*[,:-]?\s*/i;
const POLITE = /^(?:(?:hey|hi|hello|oh|ok|okay|so|also|btw|ps|p\.s\.|bonjour|salut|hola|buenas|buenos\s+días|hallo|moin|servus|ciao|buongiorno|salve|olá|ola|oi|bom\s+dia|hoi|goedemorgen|goedendag)(?:[,!.]?\s+|[,!.]?$))?(?:(?:please|pls|plz)\s+)?(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:(?:please|pls|plz)\s+)?)?(?:(?:(?:i\s+)?(?:need|want)|i\s+would\s+like|i'd\s+like|we\s+(?:need|want))\s+(?:you\s+to\s+|to\s+)?|help\s+me\s+(?:to\s+)?|let's\s+|we\s+should\s+|i\s+want\s+to\s+)?(?:(?:please|pls|plz)\s+)?/i;
/** "review it", "check everything first": a clause that only asks for a person's review. */
const REVIEW_ONLY = /^(?:and\s+)?(?:(?:i|we)\s+(?:will\s+|'ll\s+|want\s+to\s+|need\s+to\s+)?)?(?:review|approve|check|proofread|look\s+over|sign\s+off(?:\s+on)?|ok|okay)(?:\s+(?:it|them|this|that|everything|both|all|the\s+(?:\w+\s+)?(?:post|draft|drafts|result|results|output|image|script|outline|reel|copy|text|work|video|caption|thumbnails?|email|summary)))?(?:\s+(?:first|myself|yourselves|before\s+\w+(?:\s+it)?))?$/i;
/** What is left of "Both need my OK" once the review is read: the outputs it is on, no work. */
const ONLY_REFERENCE = /^(?:both|all|each|everything|it|them|this|that|these|those|all\s+of\s+(?:them|it))$/i;
/** A clause that opens on a condition ("if there's anything weird", "in case they ask"). */
const CONDITION = /^(?:if|unless|in\s+case|whether)\s+/i;
/**
 * Mailing an output to people ("email the final version to the comms team", "send it to Dana"), not posting it on a
 * platform: a message of its own when the output is not already one.
 */
const MAIL_TO_PEOPLE =
  /^(?:and\s+)?(?:then\s+)?(?:e-?mail|send|forward|whatsapp|text|message|dm|slack)\b[^]*?\bto\s+(?!(?:linkedin|instagram|insta|facebook|twitter|x|tiktok|youtube|threads|mastodon|bluesky|the\s+(?:blog|site|website|feed|channel))\b)\S/i;
/** "So basically I need two things:": a lead-in before a colon that names no deliverable. */
const LEAD_IN = /^[^:]{1,160}:\s+(?=\S)/;
/** What a step's own output is called when a later step says "it". */
const PRONOUN_OBJECT = /\b(it|them)\b/i;
/** "for it", "about them": a preposition's pronoun object, the first one in a clause. */
const PREPOSITION_PRONOUN = /\b(for|about|of|on|from|with|into|announcing|promoting|featuring)\s+(?:it|them)\b/i;
/** The verb a deliverable gets when it only appears as a noun ("a post and an image"). */
const DEFAULT_VERBS: Record<OfflineToolName, string> = {
  generate_outline: 'Draft',
  format_post: 'Write',
  generate_image: 'Make',
  format_reel: 'Write',
  format_script: 'Write',
  generate_thumbnail_concept: 'Suggest',
  extract_receipt_data: 'Read',
  analyze_legal_document: 'Review',
};
/** Verbs that fit every deliverable; others ("write an image") give way to the deliverable's own, but a verb in another language is kept, so the step reads in one language. */
const NEUTRAL_VERBS = /^(?:create|make|produce|prepare|generate|give|build|craft|come up with|put together)$/i;
const TOPIC = /\s(?:about|on|for|covering|featuring|announcing|regarding|of|from|promoting|celebrating|introducing|explaining|showing|teaching|highlighting|thanking|inviting|welcoming)\s.+$/i;

interface Draft {
  description: string;
  tool: OfflineToolName | undefined;
  agentId: OfflineAgentId;
  requiresApproval: boolean;
  /** How a later step refers to this step's output ("the LinkedIn post about our week"). */
  reference: string;
  /** Set when the goal asks to publish or send the output: a person does it, after approving. */
  handOff?: string;
  group: number;
}

interface Clause {
  text: string;
  /** The clause as written, with its subject ("I need to see…"), which `text` drops. */
  written: string;
  /** The verb of an earlier clause this one shares ("write a post and an image"). */
  sharedVerb?: string;
  /** Clauses joined as one list of deliverables share a trailing topic. */
  group: number;
  /** A first sentence, followed by others, that names no deliverable and asks nothing: the scene. */
  scene?: boolean;
  /** Written with a question mark at its end ("Is this ok to sign?"). */
  question?: boolean;
  /** Written as an item of a bulleted or numbered list. */
  listed?: boolean;
}

/**
 * Turns a goal into a plan without a language model. Every deliverable is its own step, in the
 * order written, whatever joins them (sentences, lines, lists, "then", "and", commas, "first…
 * second…"); each goes to the agent whose tool makes it. Review phrases mark the step they
 * qualify for approval; "publish it" / "send it" make the step before wait for approval and say
 * that a person publishes it; schedule phrases are left to the workflow's schedule.
 */
export function planWorkflow(goal: string): OfflinePlan {
  const { request, material, kind } = splitMaterial(goal);
  const text = checksInEnglish(withoutSchedulePhrases(request));
  const drafts: Draft[] = [];
  let pendingApproval = false;
  // What the scene is about ("…launching a new puppy package"), for a later "write a post about it".
  let sceneThing: string | undefined;
  // The document a scene names ("I'm about to sign this lease"), for the next ask's "check it over".
  let sceneDocument: string | undefined;
  let questionAbove: string | undefined;
  // The clause after options that says the person picks from them ("I'll choose one"), read with the options.
  let pickedAlready = -1;
  const clauses = clausesOf(text);
  for (const [index, clause] of clauses.entries()) {
    // "Is this ok to sign?" over pasted terms, before any work: the question asks for them to be read.
    if (drafts.length === 0 && kind && clause.question && !matchIntent(clause.text) && !ACTION_VERB.test(stripLead(clause.text))) {
      questionAbove ??= `${tidy(clause.written)}?`;
      continue;
    }
    if (index === pickedAlready) continue;
    // "I was gonna ask for a poster too but scratch that": an ask taken back is no step.
    if (TAKEN_BACK.test(clause.written)) continue;
    // "actually make that a tiktok": the step before becomes what it is changed to.
    const changedTo = CHANGED_TO.exec(tidy(stripLead(clause.written)));
    const previousStep = drafts.at(-1);
    // ("Actually make that 7": a time or a day corrected is the schedule's business.)
    if (changedTo && /^(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/i.test(changedTo[1])) continue;
    if (changedTo && previousStep && matchIntent(changedTo[1])) {
      const changed = toDraft({ ...clause, text: changedTo[1] }, drafts.at(-2), drafts.length - 1);
      Object.assign(previousStep, { description: changed.description, tool: changed.tool, agentId: changed.agentId, reference: changed.reference });
      continue;
    }
    const aside = withoutCheckInBrackets(clause.text);
    const reviewed = REVIEW_PHRASE.test(aside.text) || aside.checked;
    REVIEW_PHRASE.lastIndex = 0;
    const unwaived = tidy(aside.text.replace(REVIEW_PHRASE, ''));
    const rest = withoutTrailingWaiver(unwaived);
    const previous = drafts.at(-1);
    // The step that will read pasted material is not the general agent's, whatever it is called yet ("log this").
    const previousReads = previous !== undefined && previous === documentReader(drafts, kind);
    // "no need to check w me, just go", "la portada me da igual": no approval, and no step.
    // (Read whole too: "no need for me to check any of it" holds a review phrase the waiver negates.)
    const waiver = (unwaived !== '' && waived(unwaived)) || (reviewed && waived(aside.text));
    if (waiver && !matchIntent(rest) && (rest === unwaived || !ACTION_VERB.test(stripLead(rest)))) continue;
    // "o resumo e a imagem podem seguir direto": outputs already asked for, named with "the", let go unchecked.
    if (waiver && rest !== unwaived && DEFINITE_START.test(rest) && !ACTION_VERB.test(stripLead(rest))) continue;
    // "the tweet's fine without": the output it names needs no check, and it asks for nothing.
    if (NO_CHECK_NEEDED.test(rest) && !ACTION_VERB.test(stripLead(rest))) continue;
    // "just go ahead", "crack on": leave to carry on asks for nothing (not what is left of "let me check it before you carry on");
    // nor does letting an output go unchecked, nor a remark on why.
    // (As written: "just send it" keeps its "just", which the lead-in reading drops.)
    if (!reviewed && letsGo(tidy(clause.written))) continue;
    if (drafts.length > 0 && REMARK.test(rest) && !matchIntent(rest) && !WRITTEN_PIECE.test(rest)) continue;
    // "just the outline", "like today leek and potato": the deliverable said again, or an example of it, is no step.
    // "long youtube video about X. script first, then…": the kind said again with "first" orders it, it is no new step.
    // (As written: "I want to okay the flyer first" is read as "the flyer first" once its lead-in goes, and is a check.)
    const orders = FIRST_OF_KIND.test(tidy(clause.written)) && drafts.at(-1)?.tool === matchIntent(rest)?.tool;
    const saidAgain = orders || (/^(?:just|only)\s/i.test(clause.written.trim()) && THE_KIND.test(rest) && drafts.some((draft) => draft.tool === matchIntent(rest)?.tool));
    if (rest && (saidAgain || (EXAMPLE.test(rest) && !matchIntent(rest)))) continue;
    // "— give me a few options so I can pick": how many of the thing before to make, no step of its own.
    // "Give me a few options on the graphic": of the latest step making the kind it names.
    const options = OPTIONS_OF_IT.exec(rest);
    // (By the kind's own word: "send me…" asks for no new thing, so matchIntent reads none.)
    const optionsKind = options ? kindsNamedIn(rest)[0] : undefined;
    const optionsOf = options && (optionsKind ? drafts.findLast((draft) => draft.tool === optionsKind.tool) : previous?.tool ? previous : undefined);
    if (options && optionsOf) {
      optionsOf.description += `, ${options[1].toLowerCase()} options`;
      // "send me a few flyer options first", "… to choose from", "…, I'll choose one": the person picks one before the work goes on.
      const picksNext = PICKS_ONE.test(clauses[index + 1]?.text ?? '');
      if (options[2] || picksNext) optionsOf.requiresApproval = true;
      if (picksNext) pickedAlready = index + 1;
      continue;
    }
    // "write to Tomasz and ask if we can move the shoot": what to ask the person a message goes to is that message's.
    if (previous && !previous.tool && MESSAGE_TO_SOMEONE.test(previous.description) && ASK_THEM.test(rest)) {
      previous.description += ` and ${rest.charAt(0).toLowerCase()}${rest.slice(1)}`;
      continue;
    }
    // "I need to see the email before it's sent", "let me pick one": a person's say on the step before.
    const check = rest ? (personalCheckOf(clause.written) ?? personalCheckOf(rest)) : undefined;
    // "I want to see an outline first": a new thing to see is a deliverable of its own, made for the person's say.
    const toSee = check ? newThingToSee(rest) : undefined;
    if (check && !toSee) {
      for (const target of approvalTargets(clause.written, drafts, kind)) {
        target.requiresApproval = true;
        // A reading of a document is checked, not sent on: "before anything goes to Dana" is the later step's message.
        if (target !== documentReader(drafts, kind)) target.handOff ??= check.handOff;
      }
      pendingApproval ||= drafts.length === 0;
      continue;
    }
    // "Dee edits the show": what someone else does is no step of ours.
    if (previous && !matchIntent(rest) && statesWhatSomeoneDoes(rest)) continue;
    // "Both go to Priya for approval first": a review note with no work of its own.
    const reviewNote = reviewed && !matchIntent(rest) && !ACTION_VERB.test(stripLead(rest));
    if (!rest || reviewNote || ONLY_REFERENCE.test(rest) || (REVIEW_ONLY.test(rest) && !matchIntent(rest))) {
      for (const target of approvalTargets(clause.text, drafts, kind)) target.requiresApproval = true;
      if (!previous) pendingApproval ||= reviewed || Boolean(rest);
      continue;
    }
    const publish = PUBLISH_CLAUSE.exec(rest);
    // A post or a picture mailed to the team is sent with a message someone writes; a summary or an e-mail is its own message.
    const madeSomething = previous !== undefined && (previous.agentId !== 'general' || previousReads);
    const mailsAnOutput = publish && madeSomething && (MAIL_TO_PEOPLE.test(rest) || TO_TEAM_CHANNEL.test(rest));
    if (publish && !mailsAnOutput) {
      if (previous) {
        previous.requiresApproval = true;
        previous.handOff = handOffVerb(rest);
      }
      continue;
    }
    // "…the contract I got and flag the risky bits": what to look for in the analysis, not a step of its own.
    if (previous && findsInAnalysis(clause, previous, previous.tool ?? (previousReads ? kind : undefined))) {
      // In the step's own voice: "tell me what's risky" is "flag what's risky".
      const finding = rest.replace(/^(?:tell|show)\s+(?:me|us)\s+/i, 'flag ');
      previous.description += `${previous.description.includes(',') ? ',' : ''} and ${lowerFirst(finding)}`;
      continue;
    }
    // "if there's anything weird, draft a note": the condition of the next step, no step of its own.
    if (CONDITION.test(rest) && !matchIntent(rest) && !ACTION_VERB.test(rest.replace(CONDITION, ''))) continue;
    // "thanks!" at the end of a goal is courtesy, no step.
    if (thanksOnly(rest)) continue;
    // A note on a step, no step of its own: "Dutch + English caption please" (the languages of an output a step already
    // makes), "Be nice, they're a good client" (how the output before should sound).
    const sameKind = LANGUAGE_NAME.test(rest) && !ACTION_VERB.test(stripLead(rest)) && !NEW_THING.test(rest) ? matchIntent(rest) : undefined;
    const notedOn = (sameKind && drafts.findLast((draft) => draft.tool === sameKind.tool)) || (TONE_NOTE.test(rest) || (previous?.tool !== undefined && !matchIntent(rest) && describesOutput(rest)) ? previous : undefined);
    if (notedOn) {
      notedOn.description += ` (${lowerFirst(rest)})`;
      continue;
    }
    // "i want the dish of the week on insta. caption first, then a pic": a wish that names only a platform, before the
    // deliverables that spell it out, is the goal's scene.
    if (drafts.length === 0 && matchIntent(rest)?.tool === 'format_post' && !POST_KIND.test(rest) && clauses.slice(index + 1).some((later) => POST_KIND.test(later.text))) {
      continue;
    }
    // "Our bakery turns 10 next week!": a sentence that sets the scene before the asks is no step.
    if (drafts.length === 0 && clause.scene) {
      // ("We're launching teeth whitening and want to get the word out": the thing is what is launched, not the wish's object.)
      if (!PURPOSE.test(stripLead(clause.text))) sceneThing ??= thingOfScene(clause.written.replace(WISH_AFTER_SCENE, ''));
      sceneDocument ??= documentNamed(clause.text);
      continue;
    }
    if (drafts.length >= MAX_PLAN_STEPS) break;
    const draft = toDraft({ ...clause, text: toSee ?? rest }, previous, drafts.length);
    // "…, then turn it into a reel once we've OK'd the script": the review is of the step that made the script.
    const reviewsPrevious = reviewed && previous !== undefined && namesEarlierOutput(clause.text, previous, draft);
    if (reviewsPrevious) previous.requiresApproval = true;
    draft.requiresApproval = (reviewed && !reviewsPrevious) || pendingApproval || toSee !== undefined;
    // "…, both reviewed by me": the review covers the deliverables listed before it too.
    const covers = reviewed ? /\b(both|all|each|everything)\b/i.exec(clause.text.match(REVIEW_PHRASE)?.join(' ') ?? '')?.[1] : undefined;
    REVIEW_PHRASE.lastIndex = 0;
    if (covers) for (const earlier of covers.toLowerCase() === 'both' ? drafts.slice(-1) : drafts) earlier.requiresApproval = true;
    pendingApproval = false;
    drafts.push(draft);
  }
  const first = drafts[0];
  const firstVerb = first && ACTION_VERB.exec(first.description);
  if (sceneDocument && firstVerb && startsWithPronounObject(first.description)) {
    first.description = firstVerb[0] + first.description.slice(firstVerb[0].length).replace(PRONOUN_OBJECT, sceneDocument);
  }
  if (sceneThing) for (const draft of drafts) draft.description = draft.description.replace(/\babout (?:it|this|that)\b/i, `about ${sceneThing}`);
  shareTopics(drafts);
  // "We're launching sunset kayak tours. Write a LinkedIn post": a deliverable with no topic of its own is about the scene.
  if (sceneThing) {
    for (const draft of drafts) {
      const goesWithWhatWasMade = GOES_WITH_IT.test(draft.description);
      if (WRITTEN_FROM_A_TOPIC.has(draft.tool) && !hasTopic(draft.description) && !NAMES_WHAT_WAS_MADE.test(draft.description) && !goesWithWhatWasMade) {
        draft.description = draft.description.replace(/(?=\s+(?:too|also|as\s+well)$)|$/i, ` about ${sceneThing}`);
      }
    }
  }
  // A question about pasted material before other work ("Is this ok to sign? then write a reply") is its reading, a step of its own.
  if (kind && questionAbove && !drafts.some((draft) => ANALYSES.has(draft.tool)) && drafts.length < MAX_PLAN_STEPS) {
    const agentId = agentOfTool(kind) ?? 'general';
    drafts.unshift({ description: questionAbove, tool: kind, agentId, requiresApproval: false, reference: 'the analysis', group: 0 });
  }
  // The pasted text goes with the step that reads it, as the chat takes it: the ask, then the material.
  const reader = drafts.find((draft) => ANALYSES.has(draft.tool)) ?? drafts[0];
  // "Can you add these up?" over lines that read as a receipt: the step reads a receipt, unnamed.
  if (reader && kind && !ANALYSES.has(reader.tool)) {
    reader.tool = kind;
    reader.agentId = agentOfTool(kind) ?? reader.agentId;
  }
  const steps = drafts.map(
    (draft): OfflinePlanStep => ({
      description:
        (draft.handOff ? `${draft.description}, for your approval before it is ${HANDED_OFF[draft.handOff] ?? 'published'}` : draft.description) +
        (draft === reader && material ? `\n${material}` : ''),
      agentId: draft.agentId,
      requiresApproval: draft.requiresApproval,
    }),
  );
  if (steps.length === 0) steps.push({ description: tidy(text) || tidy(goal) || 'Complete the goal', agentId: 'general', requiresApproval: pendingApproval });
  // A goal may be twice as long as a step may: a clause that long is shortened, not refused.
  for (const step of steps) step.description = shorten(step.description, STEP_DESCRIPTION_MAX_LENGTH);
  return { title: titleOf(stripLead(text) || goal), steps };
}

/** "no approval needed", "without sign-off": a check waived in so many words. */
const NO_CHECK_NEEDED_WORDS = String.raw`no\s+(?:approval|sign-?off|review|check)s?\s+(?:needed|required|necessary)`;
// "the tweet's fine without", "the caption is ok as it is": an output that can do without a check.
const NO_CHECK_NEEDED = new RegExp(
  String.raw`\b${NO_CHECK_NEEDED_WORDS}\b|\bwithout\s+(?:any\s+)?(?:approval|sign-?off|review)\b|^(?:and\s+|but\s+)?(?:the|that|this)\s+[\w-]+(?:['’]s|\s+is|\s+can\s+go)\s+(?:fine|ok|okay|good|alright)?\s*(?:without(?:\s+(?:one|it|a\s+check|approval))?|as\s+(?:it\s+is|is))$|` +
    // "…needs Arjun's sign-off, the email doesn't": the check said again, negated, for another output.
    String.raw`^(?:and\s+|but\s+)?(?:(?:the|that|this)\s+)?[\w-]+\s+(?:doesn['’]t|does\s+not|don['’]t|do\s+not)(?:\s+need\s+(?:it|one|to|a\s+(?:look|check|review)|checking|approval))?$|` +
    // "The rest is fine to go out as is", "everything else can go straight out".
    String.raw`^(?:and\s+|but\s+)?(?:the\s+rest|everything\s+else|the\s+others?)\s+(?:is|are|can)\s+(?:fine\s+|ok\s+|okay\s+|good\s+)?(?:to\s+)?go(?:\s+(?:out|straight\s+out|live))?(?:\s+as\s+(?:it\s+)?is)?$`,
  'i',
);
/** Whether a clause waives a check, in English (parsed) or another language (by its words). */
function waived(clause: string): boolean {
  return NO_CHECK_NEEDED.test(clause) || WAIVED_CHECK_IN_OTHER_LANGUAGES.test(clause) || waivedCheck(clause);
}
/** Leave to carry on, said on its own: "just go ahead", "go for it", "crack on", "just send it". */
const GO_AHEAD = new RegExp(
  String.raw`^(?:just\s+|so\s+)?(?:go\s+ahead|go\s+for\s+it|crack\s+on|carry\s+on|proceed|fire\s+away)(?:\s+with\s+it)?$|^just\s+(?:send|post)\s+it$|` +
    // "just let it go out", "let them go live".
    String.raw`^(?:just\s+)?let\s+(?:it|them)\s+go(?:\s+(?:out|live|up|ahead))?$|^(?:${GO_AHEAD_IN_OTHER_LANGUAGES})$`,
  'iu',
);
/**
 * An output let go without a check: "the facebook post can just go", "the script and the post you can just do", "the email
 * doesn't need checking" (read by waivers).
 */
const RELEASED = /^(?:(?:the|that|this)\s+)?[\w-]+(?:\s+[\w-]+)?(?:\s+(?:and|&)\s+the\s+[\w-]+(?:\s+[\w-]+)?)?\s+(?:you\s+)?(?:can|could|may)\s+(?:just\s+)?(?:go(?:\s+(?:out|live|straight\s+out))?|do|send|post|publish|run)(?:\s+(?:it|them))?(?:\s+(?:directly|straight\s+away|as\s+is|whenever))?$/i;
/** Leave to go on, or outputs let go unchecked, with remarks or waivers after it: "just send it, i'm on the tools all day". */
function letsGo(text: string): boolean {
  const [head, ...after] = text.split(/\s*,\s*/);
  return (GO_AHEAD.test(head) || RELEASED.test(head)) && after.every((part) => REMARK.test(part) || waived(part));
}
/**
 * A remark after the asks, with its own subject and no deliverable: "we've got 6 agents and someone always forgets",
 * "i'm on the tools all day", "last year someone sent the wrong date". It tells why, it asks for nothing.
 */
const REMARK = /^(?:no\s+rush|no\s+hurry|pas\s+de\s+rush|pas\s+press[ée]|sin\s+prisa|sem\s+pressa|keine\s+eile|geen\s+haast|we(?:['’]ve|\s+have)\s+got|we(?:['’]re|\s+are)\s+(?:always|never|busy|on|out|away|short)|someone|somebody|nobody|no\s+one|everyone|they\s+(?:always|never)|last\s+(?:time|year|week|month)|i(?:['’]m|\s+am)\s+(?:on|out|away|busy|at|in|driving|travelling)\b|she['’]s|he['’]s)\b/i;
/** "script first", "the outline first": a kind and "first", ordering what is made. */
const FIRST_OF_KIND = /^(?:the\s+)?[\w-]+(?:\s+[\w-]+)?\s+first$/i;
/** "(just) the outline", "(only) the caption": a deliverable said again, to say nothing more is wanted. */
const THE_KIND = /^(?:the|an?|one)\s+[\w-]+(?:\s+[\w-]+)?$/i;
/** An example of what a step makes ("like today pistachio", "e.g. the oat one", "tipo oggi…", "par exemple…"). */
const EXAMPLE = /^(?:like|e\.?g\.?|for\s+(?:example|instance)|say|tipo|por\s+ejemplo|par\s+exemple|genre|ad\s+esempio|per\s+esempio|zum\s+beispiel|z\.\s?b\.|bijvoorbeeld|por\s+exemplo)(?=[\s,:])/i;

/** Where a waiver may start after the work of its clause: "…, no need for anyone to check it", "…you don't have to show me". */
const WAIVER_START = new RegExp(String.raw`[,;]?\s*\b(?:no\s+need|(?:you\s+)?(?:don['’]?t|do\s+not)\s+(?:need|have)\s+to|${NO_CHECK_NEEDED_WORDS})\b`, 'i');

/** The clause without a waived check at its end ("post it in #general no need for anyone to check it"): it asks for nothing. */
function withoutTrailingWaiver(clause: string): string {
  const start = WAIVER_START.exec(clause);
  if (start && start.index > 0 && (waivedCheck(clause.slice(start.index)) || NO_CHECK_NEEDED.test(clause.slice(start.index)))) return clause.slice(0, start.index).trim();
  // "Écris un post sur la brocante, pas besoin de validation": a waiver in another language, read by its words.
  const foreign = WAIVED_CHECK_IN_OTHER_LANGUAGES.exec(clause);
  return foreign && foreign.index > 0 ? tidy(clause.slice(0, foreign.index)) : clause;
}

/** A decision verb and a new thing after it: "see an outline", "pick from three banner ideas". */
const DECIDES_ON_NEW = /\b(?:see|read|review|check|approve|look\s+(?:at|over)|(?:pick|choose)\s+from)\s+((?:an?|some|a\s+few|a\s+couple(?:\s+of)?|\d+|two|three|four|five)\s[^,.;!?]*)/i;

/** The deliverable a person's check asks to be made for them ("an outline", not "the email" made before), without "first". */
function newThingToSee(clause: string): string | undefined {
  const thing = DECIDES_ON_NEW.exec(clause)?.[1]?.replace(/\s+(?:first|beforehand|before\s+anything\s+else)\s*$/i, '');
  return thing !== undefined && matchIntent(thing) !== undefined ? thing : undefined;
}

/**
 * The steps a person's check is on: every step so far when it says "them", "both", "everything";
 * the latest step making the kind it names ("let me check the post"); else the step before.
 */
function approvalTargets(clause: string, drafts: Draft[], materialKind: OfflineToolName | undefined): Draft[] {
  // "…before it goes to them": "them" after the check's own words are the people it goes to, not the outputs.
  const checked = clause.trim().split(/\s(?:before|after|once|until|so\s+that|avant|après|antes|después|depois|prima|dopo|bevor|nachdem|voordat|nadat)(?![\p{L}])/iu)[0];
  if (/\b(?:them|both|everything|it\s+all|all\s+of\s+(?:them|it))\b/i.test(checked)) return drafts;
  // "signs off on the script and the thread": each kind the check names, on the latest step making it.
  // ("I want to see the flyer first, and the message too": a written piece no tool makes is named beside them.)
  const each = [
    ...kindsNamedIn(checked).flatMap((kind) => drafts.findLast((draft) => draft.tool === kind.tool) ?? []),
    ...WRITTEN_PIECES.filter((word) => word.test(checked)).flatMap((word) => drafts.findLast((draft) => draft.tool === undefined && word.test(draft.description)) ?? []),
  ];
  if (new Set(each).size > 1) return [...new Set(each)];
  // "Nothing goes out until I've signed off on the announcement": the check is in the "until" part.
  // An aside after a dash or a semicolon ("— she's not fussed about the picture") names what is not checked.
  const named = matchIntent(checked) ?? matchIntent(clause.split(/\s[-–—]\s|;/)[0]);
  // "I want to reread the analysis": the step that read the document.
  const analysis = !named && ANALYSIS.test(clause) ? documentReader(drafts, materialKind) : undefined;
  if (analysis) return [analysis];
  // "the wording", "the copy": the latest output made of words, not the picture after it; "anything with the logo", "anything
  // visual": the latest picture.
  const words = !named && WORDING.test(clause) ? drafts.findLast((draft) => !PICTURES.has(draft.tool)) : undefined;
  const visual = !named && VISUAL.test(clause) ? drafts.findLast((draft) => PICTURES.has(draft.tool)) : undefined;
  // "the script" of a step that writes "a TikTok script": the output it names by its word, when no step is of that kind.
  // Not a later step's "cover for the TikTok script": what a step is for names no output of its own.
  // A message that sends "the script" on makes no script: only steps with a tool make the output named.
  const byWord = named && drafts.findLast((draft) => draft.tool !== undefined && named.pattern.test(withLexiconSpelling(draft.description.replace(MADE_FOR, ''))));
  // "Gwen signs the letter off": a written piece no tool makes, named by its word, is the general step that writes it.
  const piece = named ? undefined : WRITTEN_PIECES.find((word) => word.test(checked));
  const byPiece = piece && drafts.findLast((draft) => draft.tool === undefined && piece.test(draft.description));
  const target = (named && drafts.findLast((draft) => draft.tool === named.tool)) || byWord || byPiece || words || visual || drafts.at(-1);
  return target ? [target] : [];
}

/** The step reading a document: the latest analysis, or with pasted material and none named yet the first step ("check it for risks"). */
function documentReader(drafts: Draft[], materialKind: OfflineToolName | undefined): Draft | undefined {
  return drafts.findLast((draft) => ANALYSES.has(draft.tool)) ?? (materialKind ? drafts[0] : undefined);
}

/** What a step's output is for or made from: "… for the TikTok script", "… based on step 1". */
const MADE_FOR = /\s(?:for|of|from|based\s+on|to\s+go\s+with)\s[^]*$/i;
/** What a reading of a document made, by its names: "the analysis", "l'analyse", "el análisis", "the findings", "your review". */
const ANALYSIS = /\b(?:analysis|findings|análisis|analisis|analisi|análise)\b|(?:\bl['’]|\b(?:die|the)\s+)analyse\b|\b(?:your|the)\s+(?:review|assessment|read-?through|breakdown)\b|\brisk\s+(?:notes?|summary|report|list|review|assessment)\b|\bred\s+flags\b/i;
/** Written pieces the general agent writes, each by its names: what a check can name when no tool makes it. */
const WRITTEN_PIECES = [/\be-?mails?\b/i, /\brepl(?:y|ies)\b/i, /\bmessages?\b/i, /\breminders?\b/i, /\bletters?\b/i, /\bmemos?\b/i, /\bsummar(?:y|ies)\b/i, /\breports?\b/i, /\binvit(?:e|ation)s?\b/i, /\bagendas?\b/i, /\bproposals?\b/i, /\bpress\s+releases?\b/i];
/** What a person reads in an output: its words, not its picture. */
const WORDING = /\b(?:wording|words|text|copy|writing|phrasing)\b/i;
const PICTURES = new Set<OfflineToolName | undefined>(['generate_image', 'generate_thumbnail_concept']);
/** What a person sees in a picture: the logo, the branding, anything visual. */
const VISUAL = /\b(?:logos?|branding|visuals?|artwork|colou?rs?|anything\s+visual)\b/i;

/** Verbs of what to look for when reading a document ("flag", "point out", "tell me what's risky"). */
const FINDING = new RegExp(String.raw`^(?:flag|highlight|point\s+out|spot|identify|find|mark|note|list|show\s+me|tell\s+(?:me|us)|${FINDING_IN_OTHER_LANGUAGES})\b`, 'i');
/**
 * "…the NDA and summarise the parts I should worry about": a summary of what a contract review
 * found is the review's own answer. Not a summary written up as an email, a memo or a report (a
 * deliverable of its own), nor a summary of receipts ("summarise the spending": totals across them).
 */
const SUMMARY_OF_REVIEW = /^(?:summari[sz]e|sum\s+up|explain)\b(?![^]*\b(?:e-?mails?|memos?|letters?|notes?|messages?|reports?|slides?|decks?|posts?)\b)/i;
const ANALYSES = new Set<OfflineToolName | undefined>(['analyze_legal_document', 'extract_receipt_data']);

/** A clause, joined without "then", that says what to look for in the document the step before analyses. */
// `reading` is what the step before reads: its tool, or the pasted material's kind when it is the step that will read it ("go
// through it and tell me what's dodgy", before the step has its tool).
function findsInAnalysis(clause: Clause, previous: Draft, reading: OfflineToolName | undefined): boolean {
  const finding = FINDING.test(clause.text) || (reading === 'analyze_legal_document' && SUMMARY_OF_REVIEW.test(clause.text));
  // "explain which clauses could hurt me" names the contract's parts: the same analysis, not another.
  const intent = matchIntent(clause.text);
  return ANALYSES.has(reading) && previous.group !== clause.group && !SEQUENCE_WORD.test(clause.written) && (!intent || intent.tool === reading) && finding;
}

/** "1.", "2)", "4.1", "§ 3", "-", "•", "Step 3:": the marker of an item of a list, or of a clause, written one per line. */
const LIST_MARKER = /^\s*(?:\d+(?:\.\d+)+\.?(?=\s)|\d+[.)]|§\s*\d+(?:\.\d+)*|[-*•]|step\s+\d+\s*[:.)-])\s*/i;
/** A first line that points at text after it: "the notes below", "the following", "I'm pasting…", a closing colon. */
const POINTS_BELOW = /\b(?:below|following|pasted|pasting|underneath)\b|:\s*$/i;
/** A receipt's line: it ends on an amount ("Ramen 14.00", "Total €23,00", "Summe 47,00 EUR"). */
// Tried only where a number starts (the lookbehind): one scan of each run of digits, not one per digit.
const AMOUNT_AT_END = /(?<![\d,.])\d(?:[\d,.]*\d)?\s*(?:[A-Z]{3}|[$€£¥])?\s*$/;

/**
 * "Here's a receipt from lunch, log it\nNoodle Bar\nRamen 14.00": the lines after a first line that
 * asks to read something (a receipt, a contract, "the text below") are what it reads, not steps.
 * They run until a line asks for work again ("Then email the total to finance"), which is the goal's.
 */
/**
 * The goal's ask without the text pasted under it: where its own words name a schedule ("every
 * Monday"), which a contract's "performs every Friday and Saturday" does not.
 */
export function askOfGoal(goal: string): string {
  return splitMaterial(goal).request;
}

function splitMaterial(goal: string): { request: string; material: string; kind?: OfflineToolName } {
  // A goal pasted from a chat is its messages, run together as one ask.
  const text = chatAsRequest(goal);
  const [first = '', ...rest] = text.split(/\r?\n/);
  if (rest.length === 0) return { request: text, material: '' };
  const named = matchIntent(first)?.tool;
  const kind = ANALYSES.has(named) ? named : materialReading(first, rest);
  if (!kind && !POINTS_BELOW.test(first)) return { request: text, material: '' };
  let end = 0;
  while (end < rest.length && isMaterialLine(rest[end], kind)) end++;
  return { request: [first, ...rest.slice(end)].join('\n'), material: rest.slice(0, end).join('\n').trim(), kind: end > 0 ? kind : undefined };
}

/** Languages an output may be asked in. */
const LANGUAGE_NAME =
  /\b(?:english|dutch|french|spanish|german|italian|portuguese|slovene|slovenian|polish|swahili|tagalog|arabic|hindi|urdu|japanese|chinese|mandarin|cantonese|korean|greek|turkish|welsh|irish|afrikaans|zulu|xhosa|malay|thai|vietnamese|bilingual)\b/i;

/** An item's number written inline: "1) ", "(2) ". */
const INLINE_NUMBER = /^\(?\d{1,2}\)\s+/;

/** How an output should sound, said as an instruction of its own: "be nice", "keep it short and warm", "sound friendly but firm". */
const TONE_NOTE = /^(?:please\s+)?(?:be|keep\s+it|make\s+it|sound)\s+(?:\w+\s+)?(?:nice|polite|friendly|firm|kind|warm|short|brief|professional|casual|formal|gentle|diplomatic|respectful|concise|upbeat|chill|light)\b/i;

/** A field of a brief written as a form: "when:", "what:", "how often:", "for who:". */
const BRIEF_FIELD = /^(?:when|what|who|where|how\s+often|for\s+(?:who|whom)|frequency|schedule|deadline|deliverables?|outputs?|audience|channels?|platforms?)\s*:/i;

/** A numbered clause's title of up to six words, closed by a full stop or colon before its first sentence: "Governing law. This…". */
const TITLE_OF_NUMBERED_CLAUSE = /^\p{Lu}[\p{L}'’&/-]*(?:\s+[\p{L}'’&/-]+){0,5}[.:]\s+(?=\p{Lu})/u;
/** Up to eight capitalised words with only short joining words between them, and no closing stop. */
const TITLE_CASE = /^\p{Lu}[\p{L}'’&-]*(?:\s+(?:\p{Lu}[\p{L}'’&-]*|of|and|for|the|de|du|des|la|le|van|der|und|y|e|&)){1,7}$/u;
/** A heading in capital letters closed by a full stop or colon: "GOVERNING LAW.", "TERM AND RENEWAL:". */
const CLAUSE_HEADING = /^\p{Lu}[\p{Lu}\p{N} &/'’-]*[.:](?=\s|$)/u;

/**
 * A line that asks for nothing: no clause opens on it, and any deliverable it names is the material's
 * own kind. In a contract a kind is what the deal is about ("€2,000 for the illustration series").
 */
function isMaterialLine(line: string, kind: OfflineToolName | undefined): boolean {
  // "- when: every Sunday night", "- what: a to-do list", "- Mondays and Thursdays, 8am": a field of the goal's own brief under
  // its heading, or when it repeats, not pasted text.
  if (kind === undefined && (BRIEF_FIELD.test(line.replace(LIST_MARKER, '')) || suggestSchedule(line) !== null)) return false;
  // A clause's heading ("8. GOVERNING LAW. This Agreement…", "6. Governing law. This Agreement…") names the clause; it asks nothing.
  const numbered = LIST_MARKER.exec(line);
  const unmarked = line.replace(LIST_MARKER, '');
  const titled = numbered ? TITLE_OF_NUMBERED_CLAUSE.exec(unmarked) : null;
  const item = (titled && !ACTION_VERB.test(titled[0]) ? unmarked.slice(titled[0].length) : unmarked).replace(CLAUSE_HEADING, '').trim();
  // A line without a lower-case letter is a title ("BAIL COMMERCIAL", "INVOICE 2291"), not an ask; nor is a contract's titled
  // clause ("3. Suppliers. Only the venue's caterer may be used"), whatever verb its terms open on.
  if (item === '' || AMOUNT_AT_END.test(item) || !/\p{Ll}/u.test(item) || (titled && kind === 'analyze_legal_document')) return true;
  // "Design Services Agreement", "Corner Shop Ltd": a title in capitalised words over the material, whatever verb it opens on.
  if (kind !== undefined && TITLE_CASE.test(item)) return true;
  const intent = kind === 'analyze_legal_document' ? undefined : matchIntent(item);
  // "next sync Thursday" in pasted notes: a sequence word asks for work only with a verb of work after it.
  const asked = item.replace(SEQUENCE_WORD, '');
  return !startsClause(asked || item) && (!intent || ANALYSES.has(intent.tool));
}

/**
 * A sentence with what must not be split kept whole: "before and after" is one picture; an appositive
 * naming who decides ("Dev, our chair, has to approve it", "Maya (my lawyer) needs to") is dropped so the check reads as one clause.
 */
function spokenAsOne(sentence: string): string {
  return sentence
    .replace(/\bbefore\s+and\s+after\b/gi, 'before-and-after')
    // "Gwen as chair needs to okay it": the role a named person decides in is no part of the clause.
    .replace(/(\p{Lu}[\p{L}-]+)\s+as\s+(?:(?:the|our|my)\s+)?[\p{L}-]+(?:\s+[\p{L}-]+)?\s+(?=(?:has|have|needs?|must|should|will|wants?|gets?|signs?|approves?)\b)/gu, '$1 ')
    // The same in the languages checks are said in: "Lucía, la profe que lo graba, tiene que dar el visto bueno".
    .replace(
      /(?:,\s+(?:our|my|the|his|her|their|la|el|mi|nuestr[ao]|notre|ma|mon|le|il|o|a|minha|meu|meine?|unser[e]?|onze|mijn|de|het|la\s+mia|il\s+mio|nostr[ao])\s+[^,;.]{1,30},|\s+\((?:our|my|the|his|her|their)\s+[^(),;.]{1,30}\))\s+(?=(?:has|have|needs?|must|should|will|wants?|gets?|is|signs?|approves?|tiene|debe|tem|precisa|doit|muss|deve|moet)(?![\p{L}]))/giu,
      ' ',
    )
    // "Sanne from office must check the poster": where a named person works is no part of the clause.
    .replace(/(\p{Lu}[\p{L}-]+)\s+from\s+(?:the\s+)?[\p{L}-]+(?:\s+[\p{L}-]+)?\s+(?=(?:has|have|needs?|must|should|will|wants?|gets?|signs?|approves?)\b)/gu, '$1 ')
    // "our director, Ana Morales, signs off": the name set off after the role.
    .replace(/(\b(?:[Oo]ur|[Mm]y|[Tt]he)\s+[\p{L}-]+),\s+\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){0,2},\s+(?=(?:has|have|needs?|must|should|will|wants?|gets?|signs?|approves?)\b)/gu, '$1 ')
}

/** A message asking people to do something: "a reminder to all staff to check…", "ask the crew to…", "tell them to…". */
const ASKS_PEOPLE_TO = /\b(?:remind(?:er)?s?|ask|tell|message|text|e-?mail|note)\b[^.;]*?\bto\s+(?!(?:the|our|my|all|a|an|them|him|her|everyone)\b)[a-z]+\b/i;
/** What joins clauses in a sentence; the capture keeps each join, so that pieces that start no clause are put back as written. */
const CLAUSE_JOINS = new RegExp(
  String.raw`(\s*->\s*|\s*→\s*|,?\s+with\s+(?=(?:an?|one|some|its\s+own|a\s+matching)\s+(?:[\w-]+\s+){0,3}?(?:pictures?|images?|photos?|illustrations?|graphics?|banners?|drawings?|pics?|visuals?)\b)|` +
    // "…, 2) an X post": an item numbered inline after a comma starts at its number.
    String.raw`,?\s+\(?\d{1,2}\)\s+|,\s*(?:(?:and|y|et|und|e|${DUTCH_AND_BEFORE_WORK})\s+|plus\s+)?|\s+[-–—]\s+|\s+(?:and|n|but|&|\+|plus|as\s+well\s+as|then|y|et|und|e|${DUTCH_AND_BEFORE_WORK})\s+|` +
    String.raw`\s+\(?\d{1,2}\)\s+|\s+so\s+(?=(?:i|we|she|he|they|you)\s)|` +
    // A run-on dictation: "…a tweet announcing the episode my producer has to approve the reel" — a person's check starts a clause.
    // Not inside a relative clause about the person ("Margaret who chairs our committee has to okay it").
    String.raw`(?<!\b(?:who|that|which)\s+[\w-]+)\s+(?=(?:my|our)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:has\s+to|have\s+to|needs?\s+to|wants?\s+to|must|should|will)\s+(?:approve|see|check|review|sign|ok|okay|look|read|vet)\b))`,
  'i',
);

/** Splits the goal into clauses, each one piece of work, a review request or a hand-off. */
function clausesOf(text: string): Clause[] {
  const clauses: Clause[] = [];
  let group = 0;
  const written = text.split(/\r?\n+/);
  // A form's field names what its value is ("- what: a to-do list"); the value is the line.
  const lines = written.map((line) => (LIST_MARKER.test(line) ? line.replace(LIST_MARKER, '').replace(BRIEF_FIELD, '') : line).trim());
  for (const [index, line] of lines.entries()) {
    // An item of a bulleted or numbered list is a piece of work, never the goal's scene nor the heading over the list.
    const listed = LIST_MARKER.test(written[index]);
    const sentences = sentencesOf(line);
    // A heading over a list ("Weekly video:", "Open evening is on 12 June. For it I need:") names the work, it is not a step of
    // it; sentences that ask, not closed by a colon, are no heading.
    const heading = sentences.length === 1 || /:\s*$/.test(line);
    if (lines.length > 1 && index === 0 && !listed && heading && !ACTION_VERB.test(stripLead(line)) && !matchIntent(line)) continue;
    for (const [at, numbered] of sentences.entries()) {
      // "Launch day next week. 1) outline a thread 2) write it": the sentence before a list numbered inline is its heading.
      const nextNumbered = INLINE_NUMBER.test(sentences[at + 1] ?? '');
      if (nextNumbered && at === 0 && !ACTION_VERB.test(stripLead(numbered)) && !matchIntent(numbered)) continue;
      const written = numbered.replace(INLINE_NUMBER, '');
      // "the script and the post you can just do": outputs let go unchecked, named together, are no list of asks.
      if (letsGo(tidy(stripLead(written)))) continue;
      const lead = LEAD_IN.exec(written)?.[0];
      // (An item numbered inline may follow the lead-in: "please do the following: 1) an image…".)
      const sentence = withPurposeAfter(spokenAsOne(lead && !matchIntent(lead) ? written.slice(lead.length).replace(INLINE_NUMBER, '') : written));
      // A spaced dash joins like a comma ("a receipt from lunch - pull out the total"); "n" is a texted "and"; "so she needs
      // to check it" opens a clause of its own in a run-on sentence.
      // "a post with a cute picture to go with it": a picture that comes with a deliverable is one of its own.
      const pieces = sentence.split(CLAUSE_JOINS);
      let current: Clause | undefined;
      let separator = '';
      for (const [position, piece] of bracketsKeptWhole(pieces).entries()) {
        if (position % 2 === 1) {
          separator = piece;
          continue;
        }
        const dash = /^\s+[-–—]\s+$/.test(separator);
        // An item numbered inline ("2) a poster") starts one, whatever the clause before it was.
        // "a reminder to all staff to check their payslips and report any errors": what people are asked to do goes on.
        const asksPeopleOn = current !== undefined && /^\s+and\s+$/i.test(separator) && ASKS_PEOPLE_TO.test(current.text) && !matchIntent(piece) && !WRITTEN_PIECE.test(stripLead(piece));
        const startsNew = current === undefined || /->|→|then|\d\)/i.test(separator) || (!asksPeopleOn && (dash ? opensAfterDash(piece) : startsClause(piece)));
        if (startsNew) {
          group++;
          // "…, then an Instagram post about it": a deliverable without a verb takes the last clause's (an item numbered inline
          // is one of a list, and takes its own kind's).
          const sharedVerb = current && !/\d\)/.test(separator) && !ACTION_VERB.test(stripLead(piece)) && !opensWithVerb(stripLead(piece)) && matchIntent(piece) ? verbOf(current) : undefined;
          current = { text: piece, written: piece, group, sharedVerb, question: piece.trimEnd().endsWith('?'), listed };
          clauses.push(current);
        } else if (current && !dash && DECISION_AT_THE_END.test(current.text) && NEW_THING.test(stripLead(piece)) && (matchIntent(piece) || WRITTEN_PIECE.test(inEnglishWords(stripLead(piece)))) && personalCheckOf(current.text)) {
          // "give me 3 options and i'll pick, and a short reel to tease it": after a check that ends on its decision, a new thing is the next ask.
          group++;
          current = { text: piece, written: piece, group, question: piece.trimEnd().endsWith('?'), listed };
          clauses.push(current);
        } else if (current && !dash && isDeliverableNoun(piece, current) && !personalCheckOf(current.text)) {
          // (A person's check lists what it is on: "she signs off on the script and the thread" is one clause.)
          current = { text: piece, written: piece, group: current.group, sharedVerb: verbOf(current) };
          clauses.push(current);
        } else if (current) {
          current.text += `${separator}${piece}`;
          current.written += `${separator}${piece}`;
          current.question = piece.trimEnd().endsWith('?');
        }
      }
    }
  }
  // Set off by a full stop or a comma alike: "we're launching a latte next week, can you write…"; a few sentences of
  // scene may come before the first ask ("We're a vineyard near Mendoza. Harvest starts next week. Can you…").
  for (const [index, clause] of clauses.entries()) {
    const next = clauses[index + 1];
    const purpose = (PURPOSE.test(clause.text.trim()) && !matchIntent(clause.text)) || HABIT.test(clause.text.trim());
    if (!next || next.group === clause.group || clause.listed || !(purpose || isScene(stripLead(clause.text), stripLead(next.text)))) break;
    clause.scene = true;
  }
  return withMaterialMerged(
    clauses.map((clause) => ({ ...clause, text: tidy(stripLead(clause.text)), written: tidy(clause.written) })).filter((clause) => clause.text.length > 0),
  );
}

/**
 * A check said in brackets ("(our director must approve the post)", "(my mum owns the flats and she wants to see the email
 * before it's sent)"): the step's approval, taken out of what the step makes.
 */
function withoutCheckInBrackets(text: string): { text: string; checked: boolean } {
  let checked = false;
  const rest = text.replace(/\s*\(([^()]{1,300})\)/g, (whole: string, inside: string) => {
    if (!inside.split(/,\s*|\s+(?:and|but|so)\s+/).some((part) => personalCheckOf(part) !== undefined)) return whole;
    checked = true;
    return '';
  });
  return { text: rest, checked };
}

/** Words ending on a full stop that end no sentence ("Dr. Amara Eze", "St. Mary's"). */
// With the ones other languages write before a number: "ca." (circa), "aprox.", "env." (environ), "bzw.", "z.B.".
const ABBREVIATION_END = /\b(?:dr|mr|mrs|ms|mx|st|prof|mt|no|vs|etc|approx|e\.g|i\.e|incl|dept|ca|aprox|env|bzw|z\.b|usw|ggf)\.$/i;

/** A line's sentences: split at a full stop, a question or an exclamation mark, but not after an abbreviation nor in brackets. */
function sentencesOf(line: string): string[] {
  const sentences: string[] = [];
  for (const sentence of line.split(/(?<=[.!?;])\s+(?=\S)|;\s*/)) {
    const previous = sentences.at(-1);
    if (previous !== undefined && (ABBREVIATION_END.test(previous) || openBrackets(previous) > 0)) sentences[sentences.length - 1] = `${previous} ${sentence}`;
    else sentences.push(sentence);
  }
  return sentences;
}

function openBrackets(text: string): number {
  const count = (pattern: RegExp): number => text.match(pattern)?.length ?? 0;
  // A quotation left open ("my catchphrase "Lagos, make some noise!"") counts as a bracket: what it quotes asks for nothing.
  const openQuote = count(/"/g) % 2 === 1 || count(/[“«]/g) > count(/[”»]/g);
  return count(/\(/g) - count(/\)/g) + (openQuote ? 1 : 0);
}

/**
 * A sentence's pieces and separators (as split with its captured separators) with what stands in brackets or quotes kept in
 * one piece: "the newsletter (results, the long run, who's pacing)" lists what goes in it, no deliverables of its own.
 */
function bracketsKeptWhole(parts: string[]): string[] {
  const kept: string[] = [];
  for (const [position, part] of parts.entries()) {
    const piece = kept.at(-1);
    if (position % 2 === 0 && position > 0 && piece !== undefined && openBrackets(kept.at(-2) ?? '') > 0) {
      kept[kept.length - 2] = `${kept.at(-2) ?? ''}${piece}${part}`;
      kept.pop();
    } else kept.push(part);
  }
  return kept;
}

/**
 * "Take the contract I uploaded, tell me…", "I've got a contract from a new client, go through it…",
 * "I'm pasting our lunch receipt below, can you log it?":
 * the first clause names the material of the next, it makes nothing itself.
 */
// "Grab the details off it" takes something out of the material: that is work, not the material itself. "Here's the thing" and
// "here's the deal" introduce what the person says next, not a document.
const MATERIAL_CLAUSE =
  /^(?:(?:take|use|grab|open|start\s+with|look\s+at)\s+(?=(?:the|my|our|this|that)\b)(?![^,;.]*\b(?:off|out\s+of)\s+(?:it|them|this|that|the|my|our)\b)|(?:(?:i|we)(?:['’]ve|\s+have)?\s+(?:got|received|been\s+sent|attached|pasted|uploaded|included|forwarded)|(?:i['’]m|i\s+am|we['’]re|we\s+are)\s+(?:pasting|attaching|sending|sharing|forwarding|including)|here['’]?s|here\s+is)\s+(?=(?:an?|the|my|our|this|that|some)\b)(?!the\s+(?:thing|deal|situation|story|plan|idea|problem|catch|issue)\b))/i;

function withMaterialMerged(clauses: Clause[]): Clause[] {
  const merged: Clause[] = [];
  for (const [index, clause] of clauses.entries()) {
    const next = clauses[index + 1];
    const material = MATERIAL_CLAUSE.exec(clause.text);
    if (material && next) {
      const object = clause.text.slice(material[0].length);
      // "go through it" reads the material itself; otherwise the material is where the next clause works.
      const verb = startsWithPronounObject(next.text) ? ACTION_VERB.exec(next.text) : null;
      const text = verb ? `${verb[0]}${next.text.slice(verb[0].length).replace(PRONOUN_OBJECT, object)}` : `${next.text} in ${object}`;
      clauses[index + 1] = { ...next, text, written: verb ? text : `${next.written} in ${object}` };
    } else merged.push(clause);
  }
  return merged;
}

/** A statement with its own subject ("our bakery turns 10", "we're launching a latte"), no deliverable and no ask. */
function isScene(text: string, next: string): boolean {
  const asks = /^(?:(?:i|we)(?:\s*['’]?\s*(?:d|ll)|\s+(?:would|will|need|want|wanna|have\s+to|must))\b|you|please|can|could|would|will|need|want|let)\b/i;
  // "I'm about to sign this lease. Check it over": the document a statement names is what the next ask's "it" reads.
  const named = matchIntent(text);
  // "Voici le contrat du traiteur. Signale-moi ce qui cloche": what is shown is what the next ask, naming no other kind, reads.
  // ("Voici le contrat. Peux-tu l'analyser et me dire les clauses à risque": the next ask may name the same kind's parts.)
  const nextNames = matchIntent(next)?.tool;
  const namesWhatNextReads = named !== undefined && ANALYSES.has(named.tool) && (startsWithPronounObject(next) || (RECEIVED.test(text) && (!nextNames || nextNames === named.tool)));
  // "Got this lease from the agent", "Voici le contrat": a document received, or shown, is no work of its own.
  const work = !RECEIVED.test(text) && (ACTION_VERB.test(text) || opensWithVerb(text));
  // An ask in another language ("j'aimerais que tu fasses un récap") is no scene, whatever it names; nor is a new written piece
  // named with no verb ("A short summary of the day's lessons, and then…"), which is the first of the asks.
  // (After a heading on the same line: "For the driving school: a short summary…".)
  const piece = inEnglishWords(text.replace(/^[^:]{1,40}:\s+/, ''));
  const newPiece = NEW_THING.test(piece) && WRITTEN_PIECE.test(piece) && !STATING_VERB.test(piece);
  // "Client sent me this for a logo job": what it is for names no work.
  const shownFor = RECEIVED.test(text) && /\b(?:this|these|it)\s+for\b/i.test(text);
  return (!named || namesWhatNextReads || shownFor) && !work && !newPiece && !asks.test(text) && !ASK_IN_OTHER_LANGUAGES.test(text) && !REVIEW_ONLY.test(text) && !personalCheckOf(text);
}
/** A clause opening on a definite article, in the languages asks are written in ("a" and "as" are English too): it names something already spoken of. */
const DEFINITE_START = /^(?:the|o|os|el|la|los|las|le|les|il|lo|gli|der|die|das|den|de|het)\s/i;
/** An ask taken back: "but scratch that", "forget that", "never mind". */
const TAKEN_BACK = /\b(?:scratch|forget|ignore)\s+that\b|\bnever\s*mind\b/i;
/** A correction of the ask before: "actually make that a tiktok", "no wait, better a short one for tiktok". */
const CHANGED_TO = /^(?:(?:no\s+wait|wait|actually|sorry|no)[,\s]+)+(?:make\s+(?:that|it)|(?:it['’]?s\s+)?better|rather|change\s+(?:that|it)\s+to|let['’]?s\s+(?:do|go\s+with))\s+(\S.*)$/i;
/** A verb that makes a statement of a sentence ("a new rota starts Monday"), not a name of a thing to make. */
const STATING_VERB = /\b(?:is|are|was|were|be|been|goes|go|went|has|have|had|will|starts?|started|opens?|opened|comes?|came|gets?|got)\b/i;
/** A wish said after the scene in the same sentence: "…, and want to get the word out to younger patients". */
const WISH_AFTER_SCENE = /\s*(?:,|\band\b)\s+(?:(?:i|we)\s+)?(?:(?:want|need|hope|wanna)\s+to|would\s+(?:like|love)\s+to|['’]d\s+(?:like|love)\s+to)\b[^]*$/i;
/** What the team does each time, or is doing now, said before the asks: "we put together next week's video. The plan each time: …", "doing a yt vid on…". */
const HABIT =
  /^(?:(?:so|and)[,\s]+)?(?:(?:we|i)\s+(?:always\s+|usually\s+|normally\s+)?(?:put\s+together|make|do|film|record|shoot|post|publish|upload|run|send\s+out)|(?:(?:we|i)(?:['’]re|['’]m|\s+are|\s+am)\s+)?(?:doing|making|filming|recording|shooting|putting\s+together))\s+(?:the|our|my|a|an)\b/i;
/**
 * "I'd like to get the word out properly", "we want to fill the Tuesday slots": what the work is for, said as a wish to
 * reach an end rather than to have something made; the asks after it say what to make.
 */
const PURPOSE =
  /^(?:(?:so|and|but|now|honestly)[,\s]+)?(?:(?:i|we)(?:\s*['’]\s*d|\s+would)\s+(?:like|love)\s+to|(?:(?:i|we)\s+)?(?:want|need|hope|wanna|am\s+trying|are\s+trying|['’]re\s+trying|['’]m\s+trying)\s+to|(?:the\s+)?(?:goal|aim|idea|plan)\s+is\s+to)\s+(?:really\s+|finally\s+|actually\s+)?(?:get\s+(?:it|them|things|this|the\s+word|people|more|ahead|on\s+top|the\s+\w+\s+(?:going|moving|back))|stay\s+(?:ahead|on\s+top)|keep|grow|reach|boost|bring\s+(?:in|back)|attract|spread|raise|drum\s+up|fill|win|increase|improve|revive|push\s+(?:something|things|stuff)\s+for|turn\s+(?:it|things)\s+around)\b/i;
/** A document received or shown: "got this lease", "we've just been sent", "voici le contrat", "aquí está el contrato". */
const RECEIVED =
  /^(?:(?:i|we)(?:\s+have|['’]ve)?\s+)?(?:just\s+)?(?:got|received|been\s+sent)\b|^(?:voici|voilà|aquí\s+(?:está|tienes)|ecco|hier\s+ist|segue)(?=\s|$)|^(?:(?:the|my|our|a|an)\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:just\s+)?(?:sent|gave|forwarded|e-?mailed|passed)\s+(?:me|us)\s+(?:this|these|it)\b/i;

/** "this shop lease" in "I'm about to sign this shop lease": a document kind with its determiner and up to three words before it. */
function documentNamed(text: string): string | undefined {
  const intent = matchIntent(text);
  const kind = intent && ANALYSES.has(intent.tool) ? intent.pattern.exec(text) : null;
  if (!kind) return undefined;
  const before = text.slice(0, kind.index).trim().split(/\s+/).slice(-4);
  const at = before.findLastIndex((word) => /^(?:this|that|the|my|our|their|his|her)$/i.test(word));
  return at < 0 ? undefined : [...before.slice(at), kind[0]].join(' ');
}

function startsWithPronounObject(text: string): boolean {
  const verb = ACTION_VERB.exec(text);
  return verb !== null && /^\s*(?:it|them)\b/i.test(text.slice(verb[0].length));
}

function startsClause(piece: string): boolean {
  const text = piece.trim();
  if (SEQUENCE_WORD.test(text)) return true;
  const lead = stripLead(text);
  const verb = ACTION_VERB.exec(lead);
  if (verb) {
    const after = lead.slice(verb[0].length).trim();
    // A verb of work in another language is an imperative by its form ("envoie-moi par mail…"): it opens a clause; so does a
    // verb with a person named before its object ("send Thabo a summary").
    if (after === '' || OBJECT_START.test(after) || NAMED_RECIPIENT.test(after) || matchIntent(after) !== undefined || PUBLISH_CLAUSE.test(lead) || FOREIGN_WORK_VERB.test(verb[1])) return true;
  } else if (matchIntent(lead) && opensWithVerb(lead)) {
    // A verb the list above lacks ("chop it into a reel", "run the post by me"), read by its part of speech, opens a clause on a deliverable.
    return true;
  }
  // "…, I'll want to read it before it's sent": a person's say on the output is a clause of its own; so is German work
  // said with its verb last.
  if (personalCheckOf(text) || GERMAN_WORK_AT_THE_END.test(text) || NO_CHECK_NEEDED.test(lead)) return true;
  REVIEW_PHRASE.lastIndex = 0;
  const review = REVIEW_PHRASE.exec(lead);
  REVIEW_PHRASE.lastIndex = 0;
  return review?.index === 0 && /^(?:let|have|get|i|we|once|after)\b/i.test(lead);
}

/**
 * After a spaced dash only an imperative or a person's check opens a clause: "- pull out the total"
 * does, "- the post needs my sign-off" qualifies the clause before. (A check always opens one, and so does a deliverable
 * joined with "and".)
 */
function opensAfterDash(piece: string): boolean {
  if (ACTION_VERB.test(stripLead(piece))) return startsClause(piece);
  // "… — and a FB post w/ the weekend route", "- then the post itself": a deliverable joined after the dash is one of its own.
  return personalCheckOf(piece) !== undefined || (/^\s*(?:and|then|and\s+then)\s/i.test(piece) && matchIntent(piece) !== undefined);
}

/** "an image" after "write a post": a second deliverable sharing the verb. */
function isDeliverableNoun(piece: string, current: Clause): boolean {
  const intent = matchIntent(piece);
  const currentIntent = matchIntent(current.text);
  // A written piece no tool makes ("the quarterly letter to donors") is a deliverable beside one listed with it, when
  // the one after it comes as a new thing ("a", "an", a number): "write the newsletter text and a Facebook post".
  const written = !currentIntent && WRITTEN_PIECE.test(inEnglishWords(stripLead(current.text)));
  // "an outline with the sections and the main points for each one": what an output of the same kind holds, named with "the".
  if (intent && intent.tool === currentIntent?.tool && /^the\s/i.test(stripLead(piece)) && /\bwith\b/i.test(current.text)) return false;
  if (intent) {
    // The kind is named near the piece's start ("a script for a YouTube Short…", "una idea de portada para ese reel"), not deep
    // in a clause: within its first five words.
    const spelled = withLexiconSpelling(piece.trim());
    const at = intent.pattern.exec(spelled)?.index ?? Infinity;
    const nearStart = at !== Infinity && spelled.slice(0, at).split(/\s+/).filter((word) => /\p{L}/u.test(word)).length < 5;
    return (currentIntent !== undefined || (written && NEW_THING.test(stripLead(piece)))) && nearStart;
  }
  // "…, an instagram post, and a reminder email to all members": a written piece listed after a deliverable. Not what a piece
  // comes with ("an email with the same list and a reminder to update…": the reminder is in the email).
  const comesWith = !currentIntent && /\bwith\s+(?:the|a|an|our|my)\b/i.test(current.text);
  return (currentIntent !== undefined || (written && !comesWith)) && NEW_THING.test(piece.trim()) && WRITTEN_PIECE.test(inEnglishWords(piece.trim()));
}

/** A thing named as new, not one already there: "a", "an", "one", a count. */
/** A new thing by its article, in English and the languages asks are mixed with ("un", "une", "ein", "eine", "uma", "een"). */
const NEW_ARTICLE = String.raw`(?:an?|one|un|una|une|uno|ein|eine|einen|um|uma|een)`;
const NEW_THING = new RegExp(String.raw`^(?:also\s+)?(?:${NEW_ARTICLE}|two|three|four|five|\d+)\s`, 'i');
/** Written pieces no tool makes, as the deliverable a clause opens on (after its verb, and within a few words). */
const WRITTEN_PIECE = new RegExp(
  String.raw`^(?:[\w'’-]+\s+(?:(?:up|out|together)\s+)?)?(?:(?:${NEW_ARTICLE}|the|two|three|some|our|my)\s+|(?=(?:repl(?:y|ies)|e-?mails|messages|notes|summaries|reminders)\b))(?:[\w'’-]+\s+){0,3}?(?:${MESSAGE_NOUNS}|newsletters?|summar(?:y|ies)|reports?|agendas?|press\s+releases?|texts?|versions?|lists?|checklists?|rotas?)\b`,
  'i',
);
/** Verbs a written piece keeps when it shares its clause's verb; any other ("need", "make") writes it. */
const WRITING_VERBS = /^(?:write|draft|compose|prepare|send|e-?mail|put\s+together)$/i;

/** A clause that mails its object: "email me…", "send it by email", "par mail", "por correo". */
const MAILED = /^(?:e-?mail|mail)\b|\b(?:by|per|par|por|via)\s+(?:e-?mail|mail|correo)\b/i;
const WRITTEN_MESSAGE = new RegExp(String.raw`\b${MESSAGE_NOUNS}\b`, 'i');
/** An output posted where the team talks ("post it in the #product channel on Slack"): a message, not a post. */
const TO_TEAM_CHANNEL =
  /\b(?:post|share|send|put|drop|pin)\s+(?:it|them|this|that|these|those|both|everything|the\s+\w+)\b[^.;]{0,120}?\b(?:in|on|to|into)\s+(?:the\s+|our\s+|my\s+)?(?:#[\w-]+\s+|[\w-]+\s+)?(?:channel|group\s+chat|slack|teams|discord|whatsapp\s+group|telegram\s+group)\b/i;

function toDraft(clause: Clause, previous: Draft | undefined, index: number): Draft {
  let text = clause.text;
  if (clause.sharedVerb) {
    const intent = matchIntent(text);
    const verb = intent
      ? NEUTRAL_VERBS.test(clause.sharedVerb) || FOREIGN_WORK_VERB.test(clause.sharedVerb)
        ? capitalizeFirst(clause.sharedVerb)
        : DEFAULT_VERBS[intent.tool]
      : WRITING_VERBS.test(clause.sharedVerb)
        ? capitalizeFirst(clause.sharedVerb)
        : 'Write';
    text = `${verb} ${text}`;
  }
  // The deliverable the clause names itself ("a post about it" is a post, whatever "it" is).
  const ownIntent = matchIntent(text);
  // "A couple thumbnail ideas": a deliverable without a verb gets its kind's own.
  if (!clause.sharedVerb && !ACTION_VERB.test(text) && !ASK_IN_OTHER_LANGUAGES.test(text) && !GERMAN_WORK_AT_THE_END.test(text) && !opensWithVerb(text) && (ownIntent || /^(?:an?|some|\d+|two|three|four|five)\s/i.test(text))) {
    text = `${ownIntent ? DEFAULT_VERBS[ownIntent.tool] : WRITTEN_PIECE.test(text) ? 'Write' : 'Prepare'} ${lowerFirst(text)}`;
  }
  let buildsOn = false;
  // Deliverables listed together ("a reel, a thumbnail and a post announcing it") share their topic, not each other.
  if (previous && previous.group !== clause.group) {
    const verb = ACTION_VERB.exec(text);
    const afterVerb = verb ? text.slice(verb[0].length) : '';
    buildsOn = verb !== null && /^\s*(?:it|them)\b/i.test(afterVerb);
    // The verb's own object ("write it") or a preposition's ("an image for it") is the earlier output;
    // the object of a verb inside the clause ("asking to change them") names something else.
    if (buildsOn && verb) text = `${text.slice(0, verb[0].length)}${afterVerb.replace(PRONOUN_OBJECT, previous.reference)}`;
    else text = text.replace(PREPOSITION_PRONOUN, (_, preposition: string) => `${preposition} ${previous.reference}`);
  }
  // "summarise them in an email": what "them" stands for is the email's topic; an email, a message or
  // a letter is the general agent's to write, whatever it is about.
  // "then the cover", said after a video: the video's cover, its thumbnail.
  if (!ownIntent && previous?.agentId === 'video' && BARE_COVER.test(withLexiconSpelling(text))) text = `${text} for ${previous.reference}`;
  const resolved = ownIntent?.tool === 'generate_image' || !ownIntent ? matchIntent(text) : ownIntent;
  // "a cover for it", where "it" is a reel: a video's cover is its thumbnail.
  const named = resolved?.tool === 'generate_thumbnail_concept' ? resolved : (ownIntent ?? (WRITTEN_MESSAGE.test(clause.text) ? undefined : resolved));
  // "email me the clauses to revisit", "envoie-moi par mail le total": what a reading found, mailed, is a message; so is
  // an output posted in the team's channel.
  const intent = named && ((ANALYSES.has(named.tool) && MAILED.test(text)) || TO_TEAM_CHANNEL.test(clause.text)) ? undefined : named;
  const description = capitalizeFirst(buildsOn ? `${text} based on step ${index}` : text);
  return {
    description,
    tool: intent?.tool,
    // A picture for a video ("the thumbnail image", "a still for the episode") is the video agent's, which makes images too.
    agentId: intent?.tool === 'generate_image' && PICTURE_FOR_VIDEO.test(text) ? 'video' : (intent?.agent ?? 'general'),
    requiresApproval: false,
    reference: referenceOf(text, intent?.tool),
    group: clause.group,
  };
}

/** A cover named with nothing it is for: "the cover", "la copertina". */
const BARE_COVER = /\bcovers?\b(?!\s+(?:for|of)\b)/i;
/** A picture that is part of a video (its thumbnail, a still of the episode, one for the video), not one announcing it on a website. */
const PICTURE_FOR_VIDEO =
  /\bthumbnails?\b|\b(?:for|of|in|from|into|voor|pour|para|für|per|zum|zur)\s+(?:(?:the|our|my|this|that|each|every|its|their|a|an|de|het|la|le|el|der|die|das|den|il)\s+)?(?:[\p{L}'’-]+\s+)?(?:videos?|vids?|episodes?|vlogs?)\b|\b(?:videos?|episodes?|vlogs?)['’]s\b/iu;

/** Whether a clause's review phrase names ("the script") what the previous step made rather than its own deliverable. */
function namesEarlierOutput(clause: string, previous: Draft, draft: Draft): boolean {
  const object = (clause.match(REVIEW_PHRASE) ?? []).map((phrase) => /\bthe\s+(\w+)$/i.exec(phrase)?.[1]?.toLowerCase()).find(Boolean);
  REVIEW_PHRASE.lastIndex = 0;
  return object !== undefined && previous.tool !== draft.tool && new RegExp(`\\b${object}s?\\b`, 'i').test(previous.description);
}

/** Deliverables listed together share the topic the last one names ("a post and an image about X"). */
function shareTopics(drafts: Draft[]): void {
  for (let i = drafts.length - 2; i >= 0; i--) {
    const draft = drafts[i];
    const next = drafts[i + 1];
    // "then the post itself, a script for…": a definite thing after earlier steps is what they made, with its own topic.
    const madeBefore = i > 0 && /^\S+\s+(?:the|that|this)\s/i.test(draft.description);
    if (!draft.tool || TOPIC.test(draft.description) || !next?.tool || madeBefore) continue;
    // "a poster for the shop window about the sale": where the last item goes is its own; what it is about is shared.
    const topic = TOPIC.exec(next.description)?.[0].replace(DESTINATION, '');
    if (topic && draft.group === next.group && !/\b(?:it|them)\b/i.test(topic)) draft.description += topic;
  }
}

/** The tools that make something from a topic, not from pasted material. */
const WRITTEN_FROM_A_TOPIC = new Set<OfflineToolName | undefined>(['format_post', 'generate_image', 'generate_outline', 'format_reel', 'format_script', 'generate_thumbnail_concept']);
/** The platforms a post goes to, by the names people write: never a step's subject, and kept capitalised. */
const PLATFORMS = 'instagram|insta|facebook|linkedin|twitter|tiktok|youtube|pinterest|threads|bluesky|mastodon|snapchat|reddit|substack|x';
/** Where a piece goes, said after it: "for the front door", "for the shop window", "on our website", "for Instagram". */
const DESTINATION = new RegExp(
  String.raw`^\s+(?:for|on|in)\s+(?:(?:the|our|my|their)\s+)?(?:(?:shop|front|back|display|office|kitchen)\s+)?(?:windows?|doors?|walls?|counters?|noticeboards?|notice\s+boards?|websites?|site|page|feed|account|blog|newsletter|${PLATFORMS})\b(?=\s|$)`,
  'i',
);
/** Words around a kind that say nothing of its subject: "for a blog article too", "for our Instagram". */
const NO_SUBJECT = new RegExp(String.raw`\b(?:an?|the|our|my|their|its|this|that|too|also|as\s+well|blogs?|websites?|site|newsletters?|page|feed|account|${PLATFORMS})\b`, 'gi');

const POST_KINDS = new RegExp(POST_KIND.source, 'gi');

/** Whether a step says what it is about: a topic after "about", "for", "on"…, and more than another kind or platform. */
function hasTopic(description: string): boolean {
  const topic = TOPIC.exec(description)?.[0];
  if (!topic) return false;
  const words = topic.replace(/^\s*\S+/, '').replace(NO_SUBJECT, ' ').replace(POST_KINDS, ' ');
  const kind = matchIntent(words);
  return (kind ? words.replace(kind.pattern, ' ') : words).trim() !== '';
}

/**
 * "a matching graphic to go with it", "a post to let people know it is out": a piece that refers to an output made before
 * (its "about it" already read as the scene's) has that output's subject, not the scene's.
 */
const GOES_WITH_IT = /\b(?:it|them)\b|\bmatching\b/i;
/** "Give the post itself a caption", "Turn it into a reel": a step that names an output made before has its topic. */
const NAMES_WHAT_WAS_MADE = /^\S+\s+(?:the|that|this|it|them|those|these)\b/i;

/** "Outline a LinkedIn post about X" → "the LinkedIn post about X": what "it" means in the next step. */
function referenceOf(text: string, tool: OfflineToolName | undefined): string {
  const verb = ACTION_VERB.exec(text);
  // "turn the outline into the actual post" made the post.
  let object = transformTarget(text) ?? withoutParticle(verb ? text.slice(verb[0].length) : text).trim();
  // An outline by any of its names ("a few talking points for an Instagram post") made the post's plan: later steps name the post.
  if (tool === 'generate_outline') {
    object = object.replace(/^(?:(?:an?|the|some|a\s+few|few)\s+)?(?:outlines?|(?:bullet|talking|key|main)\s+points|skeleton|structure|bones)\s+(?:of|for)\s+/i, '');
  }
  // "tell me which clauses are risky": what it finds, not "the me which clauses…".
  object = object.replace(/^(?:me|us|him|her|them)\s+/i, '');
  if (/^(?:which|what|whether|if|how|who|where|when|why)\b/i.test(object)) return 'the findings';
  // "log this", "check these": a pointer names nothing; what was read is the document or the result.
  if (/^(?:this|that|these|those|it|them)(?:\s+(?:for\s+(?:me|us)|please|pls))?$/i.test(object)) return tool === 'extract_receipt_data' ? 'the receipt' : tool === 'analyze_legal_document' ? 'the contract' : 'the result';
  // The article in the goal's own language goes too: "the lo script", "the la imagen" read as nobody writes.
  object = object.replace(/^(?:a|an|the|some|one|our|my|el|la|lo|il|los|las|le|les|un|una|uno|une|der|die|das|den|ein|eine|einen|um|uma)\s+/i, '').replace(/\s+based on step \d+$/, '');
  // "the episode script (30ish mins, me + a guest)": what is said in brackets is the first step's detail, not its name.
  object = object.replace(/\s*\([^()]*\)/g, '').trim();
  return object ? `the ${object}` : 'the result';
}

/**
 * The text with its first letter in lower case, to follow a verb; a name keeps its capital ("YouTube script",
 * "Instagram post", "NHS leaflet": capitals inside the word, or a platform's name).
 */
function lowerFirst(text: string): string {
  const first = /^[\p{L}-]+/u.exec(text)?.[0] ?? '';
  if (/^\p{Lu}.*\p{Lu}/u.test(first) || PLATFORM_NAMES.test(first)) return text;
  return `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}

const PLATFORM_NAMES = new RegExp(`^(?:${PLATFORMS})$`, 'i');

function verbOf(clause: Clause): string {
  return clause.sharedVerb ?? ACTION_VERB.exec(stripLead(clause.text))?.[1] ?? 'make';
}

/**
 * How the step's note says the hand-off: "for your approval before it is sent". In the passive, so the note never
 * echoes the asker's own "before you send it" as if a clause of the goal had been pasted in.
 */
const HANDED_OFF: Record<string, string> = {
  publish: 'published',
  post: 'posted',
  send: 'sent',
  email: 'emailed',
  share: 'shared',
  upload: 'uploaded',
  release: 'released',
  tweet: 'tweeted',
};

function handOffVerb(clause: string): string {
  const verb = /\b(publish|post|send|e-?mail|share|upload|release|tweet|schedule|put)/i.exec(clause)?.[1]?.toLowerCase() ?? 'publish';
  if (verb === 'e-mail') return 'email';
  return verb === 'put' || verb === 'schedule' ? 'publish' : verb;
}

/** "for the spring launch I need …": a purpose put before "I need"/"we want", kept to follow the ask. */
const FRONTED_PURPOSE = new RegExp(
  String.raw`^((?:for|about|regarding|para|pour|für|per)\s+[^,.;:!?]{1,60}?)\s+(?=(?:i|we)\s+(?:need|want|would\s+like|['’]d\s+like)\b|(?:necesito|necesitamos|queremos|quiero|precisamos|preciso|il\s+nous\s+faut|nous\s+avons\s+besoin|j['’]ai\s+besoin|wir\s+brauchen|ich\s+brauche|ci\s+serve|mi\s+serve)(?![\p{L}]))`,
  'iu',
);
function stripLead(text: string): string {
  let rest = text.trim();
  for (let previous = ''; previous !== rest; ) {
    previous = rest;
    // "separately draft replies", "also make…": an adverb before the verb leads, it is not the work.
    // "¿Puedes…?", "¡Haz…!": Spanish opens a question or an exclamation with its mark turned over.
    rest = rest.replace(/^[¿¡]\s*/, '').replace(SEQUENCE_WORD, '').replace(POLITE, '').replace(/^(?:and|but|so|or|plus|also|just|separately|additionally|(?:each|every)\s+time|(?:en\s+)?los\s+daarvan|dazu|außerdem|además|ademas|también|tambien|aussi|também|inoltre|anche|daarnaast|ook)\s+/iu, '').trim();
    // "then you write the full post": the assistant named as the verb's subject.
    const addressed = /^(?:you|u)(?:['’]ll|\s+(?:can|could|will|should|then))?\s+/i.exec(rest);
    if (addressed && ACTION_VERB.test(rest.slice(addressed[0].length))) rest = rest.slice(addressed[0].length);
    // "after standup can you write…": when, said before the ask, is the schedule's business.
    rest = rest.replace(/^(?:after|before)\s+(?:the\s+|our\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?=(?:can|could|would|will|please|pls)\s)/i, '');
    // "for episode twelve I need the full script": what the work is for, said before the ask, goes after it.
    rest = withPurposeAfter(rest);
  }
  return rest;
}

/** "For the reopening we need a post, a reel and a banner": the purpose goes after the whole ask, so every item shares it. */
function withPurposeAfter(text: string): string {
  const fronted = FRONTED_PURPOSE.exec(text);
  if (!fronted) return text;
  // Before the sentence's closing stop: "…de montaje para la Expo.", not "…de montaje. para la Expo".
  const ask = text.slice(fronted[0].length);
  let end = ask.length;
  while (end > 0 && '.!?'.includes(ask[end - 1])) end--;
  return `${ask.slice(0, end)} ${fronted[1].charAt(0).toLowerCase()}${fronted[1].slice(1)}${ask.slice(end)}`;
}

/** The person picking from options: "I'll choose one", "we can pick", "so I can decide". */
/** A check that ends on its verb, with nothing after it to decide on: "i'll pick", "she approves". */
const DECISION_AT_THE_END = /\b(?:pick|picks|choose|chooses|select|decide|decides|approve|approves|sign\s+off|signs\s+off|ok|okay)\s*[.!]?\s*$/i;
const PICKS_ONE = /^(?:and\s+|so\s+)?(?:i|we)(?:['’]ll|\s+will|\s+can|\s+(?:want|need)\s+to)?\s+(?:choose|pick|select|decide)\b/i;
/** A message to a person: "Write to Tomasz", "Email the landlord", "a reply to the venue". */
const MESSAGE_TO_SOMEONE = new RegExp(String.raw`^(?:write|send|drop|draft)\s+(?:back\s+)?to\s|^(?:e-?mail|message|text|dm|whatsapp)\s|\b${MESSAGE_NOUNS}\s+to\s`, 'i');
/** What to ask or tell that person: "ask if we can move it", "ask them to confirm", "tell her we're closed". */
const ASK_THEM = /^(?:and\s+)?(?:ask|tell|check\s+with)\s+(?:if|whether|when|him|her|them|for)\b/i;
/** Asking for options of a thing named: "give me a few options", "show us three versions to choose from", "send me a few flyer options first". */
const OPTIONS_OF_IT =
  /^(?:give|show|send|make|do|suggest|get)\s+(?:me|us)?\s*(a\s+few|some|several|a\s+couple(?:\s+of)?|two|three|four|five|\d)\s+(?:different\s+)?(?:[\w-]+\s+){0,2}?(?:options|versions|variations|alternatives|choices|takes|variants)(?:\s+(?:on|of|for)\s+(?:the|that|this|it)(?:\s+[\w-]+){0,2})?(\s+to\s+(?:choose|pick)\s+from|\s+first)?$/i;

function tidy(text: string): string {
  return text
    // "… video pls": a please said after the ask is no part of the work.
    .replace(/(?<!\s)\s+(?:pls|plz|please)[\s.!]*$/i, '')
    // Brackets a check was taken out of: "announcing the launch (I'll okay the post first)".
    .replace(/\(\s*\)/g, '')
    .replace(/\s+([,.;!?])/g, '$1')
    .replace(/^[\s,;:.\-–—]+|[\s,;:.!?\-–—]+$/g, '')
    // A clause cut before the check said after its "and" ("Review this lease and, once I have approved…"); each run of blanks
    // is tried only where it starts.
    .replace(/(?<![\s,])[\s,]+(?:and|y|e|et|und|en)$/i, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function titleOf(goal: string): string {
  const firstLine = goal.trim().split(/\r?\n|(?<=[.!?])\s/)[0] ?? '';
  const title = capitalizeFirst(firstLine.replace(/^\s*(?:\d+[.)]|[-*•])\s*/, '').replace(/[.:;,]+$/, '').trim()) || 'Workflow';
  return shorten(title, 80);
}

/** At most `max` characters, cut at a word boundary where there is one, with an ellipsis. */
function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…` : text;
}
