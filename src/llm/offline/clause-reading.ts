import winkNLP, { type ItsFunction } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { NUMBER_WORDS } from '../../common/number-words.js';
import { sumsUpReceipt } from '../../common/receipt-words.js';
import { inEnglishWords } from './words-in-other-languages.js';

/** One wink-nlp instance for the process: loading the English model takes a few hundred milliseconds. */
const nlp = winkNLP(model);
// wink-nlp's `its` helpers are plain functions it calls with its own arguments, never methods of `its`.
// eslint-disable-next-line @typescript-eslint/unbound-method
const { lemma: LEMMA, pos: POS, negationFlag: NEGATION, precedingSpaces: SPACES } = nlp.its;

interface Word {
  text: string;
  lemma: string;
  pos: string;
  /** Set on the words a "not", "no", "n't", "never" or "without" governs, up to the clause's end. */
  negated: boolean;
  /** The spaces before the word, so that words put back together read as written. */
  spaces: string;
}

/** The words of a text with their lemmas, parts of speech and negation, as wink-nlp's English model reads them. */
function wordsOf(text: string): Word[] {
  return wordsOfDoc(nlp.readDoc(text));
}

function wordsOfDoc(doc: ReturnType<typeof nlp.readDoc>): Word[] {
  const tokens = doc.tokens();
  const lemmas = tokens.out(LEMMA as ItsFunction<string>);
  const tags = tokens.out(POS);
  const negated = tokens.out(NEGATION as ItsFunction<boolean>);
  const spaces = tokens.out(SPACES as ItsFunction<string>);
  return tokens.out().map((word, index) => ({
    text: word,
    lemma: String(lemmas[index]).toLowerCase(),
    pos: String(tags[index]),
    negated: Boolean(negated[index]),
    spaces: String(spaces[index]),
  }));
}

/** Parts of speech that carry no work of their own: a clause may open on them before its verb or person. */
const LEAD_TAGS = new Set(['CCONJ', 'ADV', 'PART', 'INTJ', 'PUNCT']);

/** What a clause that only asks for a person's say means, and what the person then does with the output. */
export interface PersonalCheck {
  /** How the output leaves once approved ("send", "publish"), when the clause says. */
  handOff?: 'send' | 'publish';
}

/** Verbs (lemmas) of a person's decision on an output: seeing, picking, approving it. */
const DECISION_VERBS = new Set(['see', 'pick', 'choose', 'select', 'approve', 'review', 'check', 'ok', 'okay', 'vet', 'sign', 'look', 'read', 'decide']);
/** Who may decide: the asker or another person, never the model. */
const PEOPLE = new Set(['i', 'me', 'we', 'us', 'she', 'he', 'they', 'someone', 'somebody', 'manager', 'boss', 'team', 'editor', 'legal', 'lawyer', 'person', 'human', 'owner', 'client']);
/** Verbs that put the decision on a person ("let me pick", "I need to see", "my manager must check"). */
const HANDING_VERBS = new Set(['let', 'have', 'get', 'need', 'want', 'wanna', 'gotta', 'like', 'must', 'should', 'will', 'would', 'can', 'to', 'be', 'do', 'shall', 'require']);
/** Possessives that make the noun after them a person who may decide ("my cohost", "our accountant"). */
const POSSESSIVES = new Set(['my', 'our']);
/**
 * Decisions only a person's sign-off means, whoever the subject: "the committee must approve the
 * announcement", "jess needs to OK the script" ("customers can choose a flavour" is no check).
 */
const SIGN_OFF_VERBS = new Set(['approve', 'ok', 'okay', 'sign', 'vet', 'review', 'check']);
/**
 * A sign-off by its noun, which an output may need ("the poster needs sign-off from our director", "the post requires
 * my approval", "the script must get the OK from legal"); "sign" counts only as "sign-off".
 */
const SIGN_OFF_NOUNS = new Set(['approval', 'ok', 'okay', 'review', 'sign', 'signoff', 'go-ahead']);
const SENDING = new Set(['send', 'email', 'mail']);
const PUBLISHING = new Set(['post', 'publish', 'go', 'share', 'release', 'tweet', 'upload']);

/**
 * Reads a clause with wink-nlp's English model and says whether it only asks for a person's
 * decision on the output before it ("I need to see the email before it's sent", "let me pick
 * one", "my manager has to sign off"): such a clause qualifies the step before it and is no step
 * of its own. The clause is a person (subject or object of let/have) followed, through modal and
 * wanting verbs only, by a decision verb. One pass over the tokens: linear in the clause.
 */
/** An approval as a thing given: "the thumbs up", "the nod", "the green light". */
const APPROVAL_GIVEN = String.raw`thumbs[\s-]+up|nod|ok|okay|green\s+light|go-ahead|seal\s+of\s+approval`;
/** Giving an output a look or a decision: "gives it a once-over", "gave the outline the thumbs up", "give the post the nod". */
const GIVES_A_DECISION = new RegExp(
  String.raw`\b(give|gives|gave)\s+((?:it|them|this|that)|(?:the|my|our|this|that|each|every)\s+[\w-]+(?:\s+[\w-]+)??)\s+(?:(?:a|the|her|his|their|my|our)\s+)?(?:quick\s+|final\s+)?(once-over|look(?:-over)?|read(?:-through)?|check|${APPROVAL_GIVEN})\b`,
  'gi',
);
/** Giving the approval on an output, named after it: "give the thumbs-up on the message", "gave the nod to the poster". */
const GIVES_APPROVAL_ON = new RegExp(String.raw`\b(give|gives|gave)\s+(?:(?:a|the|her|his|their|my|our)\s+)?(?:final\s+)?(?:${APPROVAL_GIVEN})\s+(?:on|to|for)\s+`, 'gi');
/** "give", "gives", "gave" as the verb of the decision given: "check", "approves", "approved". */
function decided(give: string, verb: 'check' | 'approve'): string {
  const form = give.toLowerCase();
  return form === 'give' ? verb : form === 'gave' ? (verb === 'check' ? 'checked' : 'approved') : `${verb}s`;
}

