import { z } from 'zod';
import { type AssetDraft, type AssetTool, ToolInputError } from './asset-tool.js';
import { countWords, normalizeSpace, splitSentences, truncateAtWord } from './text.js';

export type Severity = 'high' | 'medium' | 'low';

interface RiskRule {
  id: string;
  label: string;
  /** Tested one sentence at a time, so the quote is the sentence that triggered it. */
  pattern: RegExp;
  severity: (sentence: string) => Severity;
  recommendation: string;
}

/** One case-insensitive pattern from alternatives kept one per line. */
const anyOf = (...alternatives: string[]): RegExp => new RegExp(alternatives.join('|'), 'i');

function rule(id: string, label: string, severity: Severity | RiskRule['severity'], patterns: string[], recommendation: string): RiskRule {
  return { id, label, pattern: anyOf(...patterns), severity: typeof severity === 'string' ? () => severity : severity, recommendation };
}

const MUTUAL = anyOf(String.raw`\b(?:either|each|both)\s+part(?:y|ies)\b`, String.raw`\bmutual(?:ly)?\b`);
const NO_NOTICE = anyOf(String.raw`\bwithout\s+(?:any\s+|prior\s+|advance\s+)?notice\b`, String.raw`\bimmediately\b|\bsole\s+discretion\b`);
const BROAD = anyOf(
  String.raw`\bany\s+and\s+all\b|\ball\s+claims\b|\bwhatsoever\b|\bregardless\s+of\b|\bhowsoever\b`,
  String.raw`\barising\s+(?:out\s+of|from)\s+or\s+(?:in\s+connection\s+with|relat(?:ed|ing)\s+to)`,
);
const BEYOND_WORK = anyOf(
  String.raw`\bprior\b|\bpre-existing\b|\bbefore\s+the\s+effective\s+date\b`,
  String.raw`\boutside\s+(?:of\s+)?(?:working|business|normal)\s+hours\b|\bown\s+time\b|\bwhether\s+or\s+not\b`,
);
// A mutual clause is balanced; one that bites without notice is the worst kind.
const oneSided = (sentence: string): Severity => (MUTUAL.test(sentence) ? 'low' : NO_NOTICE.test(sentence) ? 'high' : 'medium');

