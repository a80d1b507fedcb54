import winkNLP, { type ItsFunction } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/** One wink-nlp instance for the process: loading the English model takes a few hundred milliseconds. */
const nlp = winkNLP(model);
// wink-nlp's `its` helpers are plain functions it calls with its own arguments, never methods of `its`.
// eslint-disable-next-line @typescript-eslint/unbound-method
const { lemma: LEMMA, pos: POS } = nlp.its;

interface Word {
  text: string;
  lemma: string;
  pos: string;
}

/** The words of a text with their lemmas and parts of speech, as wink-nlp's English model reads them. */
function wordsOf(text: string): Word[] {
  const tokens = nlp.readDoc(text).tokens();
  const texts = tokens.out();
  const lemmas = tokens.out(LEMMA as ItsFunction<string>);
  const tags = tokens.out(POS);
  return texts.map((word, index) => ({ text: word, lemma: String(lemmas[index]).toLowerCase(), pos: String(tags[index]) }));
}

/** What a clause that only asks for a person's say means, and what the person then does with the output. */
export interface PersonalCheck {
  /** How the output leaves once approved ("send", "publish"), when the clause says. */
  handOff?: 'send' | 'publish';
}

/** Verbs (lemmas) of a person's decision on an output: seeing, picking, approving it. */
const DECISION_VERBS = new Set(['see', 'pick', 'choose', 'select', 'approve', 'review', 'check', 'ok', 'okay', 'vet', 'sign', 'look', 'read', 'decide']);
/** Who may decide: the asker or another person, never the model. */
const PEOPLE = new Set(['i', 'me', 'we', 'us', 'someone', 'somebody', 'manager', 'boss', 'team', 'editor', 'legal', 'lawyer', 'person', 'human', 'owner', 'client']);
/** Verbs that put the decision on a person ("let me pick", "I need to see", "my manager must check"). */
const HANDING_VERBS = new Set(['let', 'have', 'get', 'need', 'want', 'like', 'must', 'should', 'will', 'would', 'can', 'to', 'be', 'do', 'shall']);
const SENDING = new Set(['send', 'email', 'mail']);
const PUBLISHING = new Set(['post', 'publish', 'go', 'share', 'release', 'tweet', 'upload']);

/**
 * Reads a clause with wink-nlp's English model and says whether it only asks for a person's
 * decision on the output before it ("I need to see the email before it's sent", "let me pick
 * one", "my manager has to sign off"): such a clause qualifies the step before it and is no step
 * of its own. The clause is a person (subject or object of let/have) followed, through modal and
 * wanting verbs only, by a decision verb. One pass over the tokens: linear in the clause.
 */
export function personalCheckOf(clause: string): PersonalCheck | undefined {
  const words = wordsOf(clause);
  let personAt = -1;
  let decisionAt = -1;
  for (const [index, word] of words.entries()) {
    if (personAt < 0) {
      if (PEOPLE.has(word.lemma) && (word.pos === 'PRON' || word.pos === 'NOUN' || word.pos === 'PROPN')) personAt = index;
      else if (!['DET', 'PRON', 'CCONJ', 'ADV', 'PART', 'INTJ', 'PUNCT'].includes(word.pos) && !HANDING_VERBS.has(word.lemma)) return undefined;
      continue;
    }
    if (DECISION_VERBS.has(word.lemma)) {
      decisionAt = index;
      break;
    }
    if (!HANDING_VERBS.has(word.lemma) && word.pos !== 'PART' && word.pos !== 'ADV' && word.pos !== 'AUX') return undefined;
  }
  if (decisionAt < 0) return undefined;
  const after = words.slice(decisionAt + 1);
  if (after.some((word) => SENDING.has(word.lemma))) return { handOff: 'send' };
  if (after.some((word) => PUBLISHING.has(word.lemma) && word.pos === 'VERB')) return { handOff: 'publish' };
  return {};
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