export function personalCheckOf(clause: string): PersonalCheck | undefined {
  if (CHECK_IN_ANOTHER_LANGUAGE.test(clause)) return {};
  // "I'll double-check them": the tagger splits "double-check" into an adjective and a noun; it is checking. "I want eyes on
  // the reply" is wanting to see it.
  const words = wordsOf(
    clause
      .replace(/\b(?:double|cross|re)-?(check|read)\b/gi, '$1')
      // "sam will want a look at the reel", "I'd like a look at the outline": a look at an output is checking it.
      .replace(/\b(want|like|need|have|take|get)s?\s+a\s+(?:quick\s+|proper\s+)?look\s+(?:at|over)\b/gi, (_phrase, verb: string) => (/^(?:have|take|get)$/i.test(verb) ? 'check' : `${verb} to check`))
      // "the poster needs Ruth's ok": a sign-off named by whose it is is a sign-off from them.
      // ("Both need Siobhan's go-ahead": what needs it is what she approves.)
      .replace(
        /^(.{1,60}?)\s+(?:needs?|requires?|gets?|must\s+get|has\s+to\s+get|have\s+to\s+get)\s+(?:(\p{Lu}[\p{L}-]*)['’]s|[Mm]y)\s+(?:ok|okay|approval|sign-?off|go-ahead|blessing)\b/u,
        (_phrase, thing: string, person?: string) => `${person ?? 'I'} ${person ? 'approves' : 'approve'} ${/^(?:they|both|they\s+both)$/i.test(thing) ? 'both' : thing}`,
      )
      // "Let Dave have a look at the post", "get our editor to read it": they check it.
      .replace(
        /^(?:[Ll]et|[Hh]ave|[Gg]et)\s+((?:my|our)\s+[\w-]+|\p{Lu}[\p{L}-]+)\s+(?:to\s+)?(?:have\s+a\s+(?:quick\s+|proper\s+)?look\s+(?:at|over)|see|check|look\s+over|read|review|approve)\b/u,
        (_clause, person: string) => `${person} checks`,
      )
      // "Run everything past Hannah", "put the caption by me": they check it.
      .replace(/^(?:[Pp]lease\s+)?(?:[Rr]un|[Pp]ut)\s+(.{1,60}?)\s+(?:past|by)\s+((?:my|our)\s+[\w-]+|\p{Lu}[\p{L}-]+|me)\b/u, (_clause, thing: string, person: string) => `${person === 'me' ? 'I' : person} checks ${thing}`)
      // "Priya likes to glance over the replies": glancing or skimming over an output is checking it.
      .replace(/\b(glance|skim)(s|d)?\s+(?:over|through|at)\b/gi, (_phrase, _verb: string, ending?: string) => `check${ending === 'd' ? 'ed' : ending ?? ''}`)
      // "priya wants to eyeball the replies": looking an output over is checking it.
      .replace(/\beyeball(s|ed)?\b/gi, 'check$1')
      // "want to ok the caption first": a wish typed without its "I" is still the asker's.
      .replace(/^\s*(?=(?:want|need|wanna|gotta|would\s+like)\s+(?:to\s+)?(?:ok|okay|approve|see|check|review|sign|vet|read|look|pick|choose)\b)/i, 'I ')
      .replace(/\b(want|need|like)\s+(?:my\s+|our\s+)?eyes\s+on\b/gi, '$1 to see')
      // "ping me b4 the post goes live", "give me a shout before they go out": to be called first is to see it first.
      .replace(
        /\b(?:ping|text|message|buzz|call|nudge|alert|tell|give)\s+me(?:\s+a\s+(?:shout|heads-?up|ring|bell))?\s+(?:before|b4|bfore|befor)\s+((?:the|it|they|this|that|these|those|our|my)\b[^.;!?]{0,60}?)\s+(?:goes|go|gets|get|is|are)\s+(?:live|out|up|posted|sent|published)\b/gi,
        (_phrase, thing: string) => `I want to see ${/^(?:it|they)$/i.test(thing) ? 'it' : thing} before it goes out`,
      )
      // "Anything with the logo goes past my wife first": she checks it.
      .replace(/^(.{1,80}?)\s+(?:goes|go|gets|get|runs|run)\s+(?:past|by)\s+((?:my|our)\s+[\w-]+|\p{Lu}[\p{L}-]+|me)\b/u, (_clause, thing: string, person: string) => `${person === 'me' ? 'I' : person} checks ${thing}`)
      // "Tevita has to give the thumbs-up on the message": he approves it.
      .replace(GIVES_APPROVAL_ON, (_phrase, give: string) => `${decided(give, 'approve')} `)
      // "Mia gives it a once-over": she checks it; "Aiko gives the outline the thumbs up": she approves it.
      .replace(GIVES_A_DECISION, (_phrase, give: string, object: string, decision: string) => `${decided(give, /^(?:once-over|look|read|check)/i.test(decision) ? 'check' : 'approve')} ${object}`),
  );
  // Where the clause's work starts, past conjunctions, adverbs and interjections.
  const opening = words.findIndex((word) => !LEAD_TAGS.has(word.pos));
  if (opening < 0) return undefined;
  const held = heldForDecision(words, opening) ?? clearedWithPerson(words, opening);
  if (held) return held;
  const shown = shownToPersonAt(words, opening);
  if (shown >= 0) return handOffAfter(words.slice(shown + 1));
  let personAt = -1;
  let decisionAt = -1;
  // Any other noun as the subject ("the committee", "jess") decides only by a verb of signing off.
  let anyNoun = false;
  let relativeUntil = -1;
  for (const [index, word] of words.entries()) {
    if (personAt < 0) {
      // "our accountant", "our legal counsel": a noun after a possessive, adjectives between.
      let before = index - 1;
      while (words[before]?.pos === 'ADJ') before--;
      const someones = word.pos === 'NOUN' && POSSESSIVES.has(words[before]?.lemma ?? '');
      // A person by name ("Dana has to approve it") decides as "my manager" does.
      const named = word.pos === 'PROPN' && index === opening;
      if (someones || named || (PEOPLE.has(word.lemma) && (word.pos === 'PRON' || word.pos === 'NOUN' || word.pos === 'PROPN'))) {
        personAt = index;
        // "our head potter", "my office manager Priya": the nouns of the person's role and name are the one person.
        while (someones && (words[personAt + 1]?.pos === 'NOUN' || words[personAt + 1]?.pos === 'PROPN') && !DECISION_VERBS.has(words[personAt + 1].lemma)) personAt++;
      } else if ((word.pos === 'NOUN' || word.pos === 'PROPN') && !words.slice(opening, index).some((before) => before.pos === 'NOUN' || before.pos === 'PROPN')) {
        [personAt, anyNoun] = [index, true];
      } else if (word.pos !== 'DET' && word.pos !== 'PRON' && word.pos !== 'ADJ' && !LEAD_TAGS.has(word.pos) && !HANDING_VERBS.has(word.lemma)) return undefined;
      continue;
    }
    // Words of the person's own phrase, read already ("Jo the committee chair").
    if (index <= personAt) continue;
    // "The Facebook post needs…": a subject of more than one noun is still the one thing.
    if (anyNoun && index === personAt + 1 && (word.pos === 'NOUN' || word.pos === 'PROPN')) {
      personAt = index;
      continue;
    }
    // A generic subject decides by seeing or reading only before the output goes on: "the head wants to see the outline first".
    const beforeItGoes = (): boolean => words.slice(index + 1).some((after) => after.lemma === 'before' || after.lemma === 'first' || after.lemma === 'until');
    // "go through it", "go over the draft": reading it, as "read" is.
    const decides = DECISION_VERBS.has(word.lemma) || (word.lemma === 'go' && ['through', 'thru', 'over'].includes(words[index + 1]?.lemma ?? ''));
    if (anyNoun ? SIGN_OFF_VERBS.has(word.lemma) || (decides && beforeItGoes()) : decides) {
      decisionAt = index;
      break;
    }
    // The thing's sign-off by its noun, after a verb that hands it over ("needs", "must get"), through "my" or "the".
    if (anyNoun && index > personAt + 1 && isSignOffNoun(words, index)) {
      decisionAt = index;
      break;
    }
    if (anyNoun && (word.pos === 'DET' || word.pos === 'PRON') && isSignOffNoun(words, index + 1)) continue;
    // "needs my cofounder Arjun's sign-off": the sign-off after a person's possessive.
    if (anyNoun && (word.pos === 'DET' || word.pos === 'PRON')) {
      let at = index + 1;
      while (at < index + 5 && (words[at]?.pos === 'NOUN' || words[at]?.pos === 'PROPN')) at++;
      if (at > index + 1 && words[at]?.pos === 'PART' && isSignOffNoun(words, at + 1)) {
        relativeUntil = at + 1;
        continue;
      }
    }
    // "My partner Aoife signs off": the name after the person is the same person; so is "Jo the committee chair".
    if (index === personAt + 1 && word.pos === 'PROPN') {
      personAt = index;
      continue;
    }
    // "Ana (head chef) has to approve": what the brackets say after the person is about the person.
    if (index === personAt + 1 && word.text === '(') {
      const close = words.findIndex((after, at) => at > index && at <= index + 8 && after.text === ')');
      if (close < 0) return undefined;
      personAt = close;
      continue;
    }
    if (index === personAt + 1 && /^\p{Lu}/u.test(words[personAt].text) && word.lemma === 'the') {
      // Up to the verb, which the tagger may read as a noun ("chair signs").
      const inPhrase = (word?: Word): boolean => word !== undefined && !DECISION_VERBS.has(word.lemma) && ['DET', 'NOUN', 'ADJ'].includes(word.pos);
      while (inPhrase(words[personAt + 1])) personAt++;
      continue;
    }
    // "Margaret who chairs the committee has to okay it": a relative clause about the person, up to the verb that hands over.
    if (index === personAt + 1 && (word.lemma === 'who' || word.lemma === 'that')) {
      relativeUntil = words.findIndex((after, at) => at > index && HANDING_VERBS.has(after.lemma) && after.pos !== 'PART');
      if (relativeUntil < 0) return undefined;
      continue;
    }
    if (index < relativeUntil) continue;
    if (!HANDING_VERBS.has(word.lemma) && word.pos !== 'PART' && word.pos !== 'ADV' && word.pos !== 'AUX') return undefined;
  }
  if (decisionAt < 0) return undefined;
  // "he's reading it tonight" says what someone will do with the output, not that it waits for them: seeing or reading
  // decides only when wanted, needed or let ("I need to see it", "let me read it") or said to come first.
  const wanted = words.slice(opening, decisionAt).some((word) => WANTING.has(word.lemma));
  const first = words.slice(decisionAt + 1).some((word) => UNTIL.has(word.lemma) || word.lemma === 'first');
  if (SEEING_VERBS.has(words[decisionAt].lemma) && !wanted && !first) return undefined;
  return handOffAfter(words.slice(decisionAt + 1));
}

/** Verbs of seeing or reading an output, which decide nothing by themselves. */
const SEEING_VERBS = new Set(['see', 'look', 'read', 'go']);
/** Verbs and modals that make seeing a person's say: "let me", "I need to", "she'll want to", "you must". */
const WANTING = new Set(['let', 'have', 'get', 'need', 'want', 'wanna', 'gotta', 'like', 'require', 'will', 'would', 'must', 'should', 'shall', 'can', 'could', 'may']);

function isSignOffNoun(words: Word[], index: number): boolean {
  const word = words[index];
  if (!word || !SIGN_OFF_NOUNS.has(word.lemma) || (word.pos !== 'NOUN' && word.pos !== 'INTJ' && word.pos !== 'PROPN')) return false;
  return word.lemma !== 'sign' || words[index + 1]?.lemma === 'off' || words[index + 2]?.lemma === 'off';
}

/**
 * A person's pick or approval in the languages asks are mixed with (the English model reads none of them): Tagalog "si Carlo
 * pipili ng thumbnail" (Carlo will pick), Spanish "Marta tiene que aprobar el guion", "que lo revise mi jefe", Portuguese
 * "o chefe tem que aprovar". A lexicon, not a parse: the offline model parses English only.
 */
/** Giving the OK, said as a verb's object: "dar el visto bueno", "dare l'ok", "donner son feu vert", "dar o ok". */
const GIVING_THE_OK = String.raw`(?:dar|dare|donner)\s+(?:el|su|l['’]|il\s+suo|le|son|o|seu)\s*(?:visto\s+bueno|ok|okay|feu\s+vert|via\s+libera|aval)`;
/** Reviewing or seeing "it", the verb with its object pronoun: "revisarlo", "verla", "revê-lo", "rivederla" (a thing made, not a document to read). */
const SEE_IT = String.raw`(?:(?:revisar|ver|aprobar|validar|elegir|escoger)l[oa]s?|(?:revê|vê|aprová|revisá)-l[oa]s?|(?:veder|riveder|approvar|controllar)l[oaie])`;
const CHECK_IN_ANOTHER_LANGUAGE = new RegExp(
  String.raw`^\s*(?:(?:si|kay)\s+\p{Lu}[\p{L}-]*\s+(?:ang\s+)?(?:pipili|pumili|mamimili|pipiliin|mag-?aapprove|titingin|magche-?check)\b|` +
    // A name, or a possessive or article and a noun ("Minha sócia", "ma gérante", "meine Chefin"), then must and a verb of deciding.
    // "La nostra editor Giulia deve approvarla": a name may follow the noun, and the object its verb.
    String.raw`(?:\p{Lu}[\p{L}-]*|(?:[Mm]is?|[Mm]inha|[Mm]eu|[Nn]uestr[ao]|[Nn]oss[ao]|[Mm]on|[Mm]a|[Nn]otre|[Mm]eine?|[Uu]nsere?|[Ii]l\s+mio|[Ll]a\s+mia|[Mm]ia|[Mm]io|[Ii]l\s+nostro|[Ll]a\s+nostra|[Oo]|[Aa]|[Ee]l|[Ll]a|[Ll]e|[Ii]l)\s+\p{L}+(?:\s+\p{Lu}[\p{L}-]*)?)\s+` +
    String.raw`(?:tiene\s+que|debe|tem\s+(?:que|de)|precisa|doit|muss|deve)\s+` +
    String.raw`(?:aprobar|revisar|elegir|aprovar|escolher|valider|approuver|choisir|relire|vérifier|freigeben|prüfen|genehmigen|absegnen|auswählen|approvare|scegliere|controllare|rivedere|${GIVING_THE_OK}|(?:aprobar|revisar|approvar|controllar|riveder|sceglier)l[aoie]s?)\b|` +
    // "Je veux voir le post", "Quiero ver el guion", "Voglio vedere la bozza", "Ich will das Skript sehen": I want or must see it.
    // Not "revisar" or "prüfen", which ask as often for a reading ("quiero revisar este contrato").
    String.raw`(?:[Jj]e\s+(?:veux|voudrais|dois)|[Qq]uiero|[Nn]ecesito|[Vv]oglio|[Vv]orrei|[Dd]evo|[Qq]uero|[Pp]reciso|[Ii]ch\s+(?:will|möchte|muss)(?:['’]s)?)\s+(?:[^.;!?]{0,60}?\s)?` +
    String.raw`(?:voir|revoir|relire|valider|approuver|ver|aprobar|vedere|rivedere|approvare|aprovar|sehen|absegnen|freigeben|${SEE_IT})\b|` +
    // A name deciding in the present, as a habit: "Claire valide toujours le post", "Marta revisa siempre el guion".
    String.raw`\p{Lu}[\p{L}-]*\s+(?:valide|approuve|relit|vérifie|revisa|aprueba|aprova|prüft|genehmigt|approva|controlla)\s+(?:(?:toujours|siempre|sempre|immer)\s+)?(?:le|la|les|el|los|las|o|a|os|as|den|die|das|il|lo|i|gli)\s|` +
    // The object first, as German puts it: "Den Beitrag muss Jana freigeben", "Das Skript will ich absegnen".
    String.raw`(?:[Dd]as|[Dd]ie|[Dd]en|[Dd]er)\s+\p{L}+\s+(?:will|muss|möchte|soll)\s+(?:ich|\p{Lu}\p{L}+)(?:\s+\p{Ll}+){0,2}?\s+(?:sehen|absegnen|freigeben|genehmigen|prüfen)\b|` +
    // Dutch, with the verb last: "Mijn collega Sanne moet het bericht goedkeuren", "Ik wil het script eerst zien".
    String.raw`(?:\p{Lu}[\p{L}-]*|(?:[Mm]ijn|[Oo]nze?|[Dd]e)\s+\p{L}+(?:\s+\p{Lu}[\p{L}-]*)?|[Ii]k)\s+(?:moet|wil|gaat|mag)\s+(?:[^.;!?]{0,60}?\s)?(?:goedkeuren|zien|controleren|bekijken|nakijken|kijken|kiezen|checken|lezen)\b|` +
    // "Montre-moi l'e-mail avant qu'il parte", "Muéstrame el guion antes", "Das Skript zeigst du bitte zuerst mir": shown first.
    // (Without "before" or "first" a "show me" in these languages as often asks what a document holds: "montre-moi les risques".)
    String.raw`(?:(?:[Mm]ontre|[Mm]ontrez)-moi|[Mm]u[ée]strame|[Ee]ns[ée][ñn]ame|[Mm]ostr[ae]-me|[Mm]ostrami|[Ff]ammi\s+vedere)\b[^.;!?]{0,60}?\b(?:avant|antes|prima|d['’]abord|primero|primeiro)(?![\p{L}])|` +
    String.raw`(?:(?:[Dd]as|[Dd]ie|[Dd]en|[Dd]er)\s+[\p{L}-]+\s+)?[Zz]eig(?:e|st|t|en)?\b(?=[^.;!?]{0,60}?\b(?:zuerst|erst|vorher|bevor)\b)(?=[^.;!?]{0,60}?\b(?:mir|uns)\b)|` +
    // "c'est moi qui choisirai", "c'est Claire qui valide": who decides, set off in French.
    String.raw`[Cc]['’]est\s+(?:moi|\p{Lu}[\p{L}-]*)\s+qui\s+(?:choisi\p{L}*|valide\p{L}*|décide\p{L}*|approuve\p{L}*|relit|relira)|` +
    // "El post se lo pasas antes a Paco", "pásaselo a Marta antes": passed to someone first, in Spanish.
    String.raw`(?:(?:[Ee]l|[Ll]a|[Ll]os|[Ll]as)\s+[\p{L}-]+\s+)?(?:se\s+l[oa]s?\s+pas(?:as|áis|a|es)|pás(?:a|e)sel[oa]s?)\s+(?:antes\s+)?a\s+\p{Lu}|` +
    // "Laat me eerst de thumbnail-ideeën zien": let me see it, in Dutch.
    String.raw`[Ll]aat\s+(?:me|mij|ons)\s+(?:[^.;!?]{0,60}?\s)?(?:zien|kiezen|lezen|nakijken)\b|` +
    // I read it first, in the present or future: "Je relis le courriel avant qu'il parte", "Yo reviso el post antes de publicarlo".
    String.raw`(?:[Jj]e\s+(?:relis|vérifie|valide|regarde|relirai|vérifierai|validerai)|[Yy]o\s+(?:reviso|apruebo|leo|revisaré)|[Ii]o\s+(?:rivedo|controllo|approvo|leggo)|[Ee]u\s+(?:reviso|aprovo|leio|vejo)|[Ii]ch\s+(?:prüfe|lese|schaue)|[Ii]k\s+(?:lees|controleer|bekijk))\b[^.;!?]{0,80}?(?:avant|antes|prima|bevor|vorher|voordat|eerst|d['’]abord|primero)(?![\p{L}])|` +
    // The object first in Italian: "L'immagine la deve approvare Giulia", "Il copione lo voglio vedere io".
    String.raw`(?:[Ll]['’]\s*|(?:[Ii]l|[Ll]o|[Ll]a|[Gg]li|[Ii]|[Ll]e)\s+)\p{L}+(?:\s+(?:del|della|dello|di)\s+\p{L}+)?\s+(?:l['’]\s*|(?:la|lo|le|li)\s+)(?:deve|devono|vuole|vogliono|voglio)\s+(?:approvare|vedere|controllare|rivedere|scegliere)\b|` +
    // The object first, as Spanish and Portuguese put it: "La imagen la tiene que aprobar Lucía", "El guion del reel quiero verlo yo".
    // …or with the person first, deciding it themselves: "El guion lo reviso yo", "O roteiro aprovo eu".
    String.raw`(?:[Ee]l|[Ll]as?|[Ll]os|[Oo]s?|[Aa]s?)\s+\p{L}+(?:\s+(?:del|de|da|do|della|dello)\s+\p{L}+)?\s+(?:(?:la|lo|las|los|a|o)\s+(?:tiene|tienen|debe|deben|tem|têm)\s+que\s+(?:aprobar|revisar|elegir|aprovar|escolher|${GIVING_THE_OK})|(?:(?:la|lo|las|los|a|o)\s+)?(?:reviso|apruebo|miro|valido|aprovo|vejo)(?:\s+(?:yo|eu))?|(?:quiero|quero|voglio)\s+${SEE_IT}(?:\s+(?:yo|eu|io))?)\b|` +
    // In the passive: "La miniature doit être validée par Maître Dubois", "debe ser aprobado por", "deve essere approvato da".
    String.raw`(?:[\p{L}'’-]+\s+){0,5}?(?:(?:doit|doivent)\s+être\s+(?:validée?s?|approuvée?s?|relue?s?|vérifiée?s?)\s+par|(?:debe|deben|tiene\s+que|tienen\s+que)\s+ser\s+(?:aprobad[oa]s?|revisad[oa]s?)\s+por|(?:deve|devem|tem\s+que)\s+ser\s+(?:aprovad[oa]s?|revisad[oa]s?)\s+(?:por|pel[oa])|(?:deve|devono)\s+essere\s+(?:approvat[oaie]|rivist[oaie]|controllat[oaie])\s+da))`,
  'u',
);

function handOffAfter(after: Word[]): PersonalCheck {
  if (after.some((word) => SENDING.has(word.lemma))) return { handOff: 'send' };
  if (after.some((word) => PUBLISHING.has(word.lemma) && word.pos === 'VERB')) return { handOff: 'publish' };
  return {};
}

/** Verbs (lemmas) of keeping an output back ("hold it", "keep it as a draft", "wait with it"). */
const HOLDING_VERBS = new Set(['hold', 'keep', 'wait', 'park', 'save']);
/** Words (lemmas) that end a holding: "until", "till", "before", "unless" someone decides. */
const UNTIL = new Set(['until', 'till', 'before', 'unless']);

/**
 * "don't post anything until I approve it", "hold it until I've had a look", "never send it before
 * my editor has read it": the output is kept back until a decision (a decision verb after
 * "until"/"before"; the person may go unnamed: "until approved"). A release verb that is negated
 * ("do not", "never") names the hand-off. "Don't post until Friday" is a time, not a decision.
 */
function heldForDecision(words: Word[], opening: number): PersonalCheck | undefined {
  let at = opening;
  if (words[at].lemma === 'do' && words[at + 1]?.lemma === 'not') at += 2;
  let release: Word | undefined;
  // "Nothing goes out until I've signed off", "no post is sent before my OK": the subject says none of it leaves.
  const none = words[at].lemma === 'nothing' || (words[at].lemma === 'no' && words[at + 1]?.pos === 'NOUN');
  if (none) {
    release = words.slice(at + 1).find((word) => UNTIL.has(word.lemma) || SENDING.has(word.lemma) || PUBLISHING.has(word.lemma));
    if (!release || UNTIL.has(release.lemma)) return undefined;
  } else if (!HOLDING_VERBS.has(words[at]?.lemma ?? '')) {
    // "never" is an adverb the lead skips; the verb it negates is flagged.
    release = words[at];
    if (!release?.negated || (!SENDING.has(release.lemma) && !PUBLISHING.has(release.lemma))) return undefined;
  }
  const until = words.findIndex((word, index) => index > at && UNTIL.has(word.lemma));
  if (until < 0 || !words.slice(until + 1).some((word) => DECISION_VERBS.has(word.lemma))) return undefined;
  if (release) return SENDING.has(release.lemma) ? { handOff: 'send' } : { handOff: 'publish' };
  return handOffAfter(words.slice(until + 1));
}

/** Verbs (lemmas) of settling an output with a person ("confirm with me", "clear it with our lawyer"). */
const CLEARING_VERBS = new Set(['confirm', 'check', 'clear']);

/** "confirm with me before it goes out": a person, after "with", settles the output first. */
function clearedWithPerson(words: Word[], verbAt: number): PersonalCheck | undefined {
  if (!CLEARING_VERBS.has(words[verbAt].lemma)) return undefined;
  // At most an object pronoun ("it", "them") between the verb and "with".
  const withAt = words[verbAt + 1]?.lemma === 'with' ? verbAt + 1 : words[verbAt + 1]?.pos === 'PRON' && words[verbAt + 2]?.lemma === 'with' ? verbAt + 2 : -1;
  if (withAt < 0) return undefined;
  const person = words[withAt + 1];
  const someones = POSSESSIVES.has(person?.lemma ?? '') && words[withAt + 2]?.pos === 'NOUN';
  if (!person || !(someones || (PEOPLE.has(person.lemma) && person.pos === 'PRON'))) return undefined;
  return handOffAfter(words.slice(withAt + (someones ? 3 : 2)));
}

/** Verbs of putting an output before a person ("run the post by me", "show it to my boss first"). */
const SHOWING_VERBS = new Set(['run', 'show', 'pass', 'bounce', 'send']);

/**
 * Where "run/show/pass <output> by/past/to <person>" names the person, when the clause opens on
 * such a verb: the person decides on the output, as with "let me see it"; "send it to me" only for a decision ("to okay",
 * "for approval"). -1 otherwise.
 */
function shownToPersonAt(words: Word[], verbAt: number): number {
  if (!SHOWING_VERBS.has(words[verbAt].lemma)) return -1;
  // "show me the invite first": the person is the verb's own object, and the showing comes before something.
  const showsFirst = words.slice(verbAt + 2).some((word) => word.lemma === 'first' || word.lemma === 'before' || word.lemma === 'beforehand');
  if (words[verbAt].lemma === 'show' && PEOPLE.has(words[verbAt + 1]?.lemma ?? '') && showsFirst) return verbAt + 1;
  for (let at = verbAt + 1; at < Math.min(words.length - 1, verbAt + 8); at++) {
    if (['by', 'past', 'to'].includes(words[at].lemma)) {
      const person = [words[at + 1], words[at + 2]].findIndex((word) => word !== undefined && PEOPLE.has(word.lemma));
      if (person < 0) return -1;
      const personAt = at + 1 + person;
      // "send it to me to okay": sent for a decision, not sent on ("send it to the team" publishes it).
      const decided = words.slice(personAt + 1).some((word) => DECISION_VERBS.has(word.lemma) || SIGN_OFF_NOUNS.has(word.lemma));
      return words[verbAt].lemma !== 'send' || decided ? personAt : -1;
    }
  }
  return -1;
}

/** Whether a clause opens on a verb, as wink-nlp's English model tags it ("chop it into a reel"). */
export function opensWithVerb(clause: string): boolean {
  const [first, second] = wordsOf(clause.slice(0, 200));
  // "do a thumbnail": the model tags "do" an auxiliary, but before a noun phrase it is the verb.
  return first?.pos === 'VERB' || (first?.pos === 'AUX' && second?.pos === 'DET');
}

/**
 * "Friendly and short, mentioning the parking", "Divertido, y con emojis": how an output should be, said with an
 * adjective that stands alone (before a comma, "and" or another adjective, not a noun: "Quick reminder to Sam" is work).
 */
export function describesOutput(clause: string): boolean {
  // The capital a sentence opens with makes the model read a name ("Friendly" as PROPN).
  const text = inEnglishWords(clause.slice(0, 200)).replace(/^\s*\p{Lu}/u, (first) => first.toLowerCase());
  const words = wordsOf(text);
  const opening = words.findIndex((word) => word.pos !== 'INTJ' && word.pos !== 'PUNCT');
  const next = words[opening + 1];
  return words[opening]?.pos === 'ADJ' && (next === undefined || ['PUNCT', 'CCONJ', 'ADJ'].includes(next.pos));
}

/** Determiners that open a thing a scene names ("a new puppy package", "our autumn menu"). */
const THING_DETERMINERS = new Set(['a', 'an', 'the', 'our', 'my', 'their', 'its', 'this']);

/**
 * What a scene-setting sentence is about, for "write a post about it" after it: the object of its
 * first verb when a determiner opens it ("We're launching a new puppy package next week" → "a new
 * puppy package"): the determiner, adjectives, then nouns, up to the first word after a noun that is
 * none. Undefined when the verb has no such object ("Harvest starts next week"). One pass.
 */
export function thingOfScene(sentence: string): string | undefined {
  const words = wordsOf(sentence.slice(0, 300));
  // "Our winter open studio is on 7 December": with "to be" as its only verb, the scene is about its subject.
  const be = words.findIndex((word) => word.lemma === 'be');
  // "Our Facebook page has been dead": the auxiliaries before "been" are no part of the subject.
  let subjectEnd = be;
  while (subjectEnd > 1 && words[subjectEnd - 1].pos === 'AUX') subjectEnd--;
  const subject = words.slice(1, subjectEnd);
  if (
    be > 1 &&
    be <= 7 &&
    THING_DETERMINERS.has(words[0].lemma) &&
    subject.some((word) => word.pos === 'NOUN' || word.pos === 'PROPN') &&
    // No verb after "is" ("our choir is holding a concert" is about the concert).
    !words.slice(be + 1).some((word) => word.pos === 'VERB')
  ) {
    return `${words[0].text.toLowerCase()}${textOf(subject)}`;
  }
  let verbAt = words.findIndex((word) => word.pos === 'VERB');
  if (verbAt < 0) return undefined;
  // "we start selling candles", "we're going to open a shop": the object is the last verb's.
  for (let next = verbAt + 1; words[next]?.pos === 'VERB' || (words[next]?.pos === 'PART' && words[next + 1]?.pos === 'VERB'); next++) {
    if (words[next].pos === 'VERB') verbAt = next;
  }
  // "renting out electric bikes": the particle of a phrasal verb goes with the verb.
  const particle = words[verbAt + 1];
  if (particle && isParticle(particle)) verbAt += 1;
  if (!THING_DETERMINERS.has(words[verbAt + 1]?.lemma ?? '')) {
    // "We're launching sunset kayak tours": a plural needs no determiner to name things ("starts next week" names none).
    const bareEnd = nounPhraseEnd(words, verbAt + 1);
    const head = words[bareEnd - 1];
    return bareEnd > 0 && head.pos === 'NOUN' && head.lemma !== head.text.toLowerCase() ? textOf(words.slice(verbAt + 1, bareEnd)).trim() : undefined;
  }
  const end = nounPhraseEnd(words, verbAt + 2);
  if (end < 0) return undefined;
  // "I run a cattery" is my cattery; "we're opening a second shop" our second shop.
  const owner = { i: 'my', we: 'our' }[words[0]?.lemma ?? ''];
  const determiner = words[verbAt + 1];
  return `${owner && (determiner.lemma === 'a' || determiner.lemma === 'an') ? owner : determiner.text}${textOf(words.slice(verbAt + 2, end))}`;
}

/** Words put back together as written, each after its own spaces. */
function textOf(words: Word[]): string {
  return words.map((word) => `${word.spaces}${word.text}`).join('');
}

/**
 * Where the adjectives and nouns of a noun phrase starting at `at` end ("new puppy package"), a
 * hyphenated compound ("knife-sharpening") read as one word tagged by its last part; -1 without a noun.
 */
function nounPhraseEnd(words: Word[], at: number): number {
  const unitEnd = (from: number): number => {
    let last = from;
    while (words[last + 1]?.text === '-' && !words[last + 1].spaces && words[last + 2] && !words[last + 2].spaces) last += 2;
    return last + 1;
  };
  const compound = (from: number): boolean => unitEnd(from) > from + 1;
  const isNoun = (from: number): boolean => ['NOUN', 'PROPN'].includes(words[unitEnd(from) - 1]?.pos ?? '');
  let end = at;
  while (end < words.length && !isNoun(end) && (words[end].pos === 'ADJ' || words[end].pos === 'NUM' || compound(end))) end = unitEnd(end);
  const nounsFrom = end;
  while (end < words.length && isNoun(end)) end = unitEnd(end);
  return end === nounsFrom ? -1 : end;
}

/**
 * A check waived: "no need to check with me", "you don't have to show me first" — a decision verb the clause
 * negates. Such a clause asks for no approval and makes nothing.
 */
export function waivedCheck(clause: string): boolean {
  // "dont", "doesnt": the negation typed without its apostrophe.
  // "run it past me", "run any of it past me" is showing it to me.
  const all = wordsOf(
    clause
      .slice(0, 300)
      .replace(/\b(do|does|did|ca|should|would|could|is|are|was|were|have|has|need)nt\b/gi, "$1n't")
      .replace(/\brun\s+(?:(?:any|all|some|each|either|both)\s+of\s+)?(?:it|this|that|them|these|those)\s+(?:past|by)\s+/gi, 'show '),
  );
  // "for the ones who never read email": a relative clause says what someone does, it waives nothing.
  const relative = all.findIndex((word) => word.lemma === 'who' || word.lemma === 'which');
  const words = relative < 0 ? all : all.slice(0, relative);
  // "don't need to show me": showing the output to the person is their seeing it.
  const decides = (word: Word): boolean => DECISION_VERBS.has(word.lemma) || CLEARING_VERBS.has(word.lemma) || word.lemma === 'show';
  // "no need to show me", "no need for me to check any of it": a decision after "no need" is waived.
  const noNeed = words.findIndex((word, index) => word.lemma === 'need' && words[index - 1]?.lemma === 'no');
  return words.some((word, index) => decides(word) && (word.negated || (noNeed >= 0 && index > noNeed)));
}

/**
 * "Dee edits the show", "Kemi produces it": a statement of what a named person (or he, she, they) does, in the present, with
 * no word of deciding: it tells who they are, it asks us for nothing.
 */
export function statesWhatSomeoneDoes(clause: string): boolean {
  const words = wordsOf(clause.slice(0, 200));
  const subject = words[0];
  const verb = words[1];
  if (!subject || !verb) return false;
  const someone = (subject.pos === 'PROPN' && /^\p{Lu}/u.test(subject.text)) || ['he', 'she', 'they'].includes(subject.lemma);
  // The tagger may read the verb as a plural noun ("Dee edits the show"): a word in -s before a determiner is the verb.
  const verbal = verb.pos === 'VERB' || (verb.pos === 'NOUN' && ['DET', 'PRON'].includes(words[2]?.pos ?? ''));
  const presentVerb = verbal && /s$/i.test(verb.text) && !verb.negated;
  return someone && presentVerb && !words.some((word) => DECISION_VERBS.has(word.lemma) || SIGN_OFF_NOUNS.has(word.lemma));
}

/** Whether a line says anything (has a verb, as wink-nlp tags it): an ask does, a shop's name printed atop a receipt does not. */
export function hasVerb(line: string): boolean {
  return wordsOf(line.slice(0, 300)).some((word) => word.pos === 'VERB' || word.pos === 'AUX');
}

/** Verbs of making something, and the nearest thing the offline model makes for each. */
const MAKING_VERBS: Record<string, string> = {
  draw: 'an image',
  paint: 'an image',
  design: 'an image',
  sketch: 'an image',
  illustrate: 'an image',
  animate: 'a video script',
  film: 'a video script',
  shoot: 'a video script',
  record: 'a video script',
  edit: 'a video script',
  produce: 'a video script',
  compose: 'a script',
  sing: 'a script',
  code: 'an outline',
  build: 'an outline',
  program: 'an outline',
  develop: 'an outline',
  create: 'an outline or a post',
  make: 'an outline or a post',
  generate: 'an outline or a post',
};

/** What a request asks to make, read from its first verb and the words after it. */
export interface AskedWork {
  verb: string;
  object: string;
  nearest: string;
}

/**
 * The work a request asks for when its first verb is one of making ("compose a jingle", "film our
 * office tour"): the verb, its object as written (up to the first punctuation) and the nearest
 * thing the offline model makes. Undefined for questions and chat. One pass over the tokens.
 */
export function askedWorkOf(request: string): AskedWork | undefined {
  const words = wordsOf(request.slice(0, 500));
  const verbAt = words.findIndex((word) => word.pos === 'VERB' || word.pos === 'PROPN' || word.pos === 'NOUN');
  const verb = words[verbAt];
  // "Help me", "can you", "please" come before the verb; the first content word must be the making verb.
  const lead = verbAt >= 0 && verb.lemma === 'help' && words[verbAt + 1]?.lemma === 'me' ? verbAt + 2 : verbAt;
  const making = words[lead];
  if (!making || !Object.hasOwn(MAKING_VERBS, making.lemma)) return undefined;
  const objectWords: string[] = [];
  for (const word of words.slice(lead + 1)) {
    if (word.pos === 'PUNCT' || objectWords.length >= 12) break;
    objectWords.push(word.text);
  }
  if (objectWords.length === 0) return undefined;
  return { verb: making.lemma, object: objectWords.join(' ').replace(/\s+'/g, "'"), nearest: MAKING_VERBS[making.lemma] };
}

/** Number words a request counts with; "a couple of" and "a pair of" are two, "a few" three. */
const COUNT_WORDS: Readonly<Record<string, number>> = { ...NUMBER_WORDS, couple: 2, pair: 2, few: 3 };
/** Nouns a number sizes rather than counts: "30 seconds", "5 minutes", "2 weeks". */
const UNIT_NOUNS = new Set(['second', 'minute', 'hour', 'day', 'week', 'month', 'year', 'time', 'percent', 'k', 'm', 'word', 'character']);
/** Verbs that take their object out ("drop the hashtags", "skip the emojis", "lose the call to action"). */
const REMOVING_VERBS = new Set(['drop', 'remove', 'skip', 'lose', 'cut', 'omit', 'avoid', 'delete', 'strip', 'exclude', 'ditch']);

/** What a request says about the output's form, read with wink-nlp's English model. */
export interface RequestReading {
  /** "three tips", "5 ideas", "a couple of captions": how many, and the lemma of the noun counted. */
  count?: { n: number; noun: string };
  /** Lemmas of the words the request rules out: negated ("no emojis", "not for LinkedIn", "without a call to action") or removed ("drop the hashtags"). */
  excluded: Set<string>;
  /** The request without its ruled-out words, where what it does name is looked for ("…, for X"). */
  affirmed: string;
  /** The request as written without the clauses that rule out one of the given form words ("no hashtags"): what the output is about. */
  kept: string;
}

/**
 * Reads a request's counts and negations from wink-nlp's tokens: its negation flag (set on the
 * words a "not", "no", "n't", "never" or "without" governs, up to the clause's end) and the objects
 * of removing verbs. One pass over the tokens: linear in the request.
 */
export function readRequest(request: string, formWords: ReadonlySet<string> = new Set()): RequestReading {
  const words = wordsOf(request.slice(0, 500));
  const lemmas = words.map((word) => word.lemma);
  const tags = words.map((word) => word.pos);
  const excluded = new Set<string>();
  const affirmed: string[] = [];
  // Segments run between commas and conjunctions; one that rules out a form word is left out of `kept`
  // ("no emojis" directs the output; "skip the phone" is what a reel about habits says).
  const kept: string[] = [];
  let segment = '';
  let rulesOut = false;
  let count: RequestReading['count'];
  let removing = false;
  for (const [index, { text, lemma, pos: tag, negated, spaces }] of words.entries()) {
    const boundary = tag === 'CCONJ' || (tag === 'PUNCT' && /^[,;.!?]$/.test(text));
    if (boundary) {
      removing = false;
      if (!rulesOut) kept.push(segment);
      segment = '';
      rulesOut = false;
    }
    segment += `${spaces}${text}`;
    if (REMOVING_VERBS.has(lemma) && tag === 'VERB') removing = true;
    if (negated || removing || (lemma === 'no' && tag === 'DET') || NEGATORS.has(lemma)) {
      rulesOut ||= formWords.has(lemma);
      if (tag === 'NOUN' || tag === 'PROPN' || tag === 'VERB') excluded.add(lemma);
      continue;
    }
    affirmed.push(text);
    count ??= countAt(index, lemmas, tags);
  }
  if (!rulesOut) kept.push(segment);
  return { count, excluded, affirmed: affirmed.join(' '), kept: tidyKept(kept.join('')) };
}

/** Words that only negate: they rule out what follows and are no part of what is asked. */
const NEGATORS = new Set(['not', 'without', 'never']);

/** What is left of a request once clauses are cut: no dangling conjunction, comma or space at its ends. */
function tidyKept(text: string): string {
  // The lookbehind starts a match only where a run of separators starts: one scan of each run.
  const trailing = /(?<![\s,;])[\s,;]+$/;
  let rest = text.replace(/^[\s,;]+/, '').replace(trailing, '');
  for (let previous = ''; previous !== rest; ) {
    previous = rest;
    rest = rest.replace(/\s(?:and|or|but|&)$/i, '').replace(trailing, '');
  }
  return rest;
}

/** The count that starts at a token ("three", "5", "a couple of") and the noun it counts, if any. */
function countAt(index: number, lemmas: string[], tags: string[]): RequestReading['count'] {
  const lemma = lemmas[index];
  const n = /^\d{1,2}$/.test(lemma) ? Number(lemma) : Object.hasOwn(COUNT_WORDS, lemma) ? COUNT_WORDS[lemma] : undefined;
  if (n === undefined || n < 2 || n > 10) return undefined;
  if (!/^\d/.test(lemma) && tags[index] !== 'NUM' && !(lemmas[index - 1] === 'a' && ['couple', 'pair', 'few'].includes(lemma))) return undefined;
  // The counted noun ends the run of nouns and adjectives after the number ("two tweet variations").
  let noun: string | undefined;
  for (let at = index + 1; at < Math.min(lemmas.length, index + 6); at++) {
    if (tags[at] === 'NOUN') noun = lemmas[at];
    else if (noun || !(['ADJ', 'PROPN', 'ADP'].includes(tags[at]) || lemmas[at] === 'of')) break;
  }
  return noun && !UNIT_NOUNS.has(noun) ? { n, noun } : undefined;
}

/** The nouns of a request (lemmas): what it is about, beyond the form of the output. */
export function nounsOf(text: string): string[] {
  return wordsOf(text.slice(0, 500)).flatMap((word) => (word.pos === 'NOUN' || word.pos === 'PROPN' ? [word.lemma] : []));
}

/** Verbs and nouns (lemmas) of spending money: what a request about a receipt says when it does not say "receipt". */
const SPENDING = new Set([
  'spend', 'spending', 'pay', 'buy', 'purchase', 'expense', 'cost', 'bill', 'invoice', 'checkout', 'shopping', 'grocery', 'tab', 'charge', 'reimburse',
  'reimbursement', 'order', 'claim', 'budget', 'fare', 'ticket', 'log',
]);
/**
 * A line that ends on an amount of money: "Sunscreen 12.50", "Compost £6.00", "Total CN¥116", a whole-unit amount in
 * thousands ("제트스트림 3,600", "Ramen 1.200"), with a currency after it ("81,99 PLN", "9,100원") and the VAT-class
 * letter or star a till prints after it ("24,99A", "12.00 B", "5.99 *"). Tested on a line's last 40 characters.
 */
const AMOUNT_LINE =
  /(?:\d[.,]\d{2}|(?<![\d.,])\d{1,3}(?:[.,]\d{3})+|[$£€¥₩₹]\s?\d+)(?:\s?(?:[A-Z]{3}|[$£€¥₩₹]|zł|kr|Kč|원|円|元))?(?:\s?[A-Z*])?$/u;

/**
 * Whether a message is a receipt by what it means, without the word: its material is lines of
 * items with amounts, and either its request speaks of spending ("what I spent at…", "I paid
 * for…", "my expenses from…", read by lemma) or the material ends on a total line, as a receipt
 * does (any total word the receipt parser knows: src/common/receipt-words.ts). Each line is read once.
 */
export function readsAsReceipt(requestLine: string, material: readonly string[]): boolean {
  const amounts = material.filter((line) => AMOUNT_LINE.test(line.trimEnd().slice(-40)));
  if (amounts.length < 2) return false;
  return material.some((line) => sumsUpReceipt(line.trim())) || wordsOf(inEnglishWords(requestLine.slice(0, 500))).some((word) => SPENDING.has(word.lemma));
}

/** The analyses that read pasted material by what it says, in the order they are tried. */
export type MaterialReading = 'extract_receipt_data' | 'analyze_legal_document';

/**
 * What material pasted under a request line reads as when the request names neither: a receipt's
 * lines, else a contract's terms; only readings among `offered` (an agent's tools) count.
 */
export function materialReading(
  requestLine: string,
  material: readonly string[],
  offered: readonly string[] = ['extract_receipt_data', 'analyze_legal_document'],
): MaterialReading | undefined {
  if (offered.includes('extract_receipt_data') && readsAsReceipt(requestLine, [requestLine, ...material])) return 'extract_receipt_data';
  if (offered.includes('analyze_legal_document') && readsAsContract(material, requestLine)) return 'analyze_legal_document';
  return undefined;
}

/** Lemmas of contract wording: who the parties are, and what they owe, may and must do. */
const CONTRACT_WORDS = new Set([
  'shall', 'agree', 'agreement', 'party', 'terminate', 'termination', 'cancel', 'liable', 'liability', 'clause', 'tenant', 'landlord', 'lease', 'rent',
  'client', 'contractor', 'employee', 'employer', 'supplier', 'confidential', 'renew', 'indemnify', 'invoice', 'notice', 'dispute', 'arbitration',
  'competitor', 'belong', 'deposit', 'breach', 'payment', 'fee', 'term', 'damages', 'owner', 'deliver', 'warrant', 'govern', 'law', 'deal', 'contract',
  'company', 'compete', 'employ', 'invention', 'solicit', 'right', 'waive', 'claim', 'loss', 'partner', 'partnership', 'profit', 'staff', 'buyer', 'seller',
  'provider', 'licensor', 'licensee', 'license', 'licence', 'subscription', 'loan', 'borrower', 'lender', 'repay', 'interest', 'rate', 'agency',
  // Hire, rental, membership and sponsorship terms speak of their own parties and charges.
  'hire', 'hirer', 'rental', 'renter', 'charge', 'damage', 'refund', 'cancellation', 'responsible', 'responsibility', 'penalty', 'warranty', 'premises',
  'customer', 'member', 'membership', 'vendor', 'purchaser', 'consultant', 'freelancer', 'franchise', 'franchisee', 'franchisor', 'sponsor', 'venue',
  // Terms in plain English: "you won't poach our lads", "no limit on what you'd owe us", "our subcontractors".
  'poach', 'owe', 'limit', 'subcontractor', 'subcontract',
  // A job offer's terms, as the e-mail writes them to the one it hires: "end your employment", "a probation of three months"
  // (not "salary" or "wages", which a job advert to be written speaks of as well).
  'employment', 'probation',
  // Titles and courts, as the words of other languages read ("Vertraulichkeitsvereinbarung", "Gerichtsstand").
  'nda', 'jurisdiction',
]);
/** Lemmas of an obligation or a right: what makes wording a term of a contract rather than a description. */
const OBLIGATIONS = new Set([
  // Not "due": notes say "renewal due 30 June" without binding anyone.
  'shall', 'agree', 'liable', 'terminate', 'cancel', 'indemnify', 'renew', 'belong', 'waive', 'entitle', 'owe', 'govern', 'pay', 'must', 'transfer',
  'assign', 'will', 'may',
]);

/**
 * Whether pasted material is contract wording without the word "contract": two or more sentences
 * (on lines of their own or pasted as one paragraph) that speak of parties, payments, notice and
 * liability (three distinct such words, read by lemma) with at least one obligation or right.
 * Reads at most 5,000 characters once.
 */
export function readsAsContract(material: readonly string[], requestLine = ''): boolean {
  // Terms in another language read by the English words for their parties and duties ("Auftraggeber", "verpflichtet sich").
  const doc = nlp.readDoc(inEnglishWords(material.join('\n').slice(0, 5_000)));
  const sentences = Math.max(material.filter((line) => /\p{L}/u.test(line)).length, doc.sentences().out().filter((sentence) => /\p{L}/u.test(sentence)).length);
  if (sentences < 2) return false;
  const lemmas = new Set(wordsOfDoc(doc).map((word) => word.lemma));
  const terms = [...lemmas].filter((lemma) => CONTRACT_WORDS.has(lemma)).length;
  // "Check this before I sign": the ask says it is to be signed, so its terms need not name parties or liability.
  const toSign = wordsOf(inEnglishWords(requestLine.slice(0, 300))).some((word) => word.lemma === 'sign' && word.pos === 'VERB');
  return (terms >= 3 || toSign) && [...lemmas].some((lemma) => OBLIGATIONS.has(lemma));
}

/** Particles of phrasal verbs ("put together", "whip up", "knock out") that come before the verb's object. */
const PARTICLES = new Set(['together', 'up', 'out', 'down', 'off', 'over']);
/** The particle of a phrasal verb ("put together", "rent out"), tagged as an adverb or an adposition. */
function isParticle(word: Word): boolean {
  return PARTICLES.has(word.lemma) && ['ADV', 'ADP', 'PART'].includes(word.pos);
}
/** Parts of speech that open a noun phrase: the object after a particle. */
const OBJECT_OPENERS = new Set(['DET', 'ADJ', 'NUM', 'NOUN', 'PROPN', 'PRON']);

/**
 * What follows a verb without the particle of a phrasal verb ("together an outline for…" → "an
 * outline for…"), read from wink-nlp's parts of speech: the particle is an adverb or adposition
 * followed by the start of a noun phrase. Text without one is returned as it is.
 */
export function withoutParticle(afterVerb: string): string {
  const trimmed = afterVerb.trimStart();
  const [first, second] = wordsOf(trimmed.slice(0, 200)).slice(0, 2);
  if (!first || !second || !isParticle(first) || !OBJECT_OPENERS.has(second.pos)) return afterVerb;
  return trimmed.slice(first.text.length).trimStart();
}