/** The risk categories checked, with severities as they usually bite; some follow the sentence's wording. */
export const RISK_RULES: RiskRule[] = [
  rule('uncapped_liability', 'Unlimited liability', 'high', [
    String.raw`\b(?:unlimited|uncapped)\s+liability|\bliable\s+for\s+any\s+and\s+all\s+(?:damages|losses)`,
    String.raw`\bliability\s+(?:shall|will)\s+(?:be\s+)?(?:unlimited|uncapped|not\s+be\s+(?:limited|capped))`,
    String.raw`\b(?:without|no)\s+(?:any\s+)?(?:limit(?:ation)?|cap)\s+(?:of|on|to)\s+(?:its\s+|their\s+|the\s+\w+'s\s+)?liability`,
    String.raw`\bnot\s+(?:be\s+)?subject\s+to\s+any\s+(?:limit(?:ation)?|cap)`,
  ], 'Negotiate a liability cap (for example the fees of the last 12 months) and exclude indirect and consequential damages.'),
  rule('broad_indemnification', 'Broad indemnification', (s) => (MUTUAL.test(s) ? 'low' : BROAD.test(s) ? 'high' : 'medium'), [
    String.raw`\bindemnif(?:y|ies|ied|ication)\b|\bhold\s+(?:\w+\s+)?harmless\b`,
  ], 'Limit the indemnity to third-party claims caused by your own breach or negligence, make it mutual and cap it.'),
  rule('automatic_renewal', 'Automatic renewal', 'medium', [
    String.raw`\bautomatic(?:ally)?\s+(?:be\s+)?renew|\bauto-?renew|\brenew(?:s|ed)?\s+automatically|\bevergreen\b`,
    String.raw`\b(?:shall|will)\s+(?:be\s+)?renew(?:ed)?\s+for\s+(?:successive|additional|subsequent|consecutive)`,
  ], 'Note the opt-out deadline, and ask for renewal by written agreement or a short opt-out window with a reminder.'),
  rule('non_compete', 'Non-compete', 'high', [
    String.raw`\bnon-?compet(?:e|ition)\b|\bshall\s+not\b[^.]{0,60}\bcompet(?:e|ing|itor)`,
    String.raw`\b(?:not|never)\s+(?:to\s+)?(?:directly\s+or\s+indirectly\s+)?(?:compete|engage\s+in\s+(?:any\s+)?` +
      String.raw`(?:business|activity|employment)\s+(?:that|which)\s+(?:competes|is\s+competitive))`,
  ], 'Narrow its scope, duration (12 months at most) and territory, and check that it is enforceable where you work.'),
  rule('termination_without_cause', 'Termination without cause', oneSided, [
    String.raw`\bterminat\w*\b[^.]{0,80}?\b(?:without\s+cause|for\s+convenience|for\s+any\s+reason|at\s+any\s+time|` +
      String.raw`(?:in|at)\s+its\s+sole\s+discretion|without\s+(?:any\s+|prior\s+)?notice)`,
  ], 'Ask for a notice period (for example 30 days), a mutual right, and payment for work done up to termination.'),
  rule('governing_law', 'Governing law and jurisdiction', 'low', [
    String.raw`\bgoverned\s+by\b[^.]{0,60}\blaws?\b|\bgoverning\s+law\b|\bvenue\b`,
    String.raw`\b(?:exclusive|non-exclusive)\s+jurisdiction\b|\bsubmit\s+to\s+the\s+jurisdiction\b`,
  ], 'Check that the governing law and courts are ones you can reasonably litigate in; prefer your home jurisdiction.'),
  rule('perpetual_confidentiality', 'Perpetual confidentiality', 'medium', [
    String.raw`\bconfidential[^.]*\b(?:perpetu\w*|indefinite(?:ly)?|forever|without\s+(?:any\s+)?time\s+limit|no\s+time\s+limit)\b`,
    String.raw`\b(?:perpetu\w*|indefinite(?:ly)?)\b[^.]*\bconfidential`,
  ], 'Limit confidentiality to a fixed period (2 to 5 years is common), keeping trade secrets protected while secret.'),
  rule('ip_assignment', 'Intellectual property assignment', (s) => (BEYOND_WORK.test(s) ? 'high' : 'medium'), [
    String.raw`\bassigns?\b[^.]{0,80}\b(?:right,?\s+title\s+and\s+interest|intellectual\s+property|inventions?|copyrights?|work\s+product)`,
    String.raw`\bworks?\s+made\s+for\s+hire\b`,
    String.raw`\b(?:intellectual\s+property|inventions?|work\s+product)\b[^.]{0,80}\b(?:shall\s+be|is|are|will\s+be)\s+` +
      String.raw`(?:the\s+)?(?:sole\s+and\s+exclusive|sole|exclusive)\s+property`,
  ], 'Carve out pre-existing IP and work made on your own time and equipment; consider a licence instead of an assignment.'),
  rule('penalties', 'Liquidated damages or penalties', (s) => (/\bliquidated\s+damages\b|\bpenalt/i.test(s) ? 'high' : 'medium'), [
    String.raw`\bliquidated\s+damages\b|\bpenalt(?:y|ies)\b`,
    String.raw`\blate\s+(?:payment\s+)?(?:fees?|charges?)\b|\binterest\s+at\s+(?:a\s+rate\s+of\s+)?\d`,
  ], 'Check that the amount is a genuine pre-estimate of loss, cap it, and make it the only remedy for that breach.'),
  rule('exclusivity', 'Exclusivity', 'medium', [
    String.raw`\bon\s+an\s+exclusive\s+basis\b|\bexclusivity\b`,
    String.raw`\bexclusive\s+(?:provider|supplier|vendor|distributor|distribution|agent|agency|relationship|dealing|arrangement|` +
      String.raw`right\s+to\s+(?:sell|distribute|market|provide))\b`,
    String.raw`\bshall\s+not\s+(?:engage|retain|use|purchase\s+from|work\s+with|contract\s+with)\s+any\s+(?:other|third)\b`,
  ], 'Limit exclusivity to a defined scope, territory and period, tied to minimum commitments from the other side.'),
  rule('unilateral_amendment', 'Unilateral amendment', (s) => (NO_NOTICE.test(s) ? 'high' : 'medium'), [
    String.raw`\b(?:may|can|reserves?\s+the\s+right\s+to)\s+(?:unilaterally\s+)?(?:amend|modify|change|update|revise|alter)\b` +
      String.raw`[^.]{0,60}\b(?:agreement|terms|conditions|polic(?:y|ies)|pric(?:es|ing)|fees)\b`,
    String.raw`\bunilaterally\s+(?:amend|modify|change)`,
  ], 'Require changes to be agreed in writing by both parties, or at least notice and a right to leave without penalty.'),
  rule('arbitration_jury_waiver', 'Arbitration or jury waiver', (s) => (/\bjury\b|\bclass\s+action/i.test(s) ? 'high' : 'medium'), [
    String.raw`\bbinding\s+arbitration\b|\b(?:resolved|settled)\s+(?:exclusively\s+|finally\s+)?by\s+(?:binding\s+)?arbitration\b`,
    String.raw`\bwaives?\b[^.]{0,60}\b(?:jury|class\s+action)|\bjury\s+(?:trial\s+)?waiver\b|\bclass\s+action\s+waiver\b`,
  ], 'Check the arbitration costs, seat and rules; keep the right to go to court for small claims and urgent injunctions.'),
];

export interface Clause {
  /** "Clause 3.1", "Paragraph 2" or "Preamble". */
  ref: string;
  heading?: string;
  text: string;
}

export interface Risk {
  id: string;
  label: string;
  severity: Severity;
  clause: string;
  quote: string;
  recommendation: string;
}

export interface LegalAnalysis {
  documentType: string;
  parties: string[];
  keyClauses: { topic: string; clause: string; summary: string }[];
  risks: Risk[];
}

const analyzeLegalDocumentInput = z.object({
  document: z.string().min(1).max(20_000).describe('The full text of the contract or legal document to review.'),
  documentType: z
    .string()
    .max(100)
    .optional()
    .describe('The kind of document if known (NDA, employment agreement, lease...); detected from the text when omitted.'),
});
export type AnalyzeLegalDocumentInput = z.infer<typeof analyzeLegalDocumentInput>;

/** Document types by their own name (weighs most) and by the words that give them away. */
const DOCUMENT_TYPES: { label: string; name: RegExp; signals: RegExp }[] = [
  ['NDA', String.raw`\bnon-?disclosure\b|\bNDA\b|\bconfidentiality\s+agreement\b`, String.raw`\b(?:disclosing|receiving)\s+party\b`],
  ['Employment Agreement', String.raw`\bemployment\s+(?:agreement|contract)\b`, String.raw`\bemploy(?:ee|er)\b|\bsalary\b|\bat-will\b`],
  [
    'Service Agreement',
    String.raw`\b(?:master\s+)?services?\s+agreement\b|\bconsulting\s+agreement\b`,
    String.raw`\bstatement\s+of\s+work\b|\bservice\s+provider\b|\bconsultant\b|\bcontractor\b|\bdeliverables\b`,
  ],
  ['Lease Agreement', String.raw`\b(?:lease|rental|tenancy)\s+agreement\b`, String.raw`\b(?:landlord|tenant|premises|rent|lessee)\b`],
  ['License Agreement', String.raw`\blicen[cs]e\s+agreement\b|\bEULA\b`, String.raw`\blicens(?:or|ee)\b|\bgrants?\b[^.]{0,40}\blicen`],
  [
    'Terms of Service',
    String.raw`\bterms\s+of\s+(?:service|use)\b|\bterms\s+and\s+conditions\b`,
    String.raw`\bby\s+(?:using|accessing)\b|\buser\s+account\b|\byour\s+use\s+of\b`,
  ],
  ['Purchase Agreement', String.raw`\b(?:purchase|sale)\s+agreement\b`, String.raw`\bbuyer\b|\bseller\b|\bpurchase\s+price\b`],
  ['Loan Agreement', String.raw`\bloan\s+agreement\b|\bpromissory\s+note\b`, String.raw`\bborrower\b|\blender\b|\bprincipal\s+amount\b`],
  ['Partnership Agreement', String.raw`\bpartnership\s+agreement\b|\bjoint\s+venture\b`, String.raw`\bpartners\b|\bprofit\s+shar`],
].map(([label = '', name = '', signals = '']) => ({ label, name: new RegExp(name, 'gi'), signals: new RegExp(signals, 'gi') }));

/** Topics for the key-clause overview, checked against a clause's heading first and its text second. */
const TOPICS: [string, RegExp][] = [
  ['Non-compete & non-solicitation', /\bnon-?(?:compet|solicit)|\bnot\s+(?:to\s+)?(?:compete|solicit)/i],
  ['Confidentiality', /\bconfidential/i],
  ['Intellectual property', /\bintellectual\s+property|\bcopyright|\bpatent|\binventions?\b|\bwork\s+product\b/i],
  ['Indemnification', /\bindemnif|\bhold\s+harmless/i],
  ['Liability', /\bliab(?:le|ility)\b/i],
  ['Payment', /\bfees?\b|\bpayment|\binvoice|\bcompensation|\bsalary\b|\brent\b|\bprice\b/i],
  ['Termination', /\bterminat/i],
  ['Term & renewal', /\bterm\b|\brenew|\bduration\b|\bcommence/i],
  ['Governing law & disputes', /\bgoverning\s+law|\bgoverned\s+by|\bjurisdiction|\barbitration|\bdisputes?\b/i],
  ['Warranties', /\bwarrant/i],
  ['Data protection', /\bpersonal\s+data|\bGDPR\b|\bdata\s+protection|\bprivacy\b/i],
  ['Force majeure', /\bforce\s+majeure\b/i],
  ['Amendments', /\bamend|\bmodif/i],
  ['Assignment', /\bassign(?:ment)?\b/i],
  ['Notices', /\bnotices?\b/i],
];

// "between X and Y", up to the recitals or the next sentence.
const BETWEEN = anyOf(
  String.raw`\bbetween\s+(.{3,600}?)(?=\s+(?:WHEREAS|NOW,?\s+THEREFORE|collectively|RECITALS)\b|\.\s+(?:The|This|Each|In|Whereas|\d)\b|$)`,
);
// A defined role: (the "Company"), (hereinafter referred to as "Tenant").
const ROLE = /\(\s*(?:the\s+|hereinafter\s+(?:referred\s+to\s+as\s+)?(?:the\s+)?)?["“”']([^"“”']{2,40})["“”']\s*\)/gi;
// "Section 3", "3.", "3.1", "IV." start a clause; a bare "30 days" at the start of a wrapped line does not.
const NUMBERED = new RegExp(
  String.raw`^\s*(?:(?:[Ss]ection|SECTION|[Aa]rticle|ARTICLE|[Cc]lause|CLAUSE|§)\s*(\d{1,3}(?:\.\d{1,3})*|[IVXLC]{1,6})[.):]?|` +
    String.raw`(\d{1,3}(?:\.\d{1,3})+\.?|\d{1,3}[.)]|[IVXLC]{1,6}[.)]))\s+(\S.*)$`,
);
// Inline numbering ("...confidential. 2. Term. ...") when the whole document is pasted on one line.
const INLINE_NUMBER = /(?<=^|[.;:]\s{1,3})(?=(?:(?:Section|Article|Clause)\s+)?\d{1,2}(?:\.\d{1,2})*[.)]\s+\p{Lu})/gu;
const MAX_KEY_CLAUSES = 15;
const SEVERITY_NAMES: Record<Severity, string> = { high: 'High', medium: 'Medium', low: 'Low' };
const MAX_RISKS = 50;

/** Splits a document into numbered clauses, else paragraphs, else sentences. */
export function splitClauses(document: string): Clause[] {
  let lines = document.replace(/\r\n?/g, '\n').split('\n');
  if (lines.filter((line) => NUMBERED.test(line)).length < 2) {
    const inline = document.split(INLINE_NUMBER);
    if (inline.length > 2) lines = inline.map((part) => normalizeSpace(part));
  }
  const clauses: Clause[] = [];
  let current: Clause | undefined;
  for (const line of lines) {
    const numbered = NUMBERED.exec(line);
    if (numbered && /\p{L}/u.test(numbered[3] ?? '')) {
      const body = numbered[3] ?? '';
      const number = (numbered[1] ?? numbered[2] ?? '').replace(/[.)]$/, '');
      const headingMatch = /^([^.:]{2,60})[.:](?:\s|$)/.exec(body);
      // A short lead-in ("Term.") is the heading; it is kept out of the text so it is never quoted as a risk.
      const heading = headingMatch && countWords(headingMatch[1] ?? '') <= 6 ? headingMatch : undefined;
      current = { ref: `Clause ${number}`, heading: heading?.[1]?.trim(), text: heading ? body.slice(heading[0].length) : body };
      clauses.push(current);
    } else if (current && line.trim()) {
      current.text += `\n${line}`;
    } else if (line.trim()) {
      current = { ref: 'Preamble', text: line };
      clauses.push(current);
    } else if (current?.ref === 'Preamble') {
      current = undefined;
    }
  }
  if (clauses.length > 0 && clauses.some((clause) => clause.ref !== 'Preamble')) return clauses.map(tidy);

  const paragraphs = document.split(/\n\s*\n/).filter((paragraph) => /\p{L}/u.test(paragraph));
  const blocks = paragraphs.length > 1 ? paragraphs : splitSentences(normalizeSpace(document));
  const unit = paragraphs.length > 1 ? 'Paragraph' : 'Sentence';
  return blocks.map((text, index) => tidy({ ref: `${unit} ${index + 1}`, text }));
}

function tidy(clause: Clause): Clause {
  return { ...clause, text: normalizeSpace(clause.text) };
}

export function detectDocumentType(document: string, given?: string): string {
  const hint = given?.trim();
  // The offline model may pass the whole request here; only a short label is a document type.
  const count = (pattern: RegExp, text: string): number => Math.min(5, text.match(pattern)?.length ?? 0);
  if (hint && countWords(hint) <= 5) {
    const known = DOCUMENT_TYPES.find((type) => count(type.name, hint) > 0 || count(type.signals, hint) > 0);
    return known?.label ?? truncateAtWord(hint, 60);
  }
  let best = { label: 'Contract', score: 1 };
  for (const type of DOCUMENT_TYPES) {
    // A type named in the title decides; named in the body it still outweighs a few telltale words.
    const score = count(type.name, document) * 5 + count(type.name, document.slice(0, 300)) * 10 + count(type.signals, document);
    if (score > best.score) best = { label: type.label, score };
  }
  return best.label;
}

/** Parties from "between X ("Role") and Y ("Role")", else the defined roles in quotes. */
export function findParties(document: string): string[] {
  const head = normalizeSpace(document.slice(0, 3_000));
  const between = BETWEEN.exec(head);
  const roles = [...(between?.[1] ?? head).matchAll(ROLE)];
  if (between?.[1]) {
    const segment = between[1];
    if (roles.length >= 2) {
      const [first, second] = roles;
      const firstName = partyName(segment.slice(0, first?.index));
      const afterFirst = (first?.index ?? 0) + (first?.[0].length ?? 0);
      const secondName = partyName(segment.slice(afterFirst, second?.index).replace(/^\s*,?\s*and\s+/i, ''));
      return [withRole(firstName, first?.[1]), withRole(secondName, second?.[1])].filter(Boolean);
    }
    const [firstName = '', secondName = ''] = segment.split(/\s+and\s+/i);
    const secondEnd = secondName.split(/[,;(]|\s+(?:for|effective|dated|as\s+of|on)\s+/i)[0] ?? '';
    return [partyName(firstName), partyName(secondEnd)].filter(Boolean);
  }
  return [...new Set(roles.map((role) => role[1]?.trim() ?? ''))].filter(Boolean).slice(0, 4);
}

function partyName(text: string): string {
  const name = text.split(/,\s+(?:a|an|the|with|having|located|whose|incorporated|organized|residing)\b/i)[0] ?? '';
  return truncateAtWord(name.replace(/^[\s,:]+|[\s,;:]+$/g, '').replace(/^the\s+/i, ''), 80);
}

function withRole(name: string, role?: string): string {
  if (!name) return role ?? '';
  return role ? `${name} (“${role}”)` : name;
}

export function analyzeDocument(document: string, documentType?: string): LegalAnalysis {
  if (!/\p{L}/u.test(document)) throw new ToolInputError('The document is empty: paste the full text of the contract.');
  const clauses = splitClauses(document.slice(0, 20_000));

  const keyClauses = clauses
    .filter((clause) => clause.ref !== 'Preamble')
    .map((clause) => {
      const byHeading = TOPICS.find(([, pattern]) => pattern.test(clause.heading ?? ''));
      const [topic] = byHeading ?? TOPICS.find(([, pattern]) => pattern.test(clause.text)) ?? [];
      const summary = truncateAtWord(splitSentences(clause.text)[0] ?? clause.text, 160);
      return topic ? { topic, clause: describe(clause), summary } : undefined;
    })
    .filter((entry) => entry !== undefined)
    .slice(0, MAX_KEY_CLAUSES);

  const risks: Risk[] = [];
  for (const clause of clauses) {
    const sentences = splitSentences(clause.text);
    for (const rule of RISK_RULES) {
      const sentence = sentences.find((candidate) => rule.pattern.test(candidate));
      if (!sentence) continue;
      const { id, label, recommendation } = rule;
      const quote = truncateAtWord(sentence, 300);
      risks.push({ id, label, severity: rule.severity(sentence), clause: describe(clause), quote, recommendation });
    }
  }
  const order: Record<Severity, number> = { high: 0, medium: 1, low: 2 };
  risks.sort((a, b) => order[a.severity] - order[b.severity]);

  const type = detectDocumentType(document, documentType);
  return { documentType: type, parties: findParties(document), keyClauses, risks: risks.slice(0, MAX_RISKS) };
}

function describe(clause: Clause): string {
  return clause.heading ? `${clause.ref} (${clause.heading})` : clause.ref;
}

export function renderAnalysis(analysis: LegalAnalysis): string {
  const { risks } = analysis;
  const count = (severity: Severity): string => `${risks.filter((risk) => risk.severity === severity).length} ${severity}`;
  const counts = [count('high'), count('medium'), count('low')].join(', ');
  const riskBlocks =
    risks.length > 0
      ? [
          `${risks.length} risk${risks.length === 1 ? '' : 's'} found (${counts}).`,
          ...risks.map(
            (risk, index) => `### ${index + 1}. ${risk.label} — ${SEVERITY_NAMES[risk.severity]}\n\n${risk.clause}\n\n> ${risk.quote}`,
          ),
        ]
      : [`No risky clauses found: nothing matched the checked categories (${RISK_RULES.map((r) => r.label.toLowerCase()).join(', ')}).`];
  const recommendations =
    risks.length > 0
      ? risks.map((risk, index) => `${index + 1}. **${risk.label}** (${risk.clause}): ${risk.recommendation}`).join('\n')
      : 'No changes needed for the checked categories. Read the whole document before signing; ask a lawyer about anything unusual.';
  return [
    `# Legal analysis: ${analysis.documentType}`,
    '_Automated clause review to prepare a discussion with a lawyer; it is not legal advice._',
    '## Document type',
    analysis.documentType,
    '## Parties',
    analysis.parties.length > 0 ? analysis.parties.map((party) => `- ${party}`).join('\n') : 'Not identified in the text.',
    '## Key clauses',
    analysis.keyClauses.length > 0
      ? analysis.keyClauses.map((entry) => `- **${entry.topic}** — ${entry.clause}: ${entry.summary}`).join('\n')
      : 'No standard clauses identified.',
    '## Risks',
    ...riskBlocks,
    '## Recommendations',
    recommendations,
  ].join('\n\n');
}

export function analyzeLegalDocument(input: AnalyzeLegalDocumentInput): AssetDraft {
  const analysis = analyzeDocument(input.document, input.documentType);
  const parties = analysis.parties.map((party) => party.replace(/\s*\(“[^”]*”\)$/, ''));
  const between = parties.length >= 2 ? `: ${parties.slice(0, 2).join(' and ')}` : '';
  return {
    title: truncateAtWord(`${analysis.documentType} analysis${between}`, 100),
    content: renderAnalysis(analysis),
    metadata: {
      documentType: analysis.documentType,
      riskCount: analysis.risks.length,
      highRisks: analysis.risks.filter((risk) => risk.severity === 'high').length,
    },
  };
}

export const analyzeLegalDocumentTool: AssetTool<typeof analyzeLegalDocumentInput> = {
  name: 'analyze_legal_document',
  description:
    'Reviews a contract or legal document (NDA, employment, services, lease, license, terms): document type, parties, ' +
    'key clauses, risks with severity and quotes, and recommendations. Saves a legal_analysis asset.',
  assetType: 'legal_analysis',
  inputSchema: analyzeLegalDocumentInput,
  run: (input) => analyzeLegalDocument(input),
};
