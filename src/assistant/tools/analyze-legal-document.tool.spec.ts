import { ToolInputError } from './asset-tool.js';
import {
  analyzeDocument,
  analyzeLegalDocument,
  analyzeLegalDocumentTool,
  detectDocumentType,
  findParties,
  MISSING_LIABILITY_CAP,
  RISK_RULES,
  type Severity,
  splitClauses,
} from './analyze-legal-document.tool.js';
import { readsAsContract } from '../../llm/offline/clause-reading.js';
import { startCpuClock } from '../../../test/helpers/cpu-clock.js';

const parse = (input: unknown) => analyzeLegalDocumentTool.inputSchema.parse(input);

const NDA = `MUTUAL NON-DISCLOSURE AGREEMENT

This Non-Disclosure Agreement is entered into as of 1 March 2025 by and between Acme Corp., a Delaware corporation ("Company"), and Jane Doe ("Recipient").

1. Confidential Information. "Confidential Information" means any non-public information disclosed by the Company.
2. Obligations. The Recipient shall keep the Confidential Information confidential in perpetuity and use it only to evaluate the partnership.
3. Term. This Agreement shall automatically renew for successive one-year periods unless either party gives 30 days' notice.
4. Remedies. The Recipient shall indemnify and hold harmless the Company from any and all claims arising out of or relating to a breach. A breach triggers liquidated damages of $50,000.
5. Governing Law. This Agreement is governed by the laws of the State of Delaware.`;

const CLEAN = `SERVICES AGREEMENT

This Services Agreement is made between Bright Studio LLC ("Provider") and Northwind Ltd ("Client").

1. Services. The Provider will design a website as described in the statement of work.
2. Fees. The Client will pay the fees within 30 days of each invoice.
3. Liability. Each party's total liability is limited to the fees paid under this Agreement.
4. Termination. Either party may terminate this Agreement for material breach that is not cured within 30 days of written notice.
5. Amendments. This Agreement may be amended only by a written instrument signed by both parties.`;

/** One sentence per rule and severity it can give: each must trigger its rule on its own. */
const RULE_EXAMPLES: [string, Severity, string][] = [
  ['uncapped_liability', 'high', 'The Supplier shall have unlimited liability for any breach.'],
  ['broad_indemnification', 'medium', 'The Contractor shall indemnify the Client against claims caused by its negligence.'],
  ['broad_indemnification', 'low', 'Each party shall indemnify the other against third-party claims.'],
  ['automatic_renewal', 'medium', 'This Agreement renews automatically each year.'],
  ['non_compete', 'high', 'For two years the Employee shall not directly or indirectly compete with the Company.'],
  ['non_compete', 'medium', 'During the term of this Agreement, the Contractor shall not provide services to any competitor.'],
  ['non_solicitation', 'medium', 'The Client shall not solicit or hire any employee of the Agency for 12 months.'],
  ['non_solicitation', 'low', 'Each party agrees not to solicit the other party’s employees.'],
  ['termination_without_cause', 'medium', 'The Company may terminate this Agreement for convenience on 30 days notice.'],
  ['termination_without_cause', 'high', 'The Company may terminate this Agreement at any time without notice.'],
  ['governing_law', 'low', 'The courts of London have exclusive jurisdiction.'],
  ['perpetual_confidentiality', 'medium', 'These confidentiality obligations survive indefinitely.'],
  ['ip_assignment', 'medium', 'The Consultant hereby assigns all right, title and interest in the deliverables to the Client.'],
  ['ip_assignment', 'high', 'The Employee assigns all inventions, including prior inventions, to the Company.'],
  ['penalties', 'high', 'Late delivery incurs a penalty of 5% per week.'],
  ['penalties', 'medium', 'Overdue invoices bear interest at 1.5% per month.'],
  ['exclusivity', 'medium', 'The Distributor is appointed on an exclusive basis for France.'],
  ['unilateral_amendment', 'medium', 'The Company may modify these Terms by posting a notice.'],
  ['unilateral_amendment', 'high', 'We may change the fees at any time without notice.'],
  ['arbitration_jury_waiver', 'medium', 'Any dispute shall be resolved by binding arbitration in Paris.'],
  ['arbitration_jury_waiver', 'high', 'Each party waives its right to a trial by jury.'],
];

const SEVERITY_NAMES: Record<Severity, string> = { high: 'High', medium: 'Medium', low: 'Low' };
const inClause = (sentence: string): string => `1. Clause. ${sentence}\n2. Other. Nothing else.`;
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The findings of one clause set before a capped liability clause, as `category:severity`, sorted. */
const severitiesOf = (clause: string) =>
  analyzeDocument(`1. ${clause}\n2. Liability. Liability is capped at the fees.`).risks.map((risk) => `${risk.id}:${risk.severity}`).sort();

describe('analyzeLegalDocument', () => {
  it('detects type, parties, key clauses and risks with severities and quotes', () => {
    const analysis = analyzeDocument(NDA);
    expect(analysis.documentType).toBe('NDA');
    expect(analysis.parties).toEqual(['Acme Corp. (“Company”)', 'Jane Doe (“Recipient”)']);
    const topics = analysis.keyClauses.map((entry) => entry.topic);
    expect(topics).toEqual(expect.arrayContaining(['Confidentiality', 'Term & renewal', 'Indemnification']));
    expect(analysis.risks.map((risk) => [risk.id, risk.severity, risk.clause])).toEqual([
      ['broad_indemnification', 'high', 'Clause 4 (Remedies)'],
      ['penalties', 'high', 'Clause 4 (Remedies)'],
      ['perpetual_confidentiality', 'medium', 'Clause 2 (Obligations)'],
      ['automatic_renewal', 'medium', 'Clause 3 (Term)'],
      ['governing_law', 'low', 'Clause 5 (Governing Law)'],
    ]);
    expect(analysis.risks[1]?.quote).toBe('A breach triggers liquidated damages of $50,000.');
  });

  it('renders the Markdown sections and the spec metadata with each finding by category', () => {
    const draft = analyzeLegalDocument(parse({ document: NDA }));
    expect(draft.metadata).toEqual({
      documentType: 'NDA',
      riskCount: 5,
      highRisks: 2,
      risks: [
        { category: 'broad_indemnification', severity: 'high', clause: 'Clause 4 (Remedies)' },
        { category: 'penalties', severity: 'high', clause: 'Clause 4 (Remedies)' },
        { category: 'perpetual_confidentiality', severity: 'medium', clause: 'Clause 2 (Obligations)' },
        { category: 'automatic_renewal', severity: 'medium', clause: 'Clause 3 (Term)' },
        { category: 'governing_law', severity: 'low', clause: 'Clause 5 (Governing Law)' },
      ],
    });
    expect(draft.title).toBe('NDA analysis: Acme Corp. and Jane Doe');
    for (const heading of ['## Document type', '## Parties', '## Key clauses', '## Risks', '## Recommendations']) {
      expect(draft.content).toContain(heading);
    }
    expect(draft.content).toContain('### 1. Broad indemnification — High\n\nClause 4 (Remedies)\n\n> The Recipient shall indemnify');
    expect(draft.content).toMatch(/1\. \*\*Broad indemnification\*\* \(Clause 4 \(Remedies\)\): Limit the indemnity/);
  });

  it('reports no risks for a balanced contract', () => {
    const draft = analyzeLegalDocument(parse({ document: CLEAN }));
    expect(draft.metadata).toEqual({ documentType: 'Service Agreement', riskCount: 0, highRisks: 0, risks: [] });
    expect(draft.content).toContain('No risky clauses found');
    expect(draft.content).toContain('- Bright Studio LLC (“Provider”)\n- Northwind Ltd (“Client”)');
  });

  it.each(RULE_EXAMPLES)('detects %s as %s', (id, severity, sentence) => {
    const risks = analyzeDocument(inClause(sentence)).risks;
    expect(risks.map((risk) => [risk.id, risk.severity])).toContainEqual([id, severity]);
    expect(risks.find((risk) => risk.id === id)?.quote).toBe(sentence);
  });

  it.each(RISK_RULES.map((rule) => [rule.id, rule] as const))('covers rule %s: an example triggers it and the analysis reports it', (id, rule) => {
    const examples = RULE_EXAMPLES.filter(([exampleId]) => exampleId === id);
    expect(examples, `no example sentence for rule ${id}`).not.toHaveLength(0);
    for (const [, severity, sentence] of examples) {
      expect(rule.pattern.test(sentence)).toBe(true);
      expect(rule.severity(sentence)).toBe(severity);
      const draft = analyzeLegalDocument(parse({ document: inClause(sentence) }));
      const finding = `${rule.label} — ${SEVERITY_NAMES[severity]}\n\nClause 1 (Clause)\n\n> ${sentence}`;
      expect(draft.content).toMatch(new RegExp(`### \\d+\\. ${escapeRegExp(finding)}`));
      expect(draft.content).toContain(`**${rule.label}** (Clause 1 (Clause)): ${rule.recommendation}`);
      expect(draft.metadata.riskCount).toBeGreaterThanOrEqual(1);
      if (severity === 'high') expect(draft.metadata.highRisks).toBeGreaterThanOrEqual(1);
    }
  });

  // Each category in the ways contracts commonly say it (issue 16): the finding and its severity rule.
  it.each([
    ['uncapped_liability', 'high', "The Client's liability under this Agreement shall be unlimited, including for indirect and consequential damages."],
    ['uncapped_liability', 'high', "Supplier's liability for data loss shall not be limited in any way."],
    ['uncapped_liability', 'high', "There is no cap on the Consultant's liability for any loss caused by the services."],
    ['uncapped_liability', 'high', 'The Vendor accepts uncapped liability for all claims arising from the software.'],
    ['uncapped_liability', 'high', 'The Contractor shall be liable without limit for any damage to the premises.'],
    ['broad_indemnification', 'high', 'The Contractor shall defend, indemnify and hold harmless the Company from any and all claims.'],
    ['broad_indemnification', 'medium', "The Hirer shall hold the Venue and its staff harmless against claims caused by the Hirer's negligence."],
    ['automatic_renewal', 'medium', 'The term continues for successive 12-month periods unless either party cancels 90 days before its end.'],
    ['automatic_renewal', 'medium', 'This Agreement shall automatically be extended by one year at a time unless terminated in writing.'],
    ['automatic_renewal', 'medium', 'The contract is tacitly renewed each year.'],
    ['automatic_renewal', 'medium', 'This agreement shall be renewed for additional one-year terms unless the Customer gives notice.'],
    ['non_compete', 'high', 'For 24 months after the end of employment, the Employee shall not work for a competitor of the Company.'],
    ['non_compete', 'high', 'The Employee shall not engage in any business that competes with the Company for 18 months following termination.'],
    ['non_solicitation', 'medium', "The Employee shall not solicit the Company's customers for 12 months after leaving."],
    ['termination_without_cause', 'medium', "Buyer may terminate this Agreement for convenience upon 30 days' written notice."],
    ['termination_without_cause', 'high', 'The Publisher may end this agreement at any time, for any reason, without notice.'],
    ['termination_without_cause', 'high', 'The Brand may cancel this contract in its sole discretion.'],
    ['termination_without_cause', 'low', "Either party may terminate the employment on one month's written notice."],
    ['governing_law', 'low', 'This Agreement shall be construed in accordance with the laws of Delaware.'],
    ['governing_law', 'low', 'The exclusive venue for any dispute shall be the state courts of Travis County.'],
    ['perpetual_confidentiality', 'medium', 'The obligations under clause 1 shall survive termination indefinitely.'],
    ['perpetual_confidentiality', 'low', 'Confidentiality of trade secrets continues for as long as the information remains a trade secret.'],
    ['ip_assignment', 'high', "The Developer hereby assigns to the Company all intellectual property, including work created on the Developer's own time."],
    ['ip_assignment', 'medium', 'All deliverables shall be owned exclusively by the Client upon full payment.'],
    ['penalties', 'high', 'Overdue amounts accrue interest of 3% per month.'],
    ['penalties', 'medium', 'A late payment fee of $25 applies to invoices unpaid after 30 days.'],
    ['penalties', 'high', 'For each week of delay the Builder shall pay liquidated damages of $1,000.'],
    ['penalties', 'medium', 'Invoices are payable within 30 days; late payments will incur a 10% surcharge.'],
    ['non_compete', 'high', 'For one year thereafter he will not, directly or indirectly, be employed by or render services to any competitor.'],
    ['non_solicitation', 'medium', 'The Consultant will not, for a period of one year, induce any employee of the Client to leave the Client.'],
    ['termination_without_cause', 'high', 'The Company may dismiss the Employee without cause and without notice.'],
    ['ip_assignment', 'high', 'Any invention conceived by the Employee, whether or not during working hours, belongs to the Company.'],
    ['perpetual_confidentiality', 'medium', "The Recipient's obligations of confidentiality do not expire."],
    ['governing_law', 'low', 'This Agreement is subject to the laws of Germany.'],
    ['automatic_renewal', 'medium', "Unless terminated with 30 days' notice before the end of the term, this Agreement renews for a further year."],
    ['uncapped_liability', 'high', 'The Contractor shall be liable for all damages, without any limitation.'],
  ] as [string, Severity, string][])('recognises %s (%s) in "%s"', (id, severity, sentence) => {
    const risks = analyzeDocument(inClause(sentence)).risks;
    expect(risks.map((risk) => [risk.id, risk.severity])).toContainEqual([id, severity]);
  });

  it.each([
    ['a carve-out for death, injury and fraud', 'Nothing in this Agreement limits liability for death or personal injury caused by negligence, or for fraud.'],
    ['termination for breach', 'Either party may terminate for material breach not remedied within 30 days of notice.'],
    ['the venue of an event', 'The Venue provides the hall on 5 June.'],
    ['a fixed confidentiality period', "Each party shall keep the other's information confidential for three years."],
    ['ending at the end of the term', "Either party may end the lease at the end of the term by giving 60 days' notice."],
  ])('does not flag %s', (_, sentence) => {
    expect(analyzeDocument(inClause(sentence)).risks).toEqual([]);
  });

  it('flags a paid contract with no limitation of liability, and not one with a cap or an NDA', () => {
    const uncapped = '1. Services. The Provider runs payroll.\n2. Fees. The Client pays $900 per month.\n3. Term. One year.';
    expect(analyzeDocument(uncapped).risks.map((risk) => [risk.id, risk.severity, risk.clause])).toEqual([
      [MISSING_LIABILITY_CAP.id, 'medium', 'Whole document'],
    ]);
    expect(analyzeLegalDocument(parse({ document: uncapped })).content).toContain('No limitation of liability — Medium');
    const capped = `${uncapped}\n4. Liability. Neither party shall be liable for indirect or consequential damages.`;
    expect(analyzeDocument(capped).risks).toEqual([]);
    expect(analyzeDocument(CLEAN).risks).toEqual([]);
    expect(analyzeDocument('NON-DISCLOSURE AGREEMENT\n1. Fees. None.\n2. Term. Two years.').risks).toEqual([]);
  });

  it('reads a cap as missing only where a price is stated outside the risk clauses', () => {
    const ids = (document: string) => analyzeDocument(document).risks.map((risk) => risk.id).sort();
    // Money named only inside a penalty, or a deal titled by its kind, puts no price on the deal.
    expect(ids('FREELANCE TERMS\n1. Delay. The Freelancer pays a penalty of 5% of the fee per day late.\n2. Term. Six months.')).toEqual(['penalties']);
    expect(ids('SUBSCRIPTION AGREEMENT\n1. Renewal. The plan renews automatically each month.\n2. Scope. Up to ten users.')).toEqual(['automatic_renewal']);
    expect(ids('SUBSCRIPTION AGREEMENT\n1. Fees. The Customer pays 40 USD a month.\n2. Scope. Up to ten users.')).toEqual([MISSING_LIABILITY_CAP.id]);
  });

  it('reads "nothing limits liability" as uncapped, but not the carve-out for death or fraud', () => {
    const severities = (document: string) => analyzeDocument(document).risks.map((risk) => `${risk.id}:${risk.severity}`).sort();
    expect(severities('1. Fees. The Client pays 900 USD.\n2. Liability. Nothing in this Agreement limits either party’s liability.')).toEqual(['uncapped_liability:high']);
    expect(severities('1. Fees. The Client pays 900 USD.\n2. Liability. Liability is capped at the fees. Nothing in this Agreement limits liability for fraud.')).toEqual([]);
  });

  it('reads an assignment in the passive or as rights that pass, and prior work in plain words, as high', () => {
    const ipSeverity = (sentence: string) => analyzeDocument(`1. IP. ${sentence}\n2. Liability. Liability is capped at the fees.`).risks.find((risk) => risk.id === 'ip_assignment')?.severity;
    expect(ipSeverity('All work product, including anything the Designer made before this Agreement, is assigned to the Client.')).toBe('high');
    expect(ipSeverity('All rights in the photos pass to the Client on payment.')).toBe('medium');
    expect(ipSeverity('The Contractor assigns all intellectual property, including code it owned before this project, to the Client.')).toBe('high');
    expect(ipSeverity('Any invention the Employee makes, side projects included, is assigned to the Company.')).toBe('high');
    expect(ipSeverity('The Writer grants the Publisher the right to publish the article; the Writer keeps the copyright.')).toBeUndefined();
  });

  it('reads lateness, a duration without end and a term that goes on by itself in their plain wordings', () => {
    expect(severitiesOf('Any missed payment carries a fee of 1% per month until it is paid.')).toEqual(['penalties:medium']);
    expect(severitiesOf('Instalments not paid by the due date bear a charge of 3% per month.')).toEqual(['penalties:high']);
    expect(severitiesOf('The Employee keeps the information confidential during employment and for all time afterwards.')).toEqual(['perpetual_confidentiality:medium']);
    expect(severitiesOf('Confidential information is kept secret for the rest of your life.')).toEqual(['perpetual_confidentiality:medium']);
    expect(severitiesOf('Confidential information is permanently destroyed when the project ends.')).toEqual([]);
    expect(severitiesOf('The subscription continues year after year until the Customer cancels in writing.')).toEqual(['automatic_renewal:medium']);
    expect(severitiesOf('The membership carries on from month to month unless you give notice.')).toEqual(['automatic_renewal:medium']);
    expect(severitiesOf('The project continues until the website is launched.')).toEqual([]);
  });

  it('reads who may act, how much notice and who competes in other words than the usual ones', () => {
    expect(severitiesOf('Either you or the Company may end your employment at any time by giving two weeks’ written notice.')).toEqual(['termination_without_cause:low']);
    expect(severitiesOf('The Landlord can change the house rules whenever he wants, as long as he gives 14 days notice.')).toEqual(['unilateral_amendment:medium']);
    expect(severitiesOf('Rules. We may revise these terms from time to time. Changes take effect when posted, and we are not obliged to tell you.')).toEqual(['unilateral_amendment:high']);
    expect(severitiesOf('Disputes. Disputes are settled through confidential arbitration in London. Each side gives up any right to a jury.')).toEqual(['arbitration_jury_waiver:high']);
    expect(severitiesOf('Disputes are finally resolved by arbitration in Paris.')).toEqual(['arbitration_jury_waiver:medium']);
    expect(severitiesOf('The Consultant will not work for any firm that competes with the Client while this agreement is in force.')).toEqual(['non_compete:medium']);
    expect(severitiesOf('For a year after leaving you will not join or invest in a rival.')).toEqual(['non_compete:high']);
    expect(severitiesOf('The Reseller shall buy all of its printer ink from the Manufacturer.')).toEqual(['exclusivity:medium']);
  });

  it('reads a summary in bullet points point by point, and reports each category once at its worst', () => {
    const summary = [
      'Here is what the gym contract says:',
      '- Membership is £45 a month.',
      '- The membership keeps going automatically from month to month until we cancel.',
      '- They can change the price at any point without having to tell us first.',
      '- Our responsibility for anything that goes wrong is capped at one month of fees.',
    ].join('\n');
    const analysis = analyzeDocument(summary);
    expect(analysis.risks.map((risk) => [risk.id, risk.severity, risk.clause])).toEqual([
      ['unilateral_amendment', 'high', 'Point 3'],
      ['automatic_renewal', 'medium', 'Point 2'],
    ]);
    const disputes = 'Disputes are resolved by binding arbitration.\n\nThe Member waives any right to a jury trial.';
    expect(analyzeDocument(disputes).risks.map((risk) => `${risk.id}:${risk.severity}`)).toEqual(['arbitration_jury_waiver:high']);
  });

  it('reads more of the ways a right, a restraint or a deal is worded, and not a name or an ending event', () => {
    expect(severitiesOf('The Hirer will cover the Venue for any and all claims arising from the event.')).toEqual(['broad_indemnification:high']);
    expect(severitiesOf('The school may remove a pupil from the course at any time without notice.')).toEqual(['termination_without_cause:high']);
    expect(severitiesOf('After this Agreement expires or is terminated for any reason, the Licensee stops using the marks.')).toEqual([]);
    expect(severitiesOf('The Supplier is Evergreen Packaging Ltd.')).toEqual([]);
    expect(severitiesOf('The Franchisee keeps the recipes in strict confidence without limit of time.')).toEqual(['perpetual_confidentiality:medium']);
    expect(severitiesOf('For a year after the term the Franchisee must not manage any business in the same line nearby.')).toEqual(['non_compete:high']);
    expect(severitiesOf('Any disagreement goes to a single arbitrator.')).toEqual(['arbitration_jury_waiver:medium']);
    expect(severitiesOf('The Creator will promote kitchenware for no other brand.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The Vendor may amend the list price on 60 days notice.')).toEqual(['unilateral_amendment:medium']);
    expect(severitiesOf('The plan carries on each year unless the Customer gives written notice of non-renewal.')).toEqual(['automatic_renewal:medium']);
    expect(severitiesOf('The Tenant shall not open any other salon within 3 km while this lease is in force.')).toEqual(['non_compete:medium']);
    expect(severitiesOf('For a year after leaving, the Tutor may not work for any other family in the same area.')).toEqual(['non_compete:high']);
    expect(severitiesOf('The family may end the arrangement at any time without notice.')).toEqual(['termination_without_cause:high']);
    expect(severitiesOf('The Processor may amend this Addendum on 30 days notice.')).toEqual(['unilateral_amendment:medium']);
  });

  it('reads a sum charged for each day or week of lateness as a per-day-of-delay charge (high), and a daily interest rate by its rate', () => {
    expect(severitiesOf('Where a payment is late, the Hirer pays a late charge of €30 per day until it is received.')).toEqual(['penalties:high']);
    expect(severitiesOf('Invoices unpaid after the due date attract a fee of £15 for every day they remain outstanding.')).toEqual(['penalties:high']);
    expect(severitiesOf('A late fee of $40 applies, plus $10 each day thereafter until the balance is paid.')).toEqual(['penalties:high']);
    expect(severitiesOf('Rent paid late incurs a late charge of 25 dollars a day.')).toEqual(['penalties:high']);
    expect(severitiesOf('Late payments are subject to a daily late fee of $20.')).toEqual(['penalties:high']);
    expect(severitiesOf('For every day an instalment is late, the Borrower owes a late fee of USD 15.')).toEqual(['penalties:high']);
    // One fee, or interest that accrues daily at a yearly or small daily rate, stays medium.
    expect(severitiesOf('Late payments incur a one-time fee of $35.')).toEqual(['penalties:medium']);
    expect(severitiesOf('A late fee of $50 is charged if payment is more than a day late.')).toEqual(['penalties:medium']);
    expect(severitiesOf('Overdue balances accrue interest daily at 12% per annum.')).toEqual(['penalties:medium']);
    expect(severitiesOf('Overdue sums bear interest at 0.05% per day.')).toEqual(['penalties:medium']);
  });

  it('reads interest on sums unpaid under any name as a late-payment charge, its monthly rate setting the severity', () => {
    expect(severitiesOf('Any fees in arrears carry interest at the rate of 2.5% per month.')).toEqual(['penalties:high']);
    expect(severitiesOf('Rent that is in arrears for more than 7 days bears interest of 1.5 percent per month.')).toEqual(['penalties:medium']);
    expect(severitiesOf('The Tenant pays interest on all arrears at 4% per month.')).toEqual(['penalties:high']);
    expect(severitiesOf('Amounts not paid within 14 days of the invoice bear interest at three per cent (3%) per month.')).toEqual(['penalties:high']);
    expect(severitiesOf('Past-due balances are charged interest at 2% monthly.')).toEqual(['penalties:high']);
    expect(severitiesOf('Any sum not paid on its due date carries interest at the rate of 1 per cent per month.')).toEqual(['penalties:medium']);
    expect(severitiesOf('Interest accrues on delinquent accounts at 30% p.a.')).toEqual(['penalties:high']);
  });

  it('reads an obligation to buy only from one party as exclusivity, and a list of approved suppliers as none', () => {
    expect(severitiesOf('The Retailer shall source its coffee beans solely from the Roaster.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The Clinic will order all lab consumables only from the Distributor during the term.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('During the term the Customer shall buy its entire requirements of packaging from the Seller.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf("The Distributor shall obtain the Distributor's total requirements for the Products from the Manufacturer.")).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The Caterer may not purchase ingredients from any other supplier.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The Hotel buys its linen from the Laundry alone.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The Buyer shall purchase parts only from approved suppliers listed in Schedule 2.')).toEqual([]);
    expect(severitiesOf('The Recipient may use the information solely for the Purpose.')).toEqual([]);
    expect(severitiesOf('The Licensee may use the Software only from its own premises.')).toEqual([]);
  });

  it('reads secrecy that runs at any time after the relationship as without end, and a right to act then as none', () => {
    expect(severitiesOf('The Consultant must not, either during the engagement or at any time afterwards, reveal any trade information of the Client.')).toEqual([
      'perpetual_confidentiality:medium',
    ]);
    expect(severitiesOf('The Employee shall not disclose any confidential information at any time after the employment ends.')).toEqual(['perpetual_confidentiality:medium']);
    expect(severitiesOf('The Recipient shall keep the Information confidential during the Term and at any time thereafter.')).toEqual(['perpetual_confidentiality:medium']);
    expect(severitiesOf('Secrecy. The Contractor keeps all client data secret while engaged and thereafter without limit.')).toEqual(['perpetual_confidentiality:medium']);
    expect(severitiesOf('The Company may, at any time after termination, ask the Employee to return all Confidential Information.')).toEqual([]);
    expect(severitiesOf('The Recipient shall not disclose the information for two years after termination.')).toEqual([]);
  });

  it('reads termination for any reason after a preposition or as a subject as an ending event, not a right to end', () => {
    expect(severitiesOf('Upon termination for any reason, the Contractor shall return all equipment.')).toEqual([]);
    expect(severitiesOf('Following the cancellation of the booking for any reason, deposits are not refunded.')).toEqual([]);
    expect(severitiesOf("On the Employee's dismissal for any reason, the Employee shall return the laptop.")).toEqual([]);
    expect(severitiesOf('Clauses 5 to 8 survive termination of this Agreement for any reason.')).toEqual([]);
    expect(severitiesOf('Termination of this Agreement for any reason shall not affect rights accrued before it.')).toEqual([]);
    expect(severitiesOf('For six months after the termination of the engagement for any reason, the Contractor shall not solicit any client of the Company.')).toEqual([
      'non_solicitation:medium',
    ]);
    // The right itself is still read, however the reason is worded.
    expect(severitiesOf('The Company may terminate the engagement for any reason on 14 days notice.')).toEqual(['termination_without_cause:medium']);
    expect(severitiesOf('The Agency may cancel the contract for whatever reason without notice.')).toEqual(['termination_without_cause:high']);
  });

  it('reads restrictive covenants sent on their own: each restraint once, and no right to end from an ending event', () => {
    const covenants = `I have been offered a job at a logistics firm in Denver and they emailed me the post-employment clauses. Is any of this out of the ordinary?

5.1 Secrecy. The Employee must not, while employed or at any time after, divulge any proprietary information of the Employer.
5.2 Restraint. For a period of six (6) months after the termination of employment for whatever reason, the Employee shall not work for any competitor of the Employer in Colorado.
5.3 Customers. For twelve (12) months following termination of employment for any reason, the Employee shall not solicit any client of the Employer.
5.4 Work Product. The Employee hereby assigns to the Employer all inventions made during employment, whether or not made on the Employer's premises.`;
    expect(analyzeDocument(covenants).risks.map((risk) => `${risk.id}:${risk.severity}`).sort()).toEqual([
      'ip_assignment:high',
      'non_compete:high',
      'non_solicitation:medium',
      'perpetual_confidentiality:medium',
    ]);
  });

  it('reads a missing or open-ended cap from plain wording and a price given only in a heading', () => {
    const ids = (document: string) => analyzeDocument(document).risks.map((risk) => `${risk.id}:${risk.severity}`).sort();
    expect(ids('1. Fees: 900 USD a month.\n2. Scope. Support for ten laptops.')).toEqual([`${MISSING_LIABILITY_CAP.id}:medium`]);
    expect(ids('1. Fees: 900 USD a month.\n2. Liability. Neither party is liable for more than the fees paid.')).toEqual([]);
    expect(ids('1. Fees: 900 USD a month.\n2. Losses. There is no cap on the sum the Agency may have to pay for damages.')).toEqual(['uncapped_liability:high']);
  });

  it('reads a bar on making a deal of the same kind with anyone else as exclusivity, in plain words and in legalese', () => {
    expect(severitiesOf('Throughout the season the Team will not sign a sponsorship deal with any other energy drink brand.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf("While the tour lasts the Band can't take sponsorship from anyone else in the beverage trade.")).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The Influencer shall not, directly or indirectly, enter into any endorsement arrangement with any other cosmetics company.')).toEqual([
      'exclusivity:medium',
    ]);
    expect(severitiesOf("During the campaign the Athlete won't accept a partnership from another sportswear label.")).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The Distributor agrees not to conclude any distribution agreement with any other maker of bicycles.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The Agent may not work with any other photographer while this contract lasts.')).toEqual(['exclusivity:medium']);
    // Another purpose, country or conflicting agreement, or a right to deal once the deal is over, is no tie to one party.
    expect(severitiesOf('The Sponsor may not use the club crest for any other purpose.')).toEqual([]);
    expect(severitiesOf('The Agency will not transfer personal data to any other country.')).toEqual([]);
    expect(severitiesOf('The Club will not enter into any agreement that conflicts with this one.')).toEqual([]);
    expect(severitiesOf('After the season the Club is free to sign with any other sponsor.')).toEqual([]);
  });

  it('reads an exclusive grant, and a bar on licensing, selling or supplying to anyone else, as exclusivity', () => {
    expect(severitiesOf('The appointment of the Agent is exclusive for the whole of Scandinavia.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The rights granted to the Broadcaster shall be exclusive.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The Publisher receives an exclusive licence to print the novel in Canada.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The photographs are licensed exclusively to the Magazine for one year.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf("You can't sell the artwork to any other gallery while the show runs.")).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The Grower shall not supply its olives to any other mill during the harvest season.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('For the two-year term the Author will not license the audiobook rights to another publisher.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The Brewery cannot distribute its beer through any other wholesaler.')).toEqual(['exclusivity:medium']);
    // A non-exclusive licence, or a fee exclusive of VAT, grants nothing exclusively.
    expect(severitiesOf('The Licensee is granted a non-exclusive licence to use the software.')).toEqual([]);
    expect(severitiesOf('The licence fee stated above is exclusive of VAT.')).toEqual([]);
  });

  it('reads the whole list of a contract quoted in an e-mail, clause by clause', () => {
    const quoted = `Is this normal? A tourism board wants my photos for a campaign.

> Hello Sanne,
> Here is a summary of what we discussed:
> 1. We pay a flat fee of GBP 1,800 for the six images.
> 2. The rights we get are exclusive, so you may not sell the images to any other agency or magazine for 18 months.
> 3. We may amend the usage terms whenever we like, without notice.
> 4. All disputes shall be referred to binding arbitration in London.
> Cheers, Tom`;
    expect(splitClauses(quoted).map((clause) => clause.ref)).toEqual(['Preamble', 'Preamble', 'Clause 1', 'Clause 2', 'Clause 3', 'Clause 4']);
    expect(analyzeDocument(quoted).risks.map((risk) => `${risk.id}:${risk.severity}`)).toEqual([
      'unilateral_amendment:high',
      'exclusivity:medium',
      'arbitration_jury_waiver:medium',
      `${MISSING_LIABILITY_CAP.id}:medium`,
    ]);
  });

  it('reads confidentiality of trade secrets while they stay trade secrets as low, in either word order', () => {
    expect(severitiesOf("The Contractor must keep the Client's recipes secret for as long as they remain trade secrets.")).toEqual([
      'perpetual_confidentiality:low',
    ]);
    expect(severitiesOf('Customer lists stay confidential while they remain trade secrets of the Company.')).toEqual(['perpetual_confidentiality:low']);
    expect(severitiesOf('The Receiving Party shall protect the source code as confidential until it ceases to be a trade secret.')).toEqual([
      'perpetual_confidentiality:low',
    ]);
    expect(severitiesOf('Trade secrets aside, the Recipient keeps all information confidential forever.')).toEqual(['perpetual_confidentiality:medium']);
  });

  it('reads a law named by its adjective or place, a place of jurisdiction and a legal venue as governing law', () => {
    expect(severitiesOf('This contract is subject to English law.')).toEqual(['governing_law:low']);
    expect(severitiesOf('The law of Ontario applies to this contract.')).toEqual(['governing_law:low']);
    expect(severitiesOf('Austrian law applies to everything in this contract.')).toEqual(['governing_law:low']);
    expect(severitiesOf('Place of jurisdiction for all disputes is Basel.')).toEqual(['governing_law:low']);
    expect(severitiesOf('Jurisdiction lies with the ordinary courts of Lucerne.')).toEqual(['governing_law:low']);
    expect(severitiesOf('The Geneva courts have sole jurisdiction over this agreement.')).toEqual(['governing_law:low']);
    expect(severitiesOf('The courts of the canton of Vaud are competent for any dispute.')).toEqual(['governing_law:low']);
    expect(severitiesOf('Venue shall be in Harris County, Texas, for both parties.')).toEqual(['governing_law:low']);
    // A duty to obey the law, the venue of an event or a court that may strike a clause chooses no law or court.
    expect(severitiesOf('The Contractor must comply with applicable law at all times.')).toEqual([]);
    expect(severitiesOf('This offer is subject to applicable law and to credit approval.')).toEqual([]);
    expect(severitiesOf('The venue is in the Mitte district of Berlin.')).toEqual([]);
    expect(severitiesOf('Any court of competent jurisdiction may strike out an invalid clause.')).toEqual([]);
  });

  it('reads lettered clauses and list items one by one, so a stated fee is not lost in the restraint after it', () => {
    const lettered = `Hello, a design studio in Lyon sent me this freelance contract for a brand refresh. What should I watch out for?

a) Remuneration: The Designer receives EUR 450 per day, invoiced at the end of each month.
b) For the duration of this Agreement the Designer must not take on work for any competitor of the Studio.
c) The Designer transfers to the Studio all rights in the logos and drafts made under this Agreement.
d) Either party may end this Agreement for any reason with two weeks' written notice.
e) This Agreement is subject to French law. Venue shall be the courts of Lyon.`;
    expect(splitClauses(lettered).map((clause) => clause.ref)).toEqual(['Preamble', 'Clause a', 'Clause b', 'Clause c', 'Clause d', 'Clause e']);
    expect(analyzeDocument(lettered).risks.map((risk) => `${risk.id}:${risk.severity}`).sort()).toEqual([
      'governing_law:low',
      'ip_assignment:medium',
      `${MISSING_LIABILITY_CAP.id}:medium`,
      'non_compete:medium',
      'termination_without_cause:low',
    ]);
    // Items inside a numbered clause, lettered or bulleted.
    const ids = (document: string) => analyzeDocument(document).risks.map((risk) => `${risk.id}:${risk.severity}`).sort();
    const items = (marker: (index: number) => string) =>
      `1. Commercial terms.\n${marker(0)} The Client pays USD 2,000 a month for the support.\n${marker(1)} During the term the Provider shall not offer the service to any competitor of the Client.\n2. Duration. One year.`;
    for (const marker of [(index: number) => `${'ab'[index]})`, () => '-', (index: number) => `${['i', 'ii'][index]})`]) {
      expect(ids(items(marker))).toEqual([`${MISSING_LIABILITY_CAP.id}:medium`, 'non_compete:medium']);
    }
  });

  it('reads sub-clauses under a clause that is only a title as part of it', () => {
    const secrecy = 'Clause 7 – Confidentiality\n  7.1 You must keep our client files private.\n  7.2 This duty lasts forever, whatever happens to us.\nClause 8 – Pay: £1,200 a month.';
    expect(splitClauses(secrecy).map((clause) => [clause.ref, clause.heading])).toEqual([
      ['Clause 7.1', 'Confidentiality'],
      ['Clause 7.2', 'Confidentiality'],
      ['Clause 8', 'Pay'],
    ]);
    expect(analyzeDocument(secrecy).risks.find((risk) => risk.id === 'perpetual_confidentiality')).toMatchObject({
      severity: 'medium',
      clause: 'Clause 7.2 (Confidentiality)',
      quote: 'This duty lasts forever, whatever happens to us.',
    });
    // The restraint is read and cited in the sub-clause that states it, not in the title.
    const findings = (document: string) => analyzeDocument(document).risks.map((risk) => `${risk.id}:${risk.severity}:${risk.clause}`);
    expect(findings('Section 3 — Non-solicitation\n 3.1 For a year after you leave, you will not contact our customers.\n 3.2 This applies in the UK.')).toEqual([
      'non_solicitation:medium:Clause 3.1 (Non-solicitation)',
    ]);
    expect(findings('ARTICLE 5 NON-COMPETITION\n5.1 The Consultant will not take up a similar role for 18 months after this contract ends.\n5.2 Scope. Europe.')).toEqual([
      'non_compete:high:Clause 5.1 (NON-COMPETITION)',
    ]);
  });

  it('reads an employment contract by its pay and "your employment", and puts no cap on a deal where nothing is paid', () => {
    expect(detectDocumentType('Remuneration: £31,000 a year. Your employment starts on 1 May.')).toBe('Employment Agreement');
    const ids = (document: string) => analyzeDocument(document).risks.map((risk) => risk.id);
    expect(ids('1. Remuneration. £28,000 per annum, paid monthly.\n2. Hours. Your employment is full time, Monday to Friday.')).toEqual([]);
    expect(ids('1. Pay. The Chef is paid £14 an hour.\n2. Start. His employment begins in June; his remuneration is reviewed yearly.')).toEqual([]);
    // Who pays for a repair, "free of charge" and "in charge of" state no price.
    expect(ids('1. Loan of tools. The Allotment Society lends its rotavator to members.\n2. Damage. The members agree between them how any repair is paid for.')).toEqual([]);
    expect(ids('a) The hall is lent free of charge.\nb) The caretaker is in charge of the keys.\nc) The borrower pays for any breakages.')).toEqual([]);
    expect(ids('a) The hall costs £60 for each evening it is booked.\nb) The caretaker is in charge of the keys.')).toEqual([MISSING_LIABILITY_CAP.id]);
  });

  it('reads a chat export message by message, without the date and sender in front', () => {
    const chat = [
      '14/06/2025, 18:40 - Priya: the van spot is £60 a night, paid up front',
      '14/06/2025, 18:41 - Priya: pay late and it’s £10 more for each day',
      "14/06/2025, 18:41 - Priya: you'll only sell your food at nights we put on, not at any other promoter's events",
      '14/06/2025, 18:42 - Priya: we can drop your slot anytime, no notice',
      '',
      'Is this fair? I run a dumpling van.',
    ].join('\n');
    const clauses = splitClauses(chat);
    expect(clauses.map((clause) => clause.ref)).toEqual(['Point 1', 'Point 2', 'Point 3', 'Point 4', 'Paragraph 1']);
    expect(clauses[0]?.text).toBe('the van spot is £60 a night, paid up front');
    expect(analyzeDocument(chat).risks.map((risk) => `${risk.id}:${risk.severity}:${risk.clause}`)).toEqual([
      'penalties:high:Point 2',
      'termination_without_cause:high:Point 4',
      'exclusivity:medium:Point 3',
      `${MISSING_LIABILITY_CAP.id}:medium:Whole document`,
    ]);
    const bracketed = '[02/03/25, 08:15:02] Tom: rent is £400 a month\n[02/03/25, 08:16:40] Tom: the room is yours from May';
    expect(splitClauses(bracketed).map((clause) => clause.text)).toEqual(['rent is £400 a month', 'the room is yours from May']);
  });

  it('takes off chat prefixes with a time and no date, a time before the date, or a repeated sender with an organisation', () => {
    const timeOnly = '[09:15] Dev - Northside Motors: the valet job is £90 a car\n[09:16] Dev - Northside Motors: we can cancel any day, no notice';
    expect(splitClauses(timeOnly).map((clause) => clause.text)).toEqual(['the valet job is £90 a car', 'we can cancel any day, no notice']);
    const timeFirst = '[18:02, 03/05/2025] Sam: deposit is £200\n[18:03, 03/05/2025] Sam: keys back by noon';
    expect(splitClauses(timeFirst).map((clause) => clause.text)).toEqual(['deposit is £200', 'keys back by noon']);
    const slack = 'from our slack:\n\nOwen (Tidewater Films): day rate is £300\nOwen (Tidewater Films): footage is ours once paid';
    expect(splitClauses(slack).map((clause) => clause.text)).toEqual(['day rate is £300', 'footage is ours once paid']);
    const dashed = 'Lena - Harbour Yoga: classes are £25 each\nLena - Harbour Yoga: we can drop your slot whenever we like';
    expect(splitClauses(dashed).map((clause) => clause.text)).toEqual(['classes are £25 each', 'we can drop your slot whenever we like']);
    // A term sheet's labels, each said once, are not senders.
    const terms = 'Fee (inc VAT): £500\nDeposit (refundable): £100';
    expect(splitClauses(terms).map((clause) => clause.text)).toEqual(['Fee (inc VAT): £500 Deposit (refundable): £100']);
  });

  it('reads a sum or a share of the fee taken off for each period of lateness, minutes and hours too, as high', () => {
    expect(severitiesOf("If the photos arrive late, we knock 5% of the shoot fee off for each day they're late.")).toEqual(['penalties:high']);
    expect(severitiesOf('£30 is deducted from your pay for every half hour you turn up late.')).toEqual(['penalties:high']);
    expect(severitiesOf('For each hour of delay in starting, the Band forfeits £100 of its fee.')).toEqual(['penalties:high']);
    expect(severitiesOf('The Carrier loses 2 per cent of the freight charge per week the cargo is late.')).toEqual(['penalties:high']);
    // An hourly rate for the work is no charge for lateness, nor is interest at a small daily rate.
    expect(severitiesOf('The DJ is paid £80 per hour; invoices paid late incur a one-off £25 fee.')).toEqual(['penalties:medium']);
  });

  it('reads working for a business of their kind in a territory as a non-compete, and serving no one else then not also as exclusivity', () => {
    expect(severitiesOf("You mustn't DJ at any other club in Leeds for six weeks after the wedding.")).toEqual(['non_compete:high']);
    expect(severitiesOf('During the engagement the Chef will not cook for another restaurant based in Bath.')).toEqual(['non_compete:medium']);
    expect(severitiesOf('Non-compete. During the term, the Illustrator will not work for any other publisher.')).toEqual(['non_compete:medium']);
    expect(severitiesOf('While engaged, the Consultant shall not provide services to any competitor or to any other agency.')).toEqual(['non_compete:medium']);
    expect(severitiesOf('Non-competition. While engaged the Stylist shall not work with any other salon.')).toEqual(['non_compete:medium']);
    // A duty to buy from them only, or to sell to them only, stays exclusivity.
    expect(severitiesOf('Non-compete. During the term the Franchisee must source all coffee exclusively from the Roaster.')).toEqual([
      'exclusivity:medium',
      'non_compete:medium',
    ]);
    expect(severitiesOf("The Bakery won't sell its sourdough to any other café in Harrogate.")).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The Agent may not work with any other photographer in Scotland while this contract lasts.')).toEqual(['exclusivity:medium']);
  });

  it('numbers clauses from "Art." and ends the last bullet point at a blank line', () => {
    expect(splitClauses('Art. 1 Price: EUR 900.\nArt. 2 Term: one year.').map((clause) => [clause.ref, clause.heading])).toEqual([
      ['Clause 1', 'Price'],
      ['Clause 2', 'Term'],
    ]);
    expect(splitClauses('- Fee is £20.\n- It renews automatically.\n\nIs this ok?').map((clause) => clause.text)).toEqual([
      'Fee is £20.',
      'It renews automatically.',
      'Is this ok?',
    ]);
  });

  it('reads a sum added for paying late in plain words, per day as high', () => {
    expect(severitiesOf("If your rent is late it's £15 extra for every day until it's paid.")).toEqual(['penalties:high']);
    expect(severitiesOf('Anyone who pays late owes £5 more per week.')).toEqual(['penalties:high']);
    expect(severitiesOf("If you fall behind with the rent it's £40 on top.")).toEqual(['penalties:medium']);
    expect(severitiesOf('Late check-out is £20 extra.')).toEqual([]);
    expect(severitiesOf('Breakfast is £8 extra per day.')).toEqual([]);
  });

  it('reads dealing only with the other side as exclusivity in plain words', () => {
    expect(severitiesOf("You'll only buy your coffee beans from us, not from any other roaster.")).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The photographer only works with us during the season.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('Stallholders only sell at fairs we organise.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('You can only sell to customers over 18.')).toEqual([]);
  });

  it('reads a right to end it in plain words, with its notice or discretion', () => {
    expect(severitiesOf('We can pull your stand whenever we like.')).toEqual(['termination_without_cause:high']);
    expect(severitiesOf('The market may withdraw your pitch at its discretion.')).toEqual(['termination_without_cause:high']);
    expect(severitiesOf("We can stop this at any point; you'll get a month's notice.")).toEqual(['termination_without_cause:medium']);
    expect(severitiesOf("The Studio can end it whenever it wants and will give you 4 weeks' notice.")).toEqual(['termination_without_cause:medium']);
    expect(severitiesOf('Either of us can end this whenever we like.')).toEqual(['termination_without_cause:low']);
    expect(severitiesOf('Questions about your booking go to our call centre.')).toEqual([]);
  });

  it('reads a restraint on working or trading within a radius as a non-compete', () => {
    expect(severitiesOf('For six months after you leave you may not work for any nursery within 2 miles of ours.')).toEqual(['non_compete:high']);
    expect(severitiesOf("While you work with us, you won't teach your own yoga classes within a 5-mile radius.")).toEqual(['non_compete:medium']);
    expect(severitiesOf('The Stylist cannot open a salon within ten kilometres of the shop for a year after this contract ends.')).toEqual(['non_compete:high']);
    expect(severitiesOf('Deliveries are free within 3 miles of the shop.')).toEqual([]);
    expect(severitiesOf('The Caterer will not charge for travel within 10 miles.')).toEqual([]);
  });

  it('reads going after customers, patients, members or staff in plain words as non-solicitation', () => {
    expect(severitiesOf('You must not try to lure away any of our members for a year after you leave.')).toEqual(['non_solicitation:medium']);
    expect(severitiesOf('The Locum will not approach patients of the Surgery to move elsewhere.')).toEqual(['non_solicitation:medium']);
    expect(severitiesOf("Neither of us will take away the other's clients.")).toEqual(['non_solicitation:low']);
    expect(severitiesOf('Staff must not approach the press.')).toEqual([]);
  });

  it('reads varying or adjusting terms, rates and schedules as unilateral amendment', () => {
    expect(severitiesOf('We may vary your hours and the rota schedule at any time without notice.')).toEqual(['unilateral_amendment:high']);
    expect(severitiesOf('The Lender can adjust the repayment instalments without telling the Borrower.')).toEqual(['unilateral_amendment:high']);
    expect(severitiesOf("The Club may vary the membership rules on 30 days' notice.")).toEqual(['unilateral_amendment:medium']);
    expect(severitiesOf('Delivery times may vary depending on the schedule.')).toEqual([]);
  });

  it('reads what you make for them being theirs, or rights handed over, as an IP assignment', () => {
    expect(severitiesOf('Any photos you take at our events are ours.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf("Every design the Freelancer makes for the Studio becomes the Studio's property.")).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('You sign over the copyright in the songs to the label.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('You give us all rights to the logo.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('Photos on our website belong to us.')).toEqual([]);
    expect(severitiesOf('Recipes you come up with belong to you.')).toEqual([]);
    expect(severitiesOf('Staff should know that anything they take from the stockroom belongs to us.')).toEqual([]);
    expect(severitiesOf('The Seller hands over the title deeds on completion.')).toEqual([]);
  });

  it('reads calling it off, pulling out or walking away as ending it, by who may and with what notice', () => {
    expect(severitiesOf("Either side may pull out of the deal by giving two weeks' notice.")).toEqual(['termination_without_cause:low']);
    expect(severitiesOf('The Owner can call the whole thing off on 14 days notice.')).toEqual(['termination_without_cause:medium']);
    expect(severitiesOf('The Farm may walk away from this arrangement whenever it likes.')).toEqual(['termination_without_cause:high']);
    expect(severitiesOf("We can back out right away if the weather's bad.")).toEqual(['termination_without_cause:high']);
    expect(severitiesOf('The van backs out of the yard at any time of day.')).toEqual([]);
    expect(severitiesOf('You may walk away with the spare parts at any time.')).toEqual([]);
  });

  it('reads an agreement said to be under a named law as governing law, and not "under applicable law"', () => {
    expect(severitiesOf('This contract, with its two schedules, falls under Queensland law.')).toEqual(['governing_law:low']);
    expect(severitiesOf('The deal is made under the laws of the Republic of Ireland.')).toEqual(['governing_law:low']);
    expect(severitiesOf('This lease comes under Northern Irish law.')).toEqual(['governing_law:low']);
    expect(severitiesOf('This agreement is under review by the law firm.')).toEqual([]);
    expect(severitiesOf('The terms are under applicable consumer law.')).toEqual([]);
  });

  it('reads creations made by one side that are to be the property of the other as an IP assignment, high beyond the work', () => {
    expect(
      severitiesOf('All designs, drawings and ideas developed by the Contractor in the course of the project, including sketches and drafts, become the absolute property of the Client.'),
    ).toEqual(['ip_assignment:medium']);
    expect(
      severitiesOf('Any discoveries or works created by the Researcher while funded, whether or not using the Institute’s equipment, are the sole property of the Institute.'),
    ).toEqual(['ip_assignment:high']);
    expect(severitiesOf('Works made by the Illustrator before and during the commission shall remain the property of the Illustrator.')).toEqual([]);
    expect(severitiesOf('Designs created by the Designer for this project, including all drafts and revisions, are the property of the Designer.')).toEqual([]);
  });

  it('reads plain wording of poaching the crew, ending on the spot and owing without limit', () => {
    expect(severitiesOf("You won't poach any of our drivers for a year.")).toEqual(['non_solicitation:medium']);
    expect(severitiesOf('The caterer must not try to hire our waiting crew during the season.')).toEqual(['non_solicitation:medium']);
    expect(severitiesOf('We can stop this straight away if sales are slow.')).toEqual(['termination_without_cause:high']);
    expect(severitiesOf("There's no cap on how much we can claim from you if the audit goes badly.")).toEqual(['uncapped_liability:high']);
    expect(severitiesOf("No limit on what the tenant would have to pay for repairs.")).toEqual(['uncapped_liability:high']);
    expect(severitiesOf('There is no limit on what you can order.')).toEqual([]);
  });

  it('reads secrets kept forever or beyond the relationship in plain words as perpetual confidentiality', () => {
    expect(severitiesOf('Our client list stays between us forever.')).toEqual(['perpetual_confidentiality:medium']);
    expect(severitiesOf("Don't tell anyone what we charge, even after you leave.")).toEqual(['perpetual_confidentiality:medium']);
    expect(severitiesOf('Keep our recipes to yourself even once this contract is over.')).toEqual(['perpetual_confidentiality:medium']);
    expect(severitiesOf("Don't share our prices with anyone for two years, even after you leave.")).toEqual([]);
    expect(severitiesOf('Our prices stay between us while we work together.')).toEqual([]);
  });

  it('reads making good their losses in plain words as an indemnity, and not paying expenses', () => {
    expect(severitiesOf('Should anyone sue us over your work, you will compensate us for the damages.')).toEqual(['broad_indemnification:medium']);
    expect(severitiesOf("The Band makes good the Venue's losses if the gig is cancelled.")).toEqual(['broad_indemnification:medium']);
    expect(severitiesOf("You're responsible for any claims brought against us because of your products.")).toEqual(['broad_indemnification:medium']);
    expect(severitiesOf("You'll cover any and all of our losses whatsoever.")).toEqual(['broad_indemnification:high']);
    expect(severitiesOf("You'll reimburse our travel expenses.")).toEqual([]);
    expect(severitiesOf('The Hirer pays for any damage to the hall.')).toEqual([]);
    expect(severitiesOf('Each party bears its own losses.')).toEqual([]);
    expect(severitiesOf("The Landlord's insurance does not cover the Tenant's liabilities.")).toEqual([]);
  });

  it('reads work the maker creates passing to the other side by any verb of ownership, high when it reaches earlier work or free time', () => {
    expect(
      severitiesOf("All menus, sauce recipes and plating devised by the Chef, whether before this contract or in the Chef's free time, will become the exclusive property of the Restaurant."),
    ).toEqual(['ip_assignment:high']);
    expect(
      severitiesOf('Lesson plans, worksheets and other teaching materials prepared by the Tutor while engaged, and any improvements to them suggested by pupils or parents, will be owned by the Academy.'),
    ).toEqual(['ip_assignment:medium']);
    expect(
      severitiesOf('Every blend, formula and fragrance note developed by the Perfumer during the engagement, at the studio or at home and whether or not on a working day, vests in the House.'),
    ).toEqual(['ip_assignment:high']);
    // The maker, or the other side, keeping what is its own is no assignment; nor are goods changing hands.
    expect(severitiesOf('Glossaries and translation memories compiled by the Translator before this agreement shall belong to the Translator.')).toEqual([]);
    expect(severitiesOf('The Illustrator retains the copyright in every sketch.')).toEqual([]);
    expect(severitiesOf('The Plumber keeps ownership of his own tools and van.')).toEqual([]);
    expect(severitiesOf('The cello lent to the pupil remains the music school’s property.')).toEqual([]);
    expect(severitiesOf('Bricks produced by the Seller become the property of the Buyer once paid for.')).toEqual([]);
  });

  it('reports a clause at its most severe sentence, and ending for misconduct as ending for a reason', () => {
    // The second sentence of the clause reaches work made before the contract.
    expect(
      severitiesOf('Ownership. All logos and mock-ups drawn for the Shop belong to the Shop. The Designer also assigns to the Shop the copyright in every logo made before this contract.'),
    ).toEqual(['ip_assignment:high']);
    expect(
      severitiesOf("Ending. Either side may end the job with two weeks' notice. The Salon may end it at once, without notice, for gross misconduct."),
    ).toEqual(['termination_without_cause:low']);
    expect(severitiesOf('The Practice may dismiss the Hygienist summarily, without notice, for serious misconduct or dishonesty.')).toEqual([]);
  });

  it('reads a restraint on dealing with others of the same kind as a non-compete, by how long it runs, and a tie to one party as exclusivity', () => {
    expect(severitiesOf('During the contract the Stockist will not import or sell candles from any other candle maker.')).toEqual(['non_compete:medium']);
    expect(severitiesOf('For a year after the campaign ends, the Influencer must not advertise or endorse any other sportswear label.')).toEqual([
      'non_compete:high',
    ]);
    expect(severitiesOf("While the residency lasts the Chef won't cook at any other restaurant.")).toEqual(['non_compete:medium']);
    expect(severitiesOf('Throughout the fair you may not sell at any other market or pop-up within 5 miles of the square.')).toEqual(['non_compete:medium']);
    expect(severitiesOf('Until the tour ends and for three months afterwards the Band shall not perform at another festival in Cornwall.')).toEqual([
      'non_compete:high',
    ]);
    // Other goods sold at the fair are no rival fair.
    expect(severitiesOf('Stallholders shall not sell any other goods at the fair than those on the approved list.')).toEqual([]);
    // Selling one's own goods to, or through, anyone else, or making a deal of that kind with them, stays exclusivity.
    expect(severitiesOf('During the term the Dairy shall not sell its cheese to any other wholesaler.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The Winery will not distribute its wines through any other importer.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf("The Skater won't sign an endorsement deal with any other skateboard brand this season.")).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The Retailer appoints the Roaster as its exclusive supplier and shall buy beans only from the Roaster.')).toEqual(['exclusivity:medium']);
  });

  it('reads an appointment as the exclusive one of its kind, or working exclusively with the other side, as exclusivity', () => {
    expect(severitiesOf('The Gallery appoints the Painter as its exclusive featured artist for the autumn season.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('For the season the Guide agrees to work exclusively for the Lodge in the walking-tour category.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The Club names the Brewery its exclusive pouring partner.')).toEqual(['exclusivity:medium']);
    // A non-exclusive appointment, or a price exclusive of tax, is no tie.
    expect(severitiesOf('The Council appoints the Caterer as a non-exclusive supplier for its events.')).toEqual([]);
    expect(severitiesOf('The Caterer is paid £900, exclusive of VAT.')).toEqual([]);
  });

  it("reads not hiring or approaching the other side's staff under any name as non-solicitation, mutual as low", () => {
    expect(severitiesOf('You must not hire or take on any of our cleaners during the contract or for six months after it.')).toEqual(['non_solicitation:medium']);
    expect(severitiesOf("The Hotel shall not approach the Agency's chefs or kitchen porters with offers of work.")).toEqual(['non_solicitation:medium']);
    expect(severitiesOf('The Client will not try to engage any of our installers or site engineers directly.')).toEqual(['non_solicitation:medium']);
    expect(severitiesOf("Neither of us will recruit the other's technicians while this agreement lasts.")).toEqual(['non_solicitation:low']);
    expect(severitiesOf('You may not hire our generators out to anyone else.')).toEqual([]);
  });

  it('reads a sum taken per period of lateness when the lateness comes first, in rand and with spaces between the thousands', () => {
    expect(severitiesOf('If the shopfit runs late, the Landlord deducts R4 750 per day from the deposit.')).toEqual(['penalties:high']);
    expect(severitiesOf('If the bathroom is finished late we take £300 off for every day.')).toEqual(['penalties:high']);
    expect(severitiesOf('Late delivery costs the Printer ZAR 2 000 a day.')).toEqual(['penalties:high']);
    expect(severitiesOf('Should the handover be delayed, Rs 12,000 will be withheld for each week.')).toEqual(['penalties:high']);
    // A price for staying on, or a day rate, is no charge for lateness.
    expect(severitiesOf('Late check-out is R350 per day.')).toEqual([]);
    expect(severitiesOf('The crane costs R9 500 per day.')).toEqual([]);
  });

  it('reads works handed over after a long list of qualifiers, made or not, as an IP assignment, high when it reaches earlier work', () => {
    expect(
      severitiesOf(
        "Every wireframe, mock-up and line of source code produced by the Developer, at the office or at home, before or during the engagement, and touching on any of the Client's products, is hereby transferred to the Client outright.",
      ),
    ).toEqual(['ip_assignment:high']);
    expect(
      severitiesOf('The cover illustrations, along with all roughs, storyboards and any earlier character designs of the Illustrator that appear in the book, become the exclusive property of the Publisher, copyright included.'),
    ).toEqual(['ip_assignment:high']);
    expect(severitiesOf('All photographs taken on the shoot, edited or not, shall become the sole property of the Magazine on payment.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('All reports and materials relating to the audit are hereby assigned to the Bank.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('Final logos, icons and colour palettes delivered under this order, on payment or delivery, whichever is earlier, become the property of the Shop.')).toEqual([
      'ip_assignment:medium',
    ]);
    // Goods changing hands, ownership that stays where it was, or a maker keeping its own work is no assignment.
    expect(severitiesOf('All timber and other materials delivered to site become the property of the Customer once paid for.')).toEqual([]);
    expect(severitiesOf('The booking app and its source code are the sole property of Fintrek Ltd.')).toEqual([]);
    expect(severitiesOf('All sketches and concept art become the property of the Artist again if the fee is not paid.')).toEqual([]);
    expect(severitiesOf('Work is assigned to the Cleaner by the duty manager each morning.')).toEqual([]);
  });

  it("reads a vendor's booth, pitch, place or membership taken away at will as termination without cause", () => {
    expect(severitiesOf("The Market Committee may rescind a stallholder's pitch allocation at its discretion and without warning.")).toEqual([
      'termination_without_cause:high',
    ]);
    expect(severitiesOf("The Organisers reserve the right to pull any exhibitor's stand at any time.")).toEqual(['termination_without_cause:medium']);
    expect(severitiesOf("The Club may revoke a player's membership whenever it chooses.")).toEqual(['termination_without_cause:high']);
    expect(severitiesOf("The Gallery can withdraw the Artist's exhibition slot at any moment.")).toEqual(['termination_without_cause:medium']);
    // Withdrawing consent, or a booth taken away for a breach or a stated failure, is no ending at will.
    expect(severitiesOf('You may revoke your consent to marketing e-mails at any time.')).toEqual([]);
    expect(severitiesOf("The Council may revoke a trader's licence at any time for breach of the market rules.")).toEqual([]);
    expect(severitiesOf("The Organiser may withdraw the Vendor's booth allocation if the booth fee is unpaid on 1 May.")).toEqual([]);
  });

  it('reads what the premises or a licence may be used for as a permitted use, not exclusivity', () => {
    expect(severitiesOf("The kitchen may be used for preparing the Caterer's own menus only, and for no other purpose.")).toEqual([]);
    expect(severitiesOf('You may only use the yard for storing the van and no other purpose.')).toEqual([]);
    expect(severitiesOf('The Licensee shall use the fonts solely in its own printed catalogues and for no other use without consent.')).toEqual([]);
    // Buying from, or dealing with, no other party stays a tie to one party.
    expect(severitiesOf('The Bakery shall buy its flour from no other miller.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The Salon will only use colour products supplied by the Brand and no other brand.')).toEqual(['exclusivity:medium']);
  });

  it('reads a charge the canceller pays if it cancels as a penalty, not a right to end at will', () => {
    expect(
      severitiesOf('In the event that the Exhibitor terminates its booking for whatever reason after 1 March, the full stand fee remains payable as liquidated damages.'),
    ).toEqual(['penalties:high']);
    expect(severitiesOf('Should the Couple cancel at any time for any reason, the deposit is forfeited and a cancellation charge of 40% of the balance is payable.')).toEqual(
      [],
    );
    // A right to cancel at will is still one, with or without a fee that follows it.
    expect(severitiesOf('The Client may cancel at any time for any reason.')).toEqual(['termination_without_cause:medium']);
    expect(severitiesOf('The Promoter can cancel the show for any reason; a cancellation fee of 20% is then payable to the Band.')).toEqual([
      'termination_without_cause:medium',
    ]);
    expect(severitiesOf('If we cancel your place for any reason, we refund the course fee in full.')).toEqual(['termination_without_cause:medium']);
  });

  it('finds no high risk in a balanced contract that has the usual clauses', () => {
    const balanced = `${CLEAN}\n6. Indemnification. Each party shall indemnify the other against third-party claims caused by its breach.
7. Law. This Agreement is governed by the laws of Ireland.
8. Confidentiality. Each party keeps the other's information confidential for three years.`;
    const risks = analyzeDocument(balanced).risks;
    expect(risks.filter((risk) => risk.severity === 'high')).toEqual([]);
    expect(risks.map((risk) => [risk.id, risk.severity])).toEqual([
      ['broad_indemnification', 'low'],
      ['governing_law', 'low'],
    ]);
  });

  it('has examples only for rules that exist', () => {
    const ids = new Set(RISK_RULES.map((rule) => rule.id));
    expect(RULE_EXAMPLES.map(([id]) => id).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('splits a contract pasted on one line after a request', () => {
    const request = 'Analyze this NDA: 1. Purpose. Evaluate a deal. 2. Term. This NDA lasts 2 years. 3. Law. Governed by the laws of France.';
    const clauses = splitClauses(request);
    expect(clauses.map((clause) => clause.ref)).toEqual(['Preamble', 'Clause 1', 'Clause 2', 'Clause 3']);
    expect(analyzeLegalDocument(parse({ document: request })).metadata).toMatchObject({ documentType: 'NDA', riskCount: 1, highRisks: 0 });
  });

  it('keeps clause headings out of the quotes', () => {
    const quote = 'For 24 months the Employee shall not compete with the Employer.';
    const risks = analyzeDocument(`1. Non-Competition. ${quote}\n2. Pay. Monthly.`).risks;
    expect(risks[0]).toMatchObject({ id: 'non_compete', clause: 'Clause 1 (Non-Competition)', quote });
  });

  it('numbers clauses from section keywords, decimals and roman numerals only', () => {
    const clauses = splitClauses(
      'Section 1 Scope of work.\n1.1 Design. The site.\nII. Fees. Paid monthly.\n30 days after delivery\ncivic duties apply',
    );
    expect(clauses.map((clause) => clause.ref)).toEqual(['Clause 1', 'Clause 1.1', 'Clause II']);
    expect(clauses[2]?.text).toBe('Paid monthly. 30 days after delivery civic duties apply');
  });

  it('falls back to paragraphs and detects types by keywords', () => {
    const paragraphs = splitClauses('The Landlord lets the premises.\n\nThe Tenant pays rent monthly.');
    expect(paragraphs.map((clause) => clause.ref)).toEqual(['Paragraph 1', 'Paragraph 2']);
    expect(detectDocumentType('The Landlord lets the premises to the Tenant for a monthly rent.')).toBe('Lease Agreement');
    expect(detectDocumentType('The Employee will receive a salary from the Employer.')).toBe('Employment Agreement');
    expect(detectDocumentType('By using the service you accept these Terms of Service.')).toBe('Terms of Service');
    expect(detectDocumentType('Hello there.')).toBe('Contract');
    expect(detectDocumentType('anything', 'employment contract')).toBe('Employment Agreement');
    expect(detectDocumentType('The Tenant pays rent.', 'Please analyze this document and tell me if it is fair')).toBe('Lease Agreement');
  });

  it('finds parties without role labels', () => {
    expect(findParties('This lease is made between John Smith and Mary Jones, effective today.')).toEqual(['John Smith', 'Mary Jones']);
  });

  it('handles unicode and huge documents quickly with bounded output', () => {
    const clause = (i: number) => `${i}. Clause ${i}. Les parties conviennent — “confidentialité” 🤝 du contrat, sans pénalité.`;
    const document = Array.from({ length: 400 }, (_, i) => clause(i + 1)).join('\n').slice(0, 20_000);
    const cpu = startCpuClock();
    const draft = analyzeLegalDocument(parse({ document }));
    expect(cpu.ms()).toBeLessThan(2_000);
    expect(draft.content.length).toBeLessThan(30_000);
  });

  it('reads one side changing the commission or fees with notice in plain words as unilateral amendment (medium), without notice as high', () => {
    expect(severitiesOf('The Gallery can revise the commission on sales and will tell you a month before.')).toEqual(['unilateral_amendment:medium']);
    expect(severitiesOf("We can change our royalty split whenever we like, but we'll let you know 30 days before.")).toEqual(['unilateral_amendment:medium']);
    expect(severitiesOf('The Agency keeps the right to update the booking fees and will notify you 14 days in advance.')).toEqual(['unilateral_amendment:medium']);
    expect(severitiesOf('We can raise the commission whenever we like.')).toEqual(['unilateral_amendment:high']);
    // Opening hours are no term of the deal, and a commission fixed for the term is no right to change it.
    expect(severitiesOf('We keep the right to adjust our opening hours over the holidays.')).toEqual([]);
    expect(severitiesOf('The commission is fixed at 20% for the whole term.')).toEqual([]);
  });

  it('reads selling or supplying all of something to one party alone as exclusivity, and not sales to an audience or a delivery address', () => {
    expect(severitiesOf('For the length of the contract the Vineyard will supply every case of its reserve wine solely to the Merchant.')).toEqual([
      'exclusivity:medium',
    ]);
    expect(severitiesOf('The Dairy sells all of the milk from its herd only to the Creamery.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The Grower shall sell its entire crop of malting barley to the Maltster each year.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The Mill supplies its flour exclusively to the bakery trade.')).toEqual([]);
    expect(severitiesOf("The Supplier supplies all spare parts exclusively to the Buyer's registered address.")).toEqual([]);
    expect(severitiesOf('The Seller shall deliver all goods to the Buyer within ten days.')).toEqual([]);
  });

  it('reads an exclusion of indirect or consequential loss in any wording as a limit on liability', () => {
    const ids = (clause: string) => analyzeDocument(`1. Fees. The Client pays 900 USD a month.\n2. Liability. ${clause}`).risks.map((risk) => risk.id);
    expect(ids('Neither side is responsible to the other for indirect or knock-on losses.')).toEqual([]);
    expect(ids('The Caterer accepts no liability for consequential loss such as lost bookings.')).toEqual([]);
    expect(ids('Indirect and consequential damages are excluded.')).toEqual([]);
    // "Indirect" in a sentence about something else limits nothing.
    expect(ids('The Maker may also sell indirectly through agents.')).toEqual([MISSING_LIABILITY_CAP.id]);
    expect(ids('The fee excludes indirect costs such as travel.')).toEqual([MISSING_LIABILITY_CAP.id]);
  });

  it('reads employment said to be at-will as either side’s right (low), unless one side alone is given it', () => {
    expect(severitiesOf('Status. Your job with the Bakery is at-will. Either you or the Bakery can end it at any moment, with or without a reason.')).toEqual([
      'termination_without_cause:low',
    ]);
    expect(severitiesOf('Your employment with the Clinic is at will and has no fixed end date.')).toEqual(['termination_without_cause:low']);
    expect(severitiesOf('The Company may terminate your employment at will.')).toEqual(['termination_without_cause:medium']);
    expect(severitiesOf('Your employment is at-will and the Company can end it at any time without notice.')).toEqual(['termination_without_cause:high']);
  });

  it('reads a work the other side owns outright, or that is theirs, as an IP assignment, and not the maker keeping it', () => {
    expect(severitiesOf('After the final invoice is settled, the Label owns the recordings outright.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('When the last payment clears, the illustrations are ours to use however we like.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('You own the recordings outright; we only get a licence to stream them.')).toEqual([]);
    expect(severitiesOf('The Composer owns the recordings outright.')).toEqual([]);
    expect(severitiesOf('The Landlord owns the building outright.')).toEqual([]);
    expect(severitiesOf('The photos on our website are ours.')).toEqual([]);
  });

  it('reads wanting out, or deciding to walk away, with notice as ending it, low when either side may', () => {
    expect(severitiesOf('If either side wants out, they just need to give a month’s notice by email.')).toEqual(['termination_without_cause:low']);
    expect(severitiesOf('Should the Venue want out, it must give us four weeks’ notice.')).toEqual(['termination_without_cause:medium']);
    expect(severitiesOf('If the Promoter decides to walk away from the deal, it gives 30 days’ notice.')).toEqual(['termination_without_cause:medium']);
    expect(severitiesOf('Guests who want out of the pool area must use the side gate.')).toEqual([]);
  });

  it('reads a Portuguese or Spanish fine per day of delay as a penalty (high), and traffic fines as none', () => {
    expect(severitiesOf('Por cada día de retraso en la entrega, el Proveedor abonará una penalidad de 200 euros.')).toEqual(['penalties:high']);
    expect(severitiesOf('Havendo atraso no pagamento, incidirá multa diária de 1% sobre o valor devido.')).toEqual(['penalties:high']);
    expect(severitiesOf('O Locador cobrará multa de 10% do aluguel em caso de rescisão antecipada.')).toEqual(['penalties:high']);
    expect(severitiesOf('O Locatário é responsável pelas multas de trânsito.')).toEqual([]);
  });

  it('reads a Portuguese or Spanish choice of law or of courts as governing law, and not a web forum or a region', () => {
    expect(severitiesOf('Las partes se someten a la jurisdicción de los tribunales de Valencia.')).toEqual(['governing_law:low']);
    expect(severitiesOf('Este contrato se rige por las leyes de Chile.')).toEqual(['governing_law:low']);
    expect(severitiesOf('O presente contrato será regido pelas leis da República Federativa do Brasil.')).toEqual(['governing_law:low']);
    expect(severitiesOf('As partes elegem o foro da Comarca de Belo Horizonte.')).toEqual(['governing_law:low']);
    expect(severitiesOf('Publicaremos o resultado no foro da comunidade.')).toEqual([]);
    expect(severitiesOf('La comarca del Bierzo produce vino.')).toEqual([]);
  });

  it('reads a statement that one is not an employee as a status, not a bar on hiring anyone', () => {
    expect(severitiesOf('Relationship. The Photographer works as a freelancer and is not an employee of the Studio or of its clients.')).toEqual([]);
    expect(severitiesOf('Status. The Agency is not the employer of any worker it places with the Hotel.')).toEqual([]);
    expect(severitiesOf('The Studio shall not employ or engage any employee of the Photographer for a year.')).toEqual(['non_solicitation:medium']);
    expect(severitiesOf('The Reseller will not engage in the solicitation of the Vendor’s customers.')).toEqual(['non_solicitation:medium']);
  });

  it('reads claims limited to an individual basis, or no class or representative proceeding, as a class-action waiver (high)', () => {
    const findings = (document: string) => analyzeDocument(document).risks.map((risk) => `${risk.id}:${risk.severity}`).sort();
    const disputes = (waiver: string) =>
      `9. DISPUTES\n9.1 Any claim relating to these Terms will be settled by binding arbitration in Denver.\n9.2 ${waiver}\n10. Liability. Liability is capped at the fees.`;
    expect(findings(disputes('Each party may pursue claims against the other solely on an individual basis and never as a member of any collective or representative proceeding.'))).toEqual([
      'arbitration_jury_waiver:high',
    ]);
    expect(findings(disputes('Class or consolidated arbitrations are not permitted.'))).toEqual(['arbitration_jury_waiver:high']);
    expect(severitiesOf('Claims. You may bring claims only in your individual capacity, not as part of any class or mass action.')).toEqual([
      'arbitration_jury_waiver:high',
    ]);
    // Arbitration alone stays medium; a class of pupils or a representative at a meeting waives nothing.
    expect(findings(disputes('The arbitrator’s award is final.'))).toEqual(['arbitration_jury_waiver:medium']);
    expect(severitiesOf('Training. The Trainer will not teach more than one class per session, and each pupil is coached on an individual basis.')).toEqual([]);
    expect(severitiesOf('Meetings. Each party shall send no more than one representative to the quarterly review.')).toEqual([]);
  });

  it('reads an appointment letter or terms of employment as employment, which puts no cap on the deal', () => {
    expect(detectDocumentType('LETTER OF APPOINTMENT\n1. Post. You are appointed as Senior Analyst.')).toBe('Employment Agreement');
    expect(detectDocumentType('STATEMENT OF TERMS AND CONDITIONS OF EMPLOYMENT\n1. Hours. 37.5 hours.')).toBe('Employment Agreement');
    expect(detectDocumentType('Offer of employment\n1. Start date. 3 March.')).toBe('Employment Agreement');
    expect(detectDocumentType('TERMS AND CONDITIONS\n1. Use. By using the app you agree to these terms.')).toBe('Terms of Service');
    const ids = (document: string) => analyzeDocument(document).risks.map((risk) => risk.id);
    expect(ids('APPOINTMENT LETTER\n\n1. Pay. Your monthly pay is Rs. 90,000.\n2. Leave. You are entitled to 18 days of paid leave.')).toEqual([]);
  });

  it('reads not promoting, endorsing or featuring a brand that competes as a non-compete, and comparing with one as none', () => {
    expect(
      severitiesOf('Rival Labels. For three months after the campaign ends, the Ambassador must not advertise, review or feature any sportswear or footwear label that competes with the Company.'),
    ).toEqual(['non_compete:high']);
    expect(severitiesOf("While the campaign runs, the Influencer won't promote any drinks brand that competes with the Client.")).toEqual(['non_compete:medium']);
    expect(severitiesOf('Comparisons. The Influencer must never post side-by-side comparisons against any brand that competes with the Client.')).toEqual([]);
  });

  it('reads not running a business similar to the other side’s as a non-compete, and a business similar to some other kind as none', () => {
    expect(
      severitiesOf('Restraint. For 18 months after this Agreement ends, the Operator will not, directly or indirectly, run or hold an interest in any bakery business substantially similar to the Franchised Bakery within the Territory.'),
    ).toEqual(['non_compete:high']);
    expect(severitiesOf("The Consultant shall not own or work for any agency of the same kind as the Company's during the engagement.")).toEqual(['non_compete:medium']);
    expect(severitiesOf('Use. The Tenant shall not operate any business similar to a nightclub or late bar from the Premises.')).toEqual([]);
  });

  it('reads a sum taken for each period of delay however far the delayed work is described from it, and not a delay that only moves a date', () => {
    expect(
      severitiesOf('For each week of delay in completing the fit-out beyond the handover date agreed in the programme, the Owner may retain R5 000 from the contract sum.'),
    ).toEqual(['penalties:high']);
    expect(
      severitiesOf('The Gallery may withhold £120 of the hanging fee, counted from the opening night named in the exhibition schedule, for every day of lateness.'),
    ).toEqual(['penalties:high']);
    expect(severitiesOf('For each day of delay caused by the Client, the delivery date moves back by a day and the fee of $900 is unchanged.')).toEqual([]);
  });

  it('reads disputes sent to an arbitrator of any description as arbitration, and not to a manager', () => {
    expect(severitiesOf('Any disagreement under this contract will be submitted to a panel of three arbitrators chosen under the ICC Rules.')).toEqual([
      'arbitration_jury_waiver:medium',
    ]);
    expect(severitiesOf('Disputes are referred to an independent arbitrator nominated by the President of the Law Society.')).toEqual([
      'arbitration_jury_waiver:medium',
    ]);
    expect(severitiesOf('Any disagreement about the schedule will be referred to the project manager for a decision.')).toEqual([]);
  });

  it('reads one side changing a manual, handbook or guidelines the other must follow as unilateral amendment, and not a manual mode', () => {
    expect(severitiesOf('The Company may revise the Staff Handbook from time to time, and the revised version binds the Employee from the date it is issued.')).toEqual([
      'unilateral_amendment:medium',
    ]);
    expect(severitiesOf('The Franchisor can change the brand guidelines without notice.')).toEqual(['unilateral_amendment:high']);
    expect(severitiesOf('The operator can change the press to manual mode when the sensor fails.')).toEqual([]);
  });

  it('reads carrying on or being concerned in a business nearby, after an aside between commas, as a non-compete, and not works nearby', () => {
    expect(
      severitiesOf('The Seller shall not, at any time before the second anniversary of completion, carry on or be interested in any physiotherapy practice within 8 km of the Clinic.'),
    ).toEqual(['non_compete:high']);
    expect(severitiesOf('While the licence lasts, the Licensee will not be concerned in any yoga studio business within two miles of the Centre.')).toEqual([
      'non_compete:medium',
    ]);
    expect(
      severitiesOf('The Vendor must not, whether alone or with others, and for three years after completion, carry on any business that competes with the Buyer.'),
    ).toEqual(['non_compete:high']);
    expect(severitiesOf('The Contractor must not, on weekdays after 6 pm or on public holidays, carry on deliveries within 1 km of the school.')).toEqual([]);
  });

  it('reads "§ N Title" with sub-clauses numbered 1., 2. as the title’s sub-clauses, so a bare title is no risk', () => {
    const document =
      '§ 1 Non-Compete\n1. While this Agreement is in force, the Agent shall not act for any competitor of the Principal.\n2. Territory. Austria and every other country of the EU.\n' +
      '§ 2 Liability\n1. Each party’s liability is capped at the fees paid in the last twelve months.';
    expect(splitClauses(document).map((clause) => [clause.ref, clause.heading])).toEqual([
      ['Clause 1.1', 'Non-Compete'],
      ['Clause 1.2', 'Territory'],
      ['Clause 2.1', 'Liability'],
    ]);
    expect(analyzeDocument(document).risks.map((risk) => `${risk.id}:${risk.severity}:${risk.clause}`)).toEqual([
      'non_compete:medium:Clause 1.1 (Non-Compete)',
    ]);
  });

  it('takes a restraint from what a sub-clause binds, not from its title: a carve-out under a non-compete title is no risk', () => {
    const findings = (document: string) => analyzeDocument(document).risks.map((risk) => `${risk.id}:${risk.severity}:${risk.clause}`);
    const restraintAfter = 'For one year after the engagement ends, the Consultant shall not work for any competitor of the Company.';
    const restraintDuring = 'While this Agreement is in force, the Consultant shall not work for any competitor of the Company.';
    const titles: [string, string][] = [
      ['§ 4 Non-Competition', 'Non-Competition'],
      ['Article 4 – Non-compete', 'Non-compete'],
      ['Clause 4 – Non-Compete', 'Non-Compete'],
    ];
    const carveOuts = [
      'Nothing in this clause stops the Consultant from teaching or writing.',
      'This clause does not apply to work for charities.',
      'This obligation shall not prevent the Consultant from holding shares in a listed company.',
    ];
    for (const [title, heading] of titles) {
      // The restraint under the title is found, with the severity its own words give.
      expect(findings(`${title}\n1. ${restraintAfter}`)).toEqual([`non_compete:high:Clause 4.1 (${heading})`]);
      expect(findings(`${title}\n1. ${restraintDuring}`)).toEqual([`non_compete:medium:Clause 4.1 (${heading})`]);
      for (const carveOut of carveOuts) {
        // A sub-clause that only carves out of the restraint names no restraint of its own, whatever the title above it.
        expect(findings(`${title}\n1. ${carveOut}`)).toEqual([]);
        // With the restraint, it neither adds a finding nor raises the restraint's severity, before or after it.
        expect(findings(`${title}\n1. ${restraintDuring}\n2. ${carveOut}`)).toEqual([`non_compete:medium:Clause 4.1 (${heading})`]);
        expect(findings(`${title}\n1. ${carveOut}\n2. ${restraintDuring}`)).toEqual([`non_compete:medium:Clause 4.2 (${heading})`]);
      }
    }
    // Sub-clauses numbered under their own title number ("4.2") read the same way.
    expect(findings(`Clause 4 – Non-Compete\n4.1 ${restraintDuring}\n4.2 Nothing in this clause stops the Consultant from teaching or writing.`)).toEqual([
      'non_compete:medium:Clause 4.1 (Non-Compete)',
    ]);
    // A definition under the title binds no one.
    expect(findings('§ 4 Non-Competition\n1. “Competitor” means any business that roasts or sells coffee in Leeds.')).toEqual([]);
    // The title still gives a sub-clause its subject: "this obligation" is the non-compete, and its stated length is read.
    expect(findings(`Clause 4 – Non-Compete\n4.1 ${restraintDuring}\n4.2 This obligation continues for twelve months after termination.`)).toEqual([
      'non_compete:high:Clause 4.2 (Non-Compete)',
    ]);
    // A carve-out in the restraint's own sentence does not raise it either: what the Consultant may still do after the term is no
    // restraint after the term.
    expect(
      findings(
        '§ 4 Non-Competition\n1. During the Term the Consultant shall not work for any competitor, but this restriction shall not prevent the Consultant ' +
          'from working for a competitor after the Term ends.',
      ),
    ).toEqual(['non_compete:medium:Clause 4.1 (Non-Competition)']);
    // A carve-out from a liability cap is still the exposure it opens.
    expect(severitiesOf('Nothing in this Agreement limits the Supplier’s liability.')).toEqual(['uncapped_liability:high']);
  });

  it('reads interest for delay or default interest with no rate as a late-payment charge (medium), and no interest in delaying as none', () => {
    expect(severitiesOf('Where an invoice is settled after its due date, the Supplier may charge default interest.')).toEqual(['penalties:medium']);
    expect(severitiesOf('In the event of delay, the Designer is entitled to interest for late payment as provided by law.')).toEqual(['penalties:medium']);
    expect(severitiesOf('The Lender has no interest in delaying the drawdown.')).toEqual([]);
  });

  it('reads the assignee acquiring the author’s economic rights or the copyright in works as an IP assignment, and not a licence or a clearance', () => {
    expect(severitiesOf('On payment of the final instalment, the Publisher acquires the author’s economic rights in the translation in all fields of exploitation.')).toEqual([
      'ip_assignment:medium',
    ]);
    expect(severitiesOf('The Studio obtains the copyright in all designs made under this Agreement.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('The Client acquires the right to use the software for internal purposes.')).toEqual([]);
    expect(severitiesOf('The Agency must obtain copyright clearance for any music used in the film.')).toEqual([]);
  });

  it('reads trade secrets protected while they stay secret as low, however long the definition between, and not a duty tied to the work', () => {
    expect(
      severitiesOf(
        'Trade secrets of the Bakery, as defined in the national Trade Secrets Act and including its recipes, supplier terms and pricing models, must be protected by the Baker for as long as they remain trade secrets.',
      ),
    ).toEqual(['perpetual_confidentiality:low']);
    expect(severitiesOf('Trade secrets of the Bakery must be protected by the Baker for as long as the Baker works for the Bakery.')).toEqual([]);
  });

  it('reads a right to end given to each side in turn, the second by ellipsis, as either side’s (low), and not a duty of the second side', () => {
    expect(severitiesOf('The Licensee may end this licence on one month’s written notice, and the Licensor by giving three months’ notice.')).toEqual([
      'termination_without_cause:low',
    ]);
    expect(severitiesOf('The Client may terminate the engagement on 30 days’ notice and the Consultant may do so on 60 days’ notice.')).toEqual([
      'termination_without_cause:low',
    ]);
    expect(severitiesOf('The Client may terminate the engagement on 30 days’ notice, and the Consultant will then invoice the work done.')).toEqual([
      'termination_without_cause:medium',
    ]);
    expect(severitiesOf('The Company may terminate this Agreement at any time without notice, and the Employee on termination shall return all property.')).toEqual([
      'termination_without_cause:high',
    ]);
    expect(severitiesOf('The Client may terminate the contract on 30 days’ notice, and the Contractor upon receipt of that notice shall stop work.')).toEqual([
      'termination_without_cause:medium',
    ]);
  });

  it('reads a requirements deal that names the goods between "all of its" and "requirements" as exclusivity, and not endeavours to meet requirements', () => {
    expect(severitiesOf('The Hotel must purchase all of its linen and laundry requirements under this Agreement.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The Bakery will order its entire flour and yeast needs via the Mill’s online portal.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('The Studio will use all of its reasonable endeavours to meet the Client’s branding requirements.')).toEqual([]);
  });

  it('numbers Spanish and Portuguese clauses from their ordinals, with the heading after them, and not a sentence that starts with one', () => {
    const clauses = splitClauses(
      'CLÁUSULAS\nPRIMERA. OBJETO. El Fotógrafo cubrirá la boda.\nPrimera vez que trabajamos juntos.\nSegunda.- Precio.- El Cliente pagará $20,000.\n' +
        'CLÁUSULA DÉCIMA PRIMERA – LEY. Este contrato se rige por las leyes de Jalisco.\nVIGÉSIMO. Firmas. Ambas partes firman.',
    );
    expect(clauses.map((clause) => [clause.ref, clause.heading])).toEqual([
      ['Preamble', undefined],
      ['Clause 1', 'OBJETO'],
      ['Clause 2', 'Precio'],
      ['Clause 11', 'LEY'],
      ['Clause 20', 'Firmas'],
    ]);
    expect(clauses[1]?.text).toBe('El Fotógrafo cubrirá la boda. Primera vez que trabajamos juntos.');
    expect(splitClauses('TERCEIRA. FORO. Fica eleito o foro da Comarca de Recife.\nQUARTA. MULTA. Multa de R$ 300,00.').map((clause) => clause.ref)).toEqual([
      'Clause 3',
      'Clause 4',
    ]);
  });

  it('reads a Spanish contract with ordinal clauses category by category, each heading read with its clause', () => {
    const document = [
      'CONTRATO DE PRESTACIÓN DE SERVICIOS DE DISEÑO GRÁFICO',
      'CLÁUSULAS',
      'PRIMERA. OBJETO. EL DISEÑADOR elaborará el logotipo y la papelería de EL CLIENTE.',
      'SEGUNDA. HONORARIOS. EL CLIENTE pagará $30,000.00 M.N. contra entrega.',
      'TERCERA. PENA CONVENCIONAL. Por cada semana de atraso en la entrega, EL DISEÑADOR cubrirá una pena convencional equivalente al 5% de los honorarios.',
      'CUARTA. DERECHOS DE AUTOR. EL DISEÑADOR transmite a EL CLIENTE los derechos patrimoniales sobre los diseños entregados.',
      'QUINTA. NO COMPETENCIA. Mientras el contrato esté vigente y durante un año posterior a su conclusión, EL DISEÑADOR no podrá prestar servicios a ninguna otra empresa del ramo.',
      'SEXTA. RESCISIÓN. EL CLIENTE podrá rescindir este contrato en cualquier momento y sin expresión de causa, sin necesidad de aviso previo.',
      'SÉPTIMA. LEGISLACIÓN Y TRIBUNALES. Para todo lo relativo a este contrato, las partes se someten a las leyes del Estado de Jalisco.',
    ].join('\n');
    expect(analyzeDocument(document).risks.map((risk) => `${risk.id}:${risk.severity}:${risk.clause}`)).toEqual([
      'penalties:high:Clause 3 (PENA CONVENCIONAL)',
      'non_compete:high:Clause 5 (NO COMPETENCIA)',
      'termination_without_cause:high:Clause 6 (RESCISIÓN)',
      'ip_assignment:medium:Clause 4 (DERECHOS DE AUTOR)',
      'missing_liability_cap:medium:Whole document',
      'governing_law:low:Clause 7 (LEGISLACIÓN Y TRIBUNALES)',
    ]);
  });

  it('reads a Spanish conventional penalty (high) and moratory interest by its monthly rate, and not "vale la pena"', () => {
    expect(severitiesOf('Si EL PROVEEDOR entrega fuera de plazo, pagará una pena convencional de $2,000.00.')).toEqual(['penalties:high']);
    expect(severitiesOf('Los pagos vencidos causarán intereses moratorios del 1% mensual.')).toEqual(['penalties:medium']);
    expect(severitiesOf('Los pagos vencidos causarán intereses moratorios del 3% mensual.')).toEqual(['penalties:high']);
    expect(severitiesOf('Vale la pena revisar el calendario antes de firmar.')).toEqual([]);
  });

  it('reads a Spanish assignment of economic or author’s rights as an IP assignment, high when it reaches earlier works, and not a lease or a refusal', () => {
    expect(severitiesOf('EL FOTÓGRAFO cede a EL CLIENTE los derechos patrimoniales sobre las fotografías de la boda.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('LA AUTORA cede los derechos de autor sobre las obras creadas para el proyecto y sobre sus obras preexistentes.')).toEqual([
      'ip_assignment:high',
    ]);
    expect(severitiesOf('El Arrendador cede el uso del local al Arrendatario.')).toEqual([]);
    expect(severitiesOf('El Proveedor no cede derechos de propiedad intelectual; otorga una licencia de uso.')).toEqual([]);
  });

  it('reads a Spanish non-compete by how long it runs, and not a bar on assigning the contract', () => {
    expect(severitiesOf('Durante la vigencia de este contrato, EL AGENTE no promocionará otras marcas de cerveza.')).toEqual(['non_compete:medium']);
    expect(
      severitiesOf('Durante la vigencia del contrato y los doce meses siguientes a su terminación, LA MODELO se abstendrá de anunciar productos de cualquier otra marca de ropa.'),
    ).toEqual(['non_compete:high']);
    expect(severitiesOf('EL PROVEEDOR no podrá ceder este contrato a otra empresa sin consentimiento previo.')).toEqual([]);
  });

  it('reads a Spanish right to end at will by who may and with what notice, and not rescission for breach', () => {
    expect(severitiesOf('LA AGENCIA podrá dar por terminado este contrato en cualquier momento, sin necesidad de aviso previo.')).toEqual([
      'termination_without_cause:high',
    ]);
    expect(severitiesOf('EL CLIENTE podrá rescindir el contrato sin causa, dando aviso por escrito con treinta (30) días de anticipación.')).toEqual([
      'termination_without_cause:medium',
    ]);
    expect(severitiesOf('Cualquiera de las partes podrá dar por terminado el contrato mediante aviso por escrito con quince días de anticipación.')).toEqual([
      'termination_without_cause:low',
    ]);
    expect(severitiesOf('LA MARCA podrá rescindir el contrato en cualquier momento en caso de incumplimiento de LA INFLUENCER.')).toEqual([]);
  });

  it('reads Spanish submission to a law or courts, or waiving any other forum, as governing law', () => {
    expect(severitiesOf('Para todo lo relativo a este contrato, las partes se someten a las leyes de Nuevo León.')).toEqual(['governing_law:low']);
    expect(severitiesOf('Ambas partes renuncian expresamente a todo otro fuero.')).toEqual(['governing_law:low']);
  });

  it('reads an assignment that names the works conveyed rather than the rights, high when it reaches earlier work, and not work handed out', () => {
    expect(severitiesOf('The Illustrator also assigns to the Studio all sketches and character designs drawn before the start date.')).toEqual(['ip_assignment:high']);
    expect(severitiesOf('The Photographer hereby assigns all photographs from the shoot to the Magazine.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('The Art Director assigns all design tasks to the junior team each Monday.')).toEqual([]);
    expect(severitiesOf('The Editor assigns each illustration to one colourist for finishing.')).toEqual([]);
  });

  it('reads "for hire" as a noun, not as hiring someone away', () => {
    expect(severitiesOf('Where a drawing is not a work made for hire, the Contractor licenses it to the Publisher.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('The hire company keeps its vans on hire and will not count the Customer as a member.')).toEqual([]);
    expect(severitiesOf('The Agency will not hire any of the Client’s employees for a year.')).toEqual(['non_solicitation:medium']);
  });

  it('reads a forum’s exclusive jurisdiction after the word for the job as governing law, not an exclusive appointment', () => {
    expect(severitiesOf('Any claim about this engagement is subject to the exclusive jurisdiction of the courts of Leeds.')).toEqual(['governing_law:low']);
    expect(severitiesOf('Disputes over the appointment go to the exclusive jurisdiction of the Mumbai courts.')).toEqual(['governing_law:low']);
    expect(severitiesOf('The Label appoints the Singer as its exclusive recording artist.')).toEqual(['exclusivity:medium']);
  });

  it('reads a change verb joined to another verb ("may review and vary the rate") as unilateral amendment, by its notice', () => {
    expect(severitiesOf('The Landlord may reassess and raise the rent once a year on two months’ written notice.')).toEqual(['unilateral_amendment:medium']);
    expect(severitiesOf('The Bank may review and adjust the repayment schedule without notice.')).toEqual(['unilateral_amendment:high']);
    expect(severitiesOf('The Tenant may inspect and copy the lease at the letting office.')).toEqual([]);
  });

  it('reads a radius written in words with its figure in brackets, past a long list of stakes in a business, as a non-compete', () => {
    expect(
      severitiesOf(
        'For eighteen months after this Agreement ends, the Licensee shall not, directly or indirectly, own, manage, be engaged by or hold any stake in any yoga studio offering heated classes within five (5) miles of the Studio.',
      ),
    ).toEqual(['non_compete:high']);
    expect(severitiesOf('During the Term the Baker shall not open or run a bakery within three (3) kilometres of the Shop.')).toEqual(['non_compete:medium']);
    expect(severitiesOf('The Supplier delivers free of charge within ten (10) kilometres of its depot.')).toEqual([]);
  });

  it('reads the ending named as a pair ("the expiry or termination … for any reason") as an event, not a right to end', () => {
    expect(severitiesOf('Upon the expiry or termination of this Agreement for any reason, the Tenant shall return the keys.')).toEqual([]);
    expect(severitiesOf('After expiry or earlier termination of the licence for whatever reason, the Licensee must return the manuals.')).toEqual([]);
    expect(severitiesOf('The Owner may end the expiry-free licence or terminate it at any time for any reason.')).toEqual(['termination_without_cause:medium']);
  });

  it('reads unlimited liability whose heads are clause references with titles in brackets, and not a far-off unlimited allowance', () => {
    expect(
      severitiesOf(
        "The Supplier's liability arising from a breach of clause 7 (Data Security), clause 8 (Personal Data) or clause 14 (Third-Party Infringement Claims) is unlimited.",
      ),
    ).toEqual(['uncapped_liability:high']);
    expect(
      severitiesOf(
        "The Provider's liability is limited to the fees paid in the prior twelve months, while the number of support requests the Customer may raise each month is unlimited.",
      ),
    ).toEqual([]);
  });

  it('reads an indemnity for all losses from one stated kind of claim as medium, and all losses from anything as high', () => {
    expect(
      severitiesOf("The Designer shall indemnify the Agency against all losses arising from any claim that the logo copies a third party's trade mark."),
    ).toEqual(['broad_indemnification:medium']);
    expect(severitiesOf('The Caterer shall indemnify the Venue against all losses arising from the event.')).toEqual(['broad_indemnification:high']);
    expect(
      severitiesOf('The Designer shall indemnify the Agency against any and all claims, including any claim that the logo copies a trade mark.'),
    ).toEqual(['broad_indemnification:high']);
  });

  it('reads a penalty named only to rule it out ("without penalty", "penalty-free") as no penalty', () => {
    expect(severitiesOf('The Tenant may end the lease at any time without penalty.')).toEqual(['termination_without_cause:medium']);
    expect(severitiesOf('Customers can pay off the balance early, penalty-free.')).toEqual([]);
    expect(severitiesOf('The Lessee may prepay with no prepayment penalty.')).toEqual([]);
    expect(severitiesOf('A late delivery incurs a penalty of $200.')).toEqual(['penalties:high']);
  });

  it('reads an assignment carried on by reference to earlier work as reaching prior work', () => {
    expect(
      analyzeDocument(
        '4. Rights.\n4.1 The Designer hereby assigns to the Studio all intellectual property in the logos.\n4.2 This assignment also covers any templates made by the Designer before the date of this Agreement and used in the logos.',
      ).risks.map((risk) => `${risk.id}:${risk.severity}`),
    ).toContain('ip_assignment:high');
    expect(severitiesOf('The assignment of this Agreement to an affiliate extends to all documents already exchanged.')).toEqual([]);
  });

  it('reads a Portuguese right to end the contract at will, with no notice, as one-sided termination', () => {
    expect(
      severitiesOf('A EMPRESA poderá resilir este contrato imotivadamente, a qualquer momento, sem aviso prévio.'),
    ).toEqual(['termination_without_cause:high']);
    expect(
      severitiesOf('O CLIENTE poderá rescindir o contrato a qualquer tempo, com antecedência mínima de 30 (trinta) dias.'),
    ).toEqual(['termination_without_cause:medium']);
    expect(severitiesOf('Qualquer das partes poderá rescindir o contrato mediante aviso prévio de 15 dias.')).toEqual(['termination_without_cause:low']);
    expect(severitiesOf('A EMPRESA poderá rescindir o contrato em caso de descumprimento de qualquer cláusula.')).toEqual([]);
  });

  it('reads a Portuguese, Spanish or German indemnity by its own wording, and "any and all" or "sämtliche" claims as broad', () => {
    expect(severitiesOf('O PRESTADOR manterá o CLIENTE indene de quaisquer e todas as perdas decorrentes dos serviços.')).toEqual(['broad_indemnification:high']);
    expect(severitiesOf('El Proveedor mantendrá indemne al Cliente frente a reclamaciones por daños causados por su personal.')).toEqual([
      'broad_indemnification:medium',
    ]);
    expect(severitiesOf('Der Auftragnehmer stellt den Auftraggeber von allen Ansprüchen Dritter aus der Nutzung der Software frei.')).toEqual([
      'broad_indemnification:high',
    ]);
    expect(severitiesOf('Der Lieferant hält den Käufer wegen Ansprüchen aus Produktmängeln schadlos.')).toEqual(['broad_indemnification:medium']);
    // Garden leave and compensation owed are no indemnity.
    expect(severitiesOf('Der Arbeitgeber kann den Arbeitnehmer nach der Kündigung von der Arbeitsleistung freistellen.')).toEqual([]);
    expect(severitiesOf('Nenhuma indenização será devida ao PRESTADOR pelo término do prazo.')).toEqual([]);
  });

  it('reads tacit or automatic renewal in Spanish, Portuguese and German, and not its denial', () => {
    expect(severitiesOf('Al término del plazo el arrendamiento se prorrogará de forma automática por un año.')).toEqual(['automatic_renewal:medium']);
    expect(severitiesOf('O contrato será renovado automaticamente por igual período.')).toEqual(['automatic_renewal:medium']);
    expect(severitiesOf('La licencia continuará por períodos anuales sucesivos salvo que el Cliente la cancele.')).toEqual(['automatic_renewal:medium']);
    expect(
      severitiesOf('Der Vertrag verlängert sich um jeweils zwölf Monate, sofern er nicht drei Monate vor Ablauf gekündigt wird.'),
    ).toEqual(['automatic_renewal:medium']);
    expect(severitiesOf('Nach Ablauf der Mindestlaufzeit wird das Abonnement stillschweigend verlängert.')).toEqual(['automatic_renewal:medium']);
    expect(severitiesOf('Nach Ablauf der Mindestlaufzeit verlängert sich der Vertrag nicht automatisch.')).toEqual([]);
    expect(severitiesOf('El contrato no se prorrogará tácitamente.')).toEqual([]);
  });

  it('reads a German contractual penalty as high and Spanish, Portuguese or German late-payment charges as medium', () => {
    expect(severitiesOf('Bei verspäteter Lieferung zahlt der Lieferant eine Konventionalstrafe von 500 €.')).toEqual(['penalties:high']);
    expect(severitiesOf('Cualquier demora en el pago generará intereses del 5% anual.')).toEqual(['penalties:medium']);
    expect(severitiesOf('Sobre as parcelas em atraso incidirão juros de 1% ao mês.')).toEqual(['penalties:medium']);
    expect(severitiesOf('Bei Zahlungsverzug werden Verzugszinsen in gesetzlicher Höhe fällig.')).toEqual(['penalties:medium']);
    expect(severitiesOf('Cualquier retraso en el pago generará un interés del 3% mensual.')).toEqual(['penalties:high']);
    // A charge or a delay alone is no late-payment charge.
    expect(severitiesOf('El envío urgente tiene un recargo de 15 €.')).toEqual([]);
    expect(severitiesOf('La entrega sufrió una demora de dos días.')).toEqual([]);
  });

  it('reads a German choice of court or law as governing law', () => {
    expect(severitiesOf('Gerichtsstand für alle Streitigkeiten aus diesem Vertrag ist München.')).toEqual(['governing_law:low']);
    expect(severitiesOf('Dieser Vertrag unterliegt dem Recht der Bundesrepublik Deutschland.')).toEqual(['governing_law:low']);
    expect(severitiesOf('Es gilt ausschließlich deutsches Recht unter Ausschluss des UN-Kaufrechts.')).toEqual(['governing_law:low']);
    expect(severitiesOf('Der Mieter hat das Recht, die Räume zu besichtigen.')).toEqual([]);
  });

  it('reads a sum owed for what is left of the term on leaving early as liquidated damages (high), and rent for the term as none', () => {
    expect(
      severitiesOf('Should the Licensee move out before the end of the second year, it must pay the Licensor the licence fees for every month left in the term.'),
    ).toEqual(['penalties:high']);
    expect(severitiesOf('If the Member cancels early, the remaining monthly instalments of the minimum term become payable at once.')).toEqual(['penalties:high']);
    expect(severitiesOf('The Tenant shall pay the rent for each month of the term in advance.')).toEqual([]);
    expect(severitiesOf('If the Client leaves the plan early, it pays nothing for the months remaining.')).toEqual([]);
  });

  it('reads a restraint kept within the term under an exclusivity heading as exclusivity alone, and one past the term as a non-compete', () => {
    expect(severitiesOf('Exclusivity. While the campaign runs, the Ambassador shall not advertise or endorse any other haircare brand.')).toEqual([
      'exclusivity:medium',
    ]);
    expect(severitiesOf('Rival brands. While the campaign runs, the Ambassador shall not advertise or endorse any other haircare brand.')).toEqual([
      'non_compete:medium',
    ]);
    expect(
      severitiesOf('Exclusivity. For a year after the campaign ends, the Ambassador shall not advertise or endorse any other haircare brand.'),
    ).toContain('non_compete:high');
  });

  it('reads each side stopping or ending the activity the deal is for as termination without cause, low when both may', () => {
    expect(severitiesOf('You can quit tutoring at any time, and we can end your tutoring at any time too.')).toEqual(['termination_without_cause:low']);
    expect(severitiesOf('The Academy can end your tutoring at any time.')).toEqual(['termination_without_cause:medium']);
    expect(severitiesOf('Even if we stop working together, the recipes stay yours.')).toEqual([]);
  });

  it('reads a bullet point’s short title as its heading, so the severity comes from what the point binds', () => {
    const summary =
      'Key terms in short:\n• Confidentiality. Each party keeps the other’s information confidential for three years.\n' +
      '• Non-solicitation. For a year after the term, neither party will hire away the other party’s staff.';
    expect(analyzeDocument(summary).risks.map((risk) => `${risk.id}:${risk.severity}:${risk.clause}`)).toEqual([
      'non_solicitation:low:Point 2 (Non-solicitation)',
    ]);
    // A point that says something is no title: "Auto-renews every year" is still read.
    expect(analyzeDocument('• Auto-renews every year. Cancel anytime.\n• We can end it whenever we like.').risks.map((risk) => risk.id).sort()).toEqual([
      'automatic_renewal',
      'termination_without_cause',
    ]);
  });

  it('reads one side changing the agreement named by its acronym (MSA, EULA, SLA) as unilateral amendment, by its notice', () => {
    expect(severitiesOf('The Vendor may revise the EULA from time to time, with 30 days’ notice by e-mail.')).toEqual(['unilateral_amendment:medium']);
    expect(severitiesOf('Host may amend the SLA at any time without notice.')).toEqual(['unilateral_amendment:high']);
  });

  it('reads ending the contract for good or just cause as ending for a reason, not at will', () => {
    expect(severitiesOf('Each side keeps the right to terminate without notice for just cause.')).toEqual([]);
    expect(severitiesOf('The Landlord may terminate the lease without notice for good cause.')).toEqual([]);
    expect(severitiesOf('The Landlord may terminate the lease without notice.')).toEqual(['termination_without_cause:high']);
  });

  it('reads liability "limited to" after a comma as a cap, and "not limited to" as none', () => {
    const priced = (liability: string) =>
      analyzeDocument(`1. Fees. The Client pays €400 a month.\n2. Liability. ${liability}`).risks.map((risk) => risk.id);
    expect(priced('For ordinary negligence the Host is liable only for breach of core duties, limited to typical damage and at most to one month’s fees.')).toEqual(
      [],
    );
    expect(priced('The Host is liable for all damage, including but not limited to lost data.')).toEqual(['missing_liability_cap']);
  });

  it('reads a bar on doing one’s trade for anyone in a named industry as a non-compete, by how long it runs', () => {
    expect(
      severitiesOf('For two years after the final delivery, the Translator shall not translate or edit any book for any publisher in the children’s fiction market.'),
    ).toEqual(['non_compete:high']);
    expect(severitiesOf('During the engagement the Designer will not design packaging for any company in the craft beer industry.')).toEqual(['non_compete:medium']);
    expect(severitiesOf('The Consultant shall not disclose the report to any company in the banking sector.')).toEqual([]);
  });

  it('reads a supplier named by its trade as the exclusive one, or outside ones barred, as exclusivity, and not exclusive use of a place', () => {
    expect(severitiesOf('Photography. The Resort’s own photographers shall be the exclusive photographers at the ceremony.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('Suppliers. No outside florists or decorators may be brought onto the estate without the Resort’s consent.')).toEqual([
      'exclusivity:medium',
    ]);
    expect(severitiesOf('Hire. The Hirer has exclusive use of the hall and garden from 6 pm.')).toEqual([]);
  });

  it('reads a bar on making a kind of work for anyone but the other side as a non-compete, by how long it runs', () => {
    expect(severitiesOf('For six months after the project ends, the Designer shall not design any online shop for anyone other than the Studio.')).toEqual([
      'non_compete:high',
    ]);
    expect(severitiesOf('While this Agreement is in force, the Author will not write a cookery book for any publisher other than the Press.')).toEqual([
      'non_compete:medium',
    ]);
    expect(severitiesOf('The Designer shall not assign any task to anyone other than its own staff.')).toEqual([]);
  });

  it('reads hiring one of the other side’s workers named by its brand as non-solicitation, and not engaging extra subcontractors', () => {
    expect(severitiesOf('You agree not to hire any Brightpaws sitter directly for a year after you leave.')).toEqual(['non_solicitation:medium']);
    expect(severitiesOf('The Contractor shall not engage any additional subcontractors without approval.')).toEqual([]);
  });

  it('reads a right to end the deal by notice with no period as termination without cause, and not ending it for a failure to pay', () => {
    expect(severitiesOf('Either side may terminate the arrangement by notice in writing.')).toEqual(['termination_without_cause:low']);
    expect(severitiesOf('The Owner may terminate the licence by written notice.')).toEqual(['termination_without_cause:medium']);
    expect(severitiesOf('The Supplier may terminate by written notice if the Customer fails to pay any invoice.')).toEqual([]);
  });

  it('reads a German contract category by category: changes, rights, secrecy, poaching, liability and ending it', () => {
    expect(severitiesOf('Der Verlag kann die Honorarsätze mit einer Ankündigungsfrist von sechs Wochen ändern.')).toEqual(['unilateral_amendment:medium']);
    expect(severitiesOf('Der Anbieter darf die Preise jederzeit ohne Vorankündigung erhöhen.')).toEqual(['unilateral_amendment:high']);
    expect(severitiesOf('Der Autor überträgt dem Verlag sämtliche Rechte an den im Rahmen des Projekts erstellten Texten.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('Der Grafiker räumt der Agentur das ausschließliche Nutzungsrecht an allen Entwürfen ein.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('Die Geheimhaltungspflicht der Beraterin besteht nach dem Ende des Vertrags zeitlich unbegrenzt fort.')).toEqual(['perpetual_confidentiality:medium']);
    expect(
      analyzeDocument('§ 3 Geheimhaltung\nDie Beraterin behandelt alle Kundendaten vertraulich. Diese Verpflichtung dauert nach Vertragsende unbefristet fort.').risks.map(
        (risk) => `${risk.id}:${risk.severity}`,
      ),
    ).toEqual(['perpetual_confidentiality:medium']);
    expect(severitiesOf('Der Berater wird während der Laufzeit keine Mitarbeiter des Kunden abwerben.')).toEqual(['non_solicitation:medium']);
    expect(severitiesOf('Keine der Parteien wird Mitarbeiter der anderen Partei abwerben.')).toEqual(['non_solicitation:low']);
    expect(severitiesOf('Der Lieferant haftet für alle Schäden der Höhe nach unbeschränkt.')).toEqual(['uncapped_liability:high']);
    expect(severitiesOf('Die Haftung für Vorsatz und grobe Fahrlässigkeit ist unbeschränkt.')).toEqual([]);
    expect(severitiesOf('Jede Partei kann den Vertrag mit einer Frist von drei Monaten ordentlich kündigen.')).toEqual(['termination_without_cause:low']);
    expect(severitiesOf('Der Vermieter kann den Vertrag jederzeit ohne Angabe von Gründen kündigen.')).toEqual(['termination_without_cause:medium']);
    expect(severitiesOf('Der Vertrag kann aus wichtigem Grund fristlos gekündigt werden.')).toEqual([]);
  });

  it('reads a German exclusion of consequential loss as a limit on liability', () => {
    const risksOf = (text: string) => analyzeDocument(text).risks.map((risk) => risk.id);
    expect(risksOf('1. Vergütung. Der Kunde zahlt EUR 500 im Monat.\n2. Haftung. Die Haftung für Folgeschäden und entgangenen Gewinn ist ausgeschlossen.')).toEqual([]);
    expect(risksOf('1. Vergütung. Der Kunde zahlt EUR 500 im Monat.\n2. Haftung. Der Kunde haftet nach den gesetzlichen Vorschriften.')).toEqual([
      'missing_liability_cap',
    ]);
  });

  it('reads a payment clause that says nothing is paid as putting no price on the deal', () => {
    const risksOf = (text: string) => analyzeDocument(text).risks.map((risk) => risk.id);
    expect(risksOf('1. Fees. Speakers are not paid, and there is no fee to attend.\n2. Recording. We may record the talk.')).toEqual([]);
    expect(risksOf('1. Fees. Speakers are paid €200 per talk.\n2. Recording. We may record the talk.')).toEqual(['missing_liability_cap']);
  });

  it('reads a clause title on a line of its own as the clause’s heading, and not the wrapped start of a sentence', () => {
    expect(splitClauses('4. Fees\nThe Client pays £200 a month.\n5. The Buyer shall pay\nthe price on delivery.').map((clause) => [clause.heading, clause.text])).toEqual([
      ['Fees', 'The Client pays £200 a month.'],
      [undefined, 'The Buyer shall pay the price on delivery.'],
    ]);
  });

  it('reads a restraint "during that period" by the period the sentence before it sets, under an exclusivity title of its own line', () => {
    const risksOf = (text: string) =>
      analyzeDocument(`${text}\n9. Liability\nLiability is capped at the fees.`).risks.map((risk) => `${risk.id}:${risk.severity}`).sort();
    expect(
      risksOf('3. Exclusivity\nUntil the autumn campaign closes, the Creator is the Brand’s exclusive tea partner. The Creator won’t advertise or endorse any other tea brand during that period.'),
    ).toEqual(['exclusivity:medium']);
    expect(
      risksOf('3. Exclusivity\nFor a year after the campaign closes, the Creator stays loyal to the Brand. The Creator won’t advertise or endorse any other tea brand during that period.'),
    ).toContain('non_compete:high');
  });

  it('reads a refusal to solicit bookings or work from people met through the other side as non-solicitation, and not a bar on soliciting donations', () => {
    expect(severitiesOf('For a year after the gala, the Assistant shall not solicit or take catering commissions from any guest or supplier met there.')).toEqual([
      'non_solicitation:medium',
    ]);
    expect(severitiesOf('The Charity shall not solicit donations inside the gallery during opening hours.')).toEqual([]);
  });

  it('reads a responsibility said to be not capped or limited as unlimited liability, and duties "not limited to" a list as none', () => {
    expect(severitiesOf('The Subcontractor answers for any damage to the Owner’s premises, and this responsibility is not limited or capped in any way.')).toEqual([
      'uncapped_liability:high',
    ]);
    expect(severitiesOf('The Caretaker’s responsibilities are not limited to cleaning the stairwell and the yard.')).toEqual([]);
  });

  it('reads suspending or closing a seller’s shop or storefront at will as termination without cause', () => {
    expect(severitiesOf('Closure. The Platform may suspend or close your storefront whenever it chooses, with no notice at all.')).toEqual([
      'termination_without_cause:high',
    ]);
    expect(severitiesOf('The Landlord may close the car park for resurfacing during the summer.')).toEqual([]);
  });

  it('reads changes that "take effect once they’re published" as unannounced, so a unilateral amendment is high', () => {
    expect(severitiesOf('Updates. The Club can revise these rules; revisions take effect once they’re published in the app.')).toEqual([
      'unilateral_amendment:high',
    ]);
  });

  it('reads a passive right of one or either party to end the deal on notice as termination without cause, and not for a failure to pay', () => {
    expect(severitiesOf('This arrangement continues until terminated by either side on two weeks’ written notice.')).toEqual(['termination_without_cause:low']);
    expect(severitiesOf('This licence may be terminated by the Owner on 60 days’ notice at any point in the season.')).toEqual([
      'termination_without_cause:medium',
    ]);
    expect(severitiesOf('This lease may be terminated by the Landlord on 14 days’ notice if the Tenant fails to pay the rent.')).toEqual([]);
    expect(severitiesOf('Unless terminated by either side on 30 days’ notice before the term ends, this licence renews for another year.')).toEqual([
      'automatic_renewal:medium',
    ]);
  });

  it('reads each side given the right to end the deal in a sentence of its own as either party’s right (low)', () => {
    const risksOf = (text: string) =>
      analyzeDocument(`${text}\n9. Liability. Liability is capped at the fees.`).risks.map((risk) => `${risk.id}:${risk.severity}`);
    expect(risksOf('6. Ending. The Venue may terminate this hire on 30 days’ notice. The Hirer may terminate it on 14 days’ notice.')).toEqual([
      'termination_without_cause:low',
    ]);
    expect(risksOf('6. Ending. The Venue may terminate this hire on 30 days’ notice. The Venue may also terminate it on 7 days’ notice in winter.')).toEqual([
      'termination_without_cause:medium',
    ]);
  });

  it('reads an agency’s bar on hiring its workers other than through it as non-solicitation, and not a tender process', () => {
    expect(
      severitiesOf('The Hotel shall not, while a placement lasts or for three months after it ends, directly or indirectly employ, engage or approach any Candidate other than through the Agency.'),
    ).toEqual(['non_solicitation:medium']);
    expect(severitiesOf('The Builder shall not engage subcontractors other than through the approved tender process.')).toEqual([]);
  });

  it('reads professional indemnity insurance or indemnity cover as insurance, not an indemnity', () => {
    expect(severitiesOf('Insurance. The Surveyor maintains professional indemnity insurance of £2,000,000 for each claim.')).toEqual([]);
    expect(severitiesOf('Insurance. The Surveyor will keep indemnity cover of at least £1,000,000 in place.')).toEqual([]);
  });

  it('reads a Dutch contract category by category: renewal, interest and fines, changes, ending it and the law', () => {
    expect(severitiesOf('Het abonnement wordt na afloop stilzwijgend verlengd met telkens een jaar, tenzij de klant tijdig opzegt.')).toEqual([
      'automatic_renewal:medium',
    ]);
    expect(severitiesOf('Het abonnement wordt na afloop van het eerste jaar niet stilzwijgend verlengd.')).toEqual([]);
    expect(severitiesOf('Bij niet tijdige betaling is de opdrachtgever een rente verschuldigd van 2,5% per maand.')).toEqual(['penalties:high']);
    expect(severitiesOf('Over achterstallige bedragen is de klant de wettelijke rente verschuldigd.')).toEqual(['penalties:medium']);
    expect(severitiesOf('Bij overtreding van het rookverbod betaalt de huurder een boete van € 150.')).toEqual(['penalties:high']);
    expect(severitiesOf('De aanbieder mag de tarieven op elk moment eenzijdig wijzigen; wijzigingen gelden zodra zij op de website zijn gepubliceerd.')).toEqual([
      'unilateral_amendment:high',
    ]);
    expect(severitiesOf('De uitgever kan de voorwaarden wijzigen met een aankondiging van dertig dagen vooraf.')).toEqual(['unilateral_amendment:medium']);
    expect(severitiesOf('De opdrachtgever kan de overeenkomst op elk moment opzeggen met een opzegtermijn van twee weken.')).toEqual([
      'termination_without_cause:medium',
    ]);
    expect(severitiesOf('Elk van beide partijen kan de overeenkomst schriftelijk opzeggen met een termijn van een maand.')).toEqual([
      'termination_without_cause:low',
    ]);
    expect(severitiesOf('De leverancier kan de overeenkomst ontbinden wegens wanprestatie van de klant.')).toEqual([]);
    expect(severitiesOf('Op deze samenwerking is uitsluitend Belgisch recht van toepassing.')).toEqual(['governing_law:low']);
    expect(severitiesOf('Alle geschillen worden beslecht door de bevoegde rechter te Utrecht.')).toEqual(['governing_law:low']);
    expect(severitiesOf('De huurder heeft het recht om de kamer vooraf te bezichtigen.')).toEqual([]);
  });

  it('reads pasted Dutch terms as a contract by their parties and duties, as the offline model reads other languages', () => {
    const terms = [
      'De verhuurder verhuurt aan de huurder een berging van 8 m² aan de Kade te Zwolle.',
      'De huurovereenkomst wordt na een jaar stilzwijgend verlengd, tenzij een van de partijen tijdig opzegt.',
      'De aansprakelijkheid van de verhuurder voor schade aan opgeslagen goederen is uitgesloten.',
    ];
    expect(readsAsContract(terms, 'Kun je hier even naar kijken?')).toBe(true);
    expect(readsAsContract(['We gaan zaterdag naar de markt in Zwolle.', 'Daarna eten we bij oma.'], 'Wat vind je ervan?')).toBe(false);
  });

  it('reads a Portuguese franchise category by category: buying only from the franchisor, a restraint past the end, secrecy, indemnity and changes', () => {
    expect(severitiesOf('A Franqueada obriga-se a comprar exclusivamente à Franqueadora todos os uniformes e embalagens.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('O Lojista comprará os seus produtos exclusivamente a fornecedores aprovados pela Marca.')).toEqual([]);
    expect(
      severitiesOf('Não concorrência. Durante a vigência do contrato e nos 3 anos após a sua cessação, o Franqueado não poderá explorar qualquer padaria.'),
    ).toEqual(['non_compete:high']);
    expect(severitiesOf('O Franqueado não poderá explorar qualquer lavandaria num raio de 5 km da Loja durante a vigência do contrato.')).toEqual([
      'non_compete:medium',
    ]);
    expect(
      severitiesOf('Sigilo. A Consultora guardará sigilo sobre os dados do Cliente. Esta obrigação subsiste por tempo indeterminado após o fim do contrato.'),
    ).toEqual(['perpetual_confidentiality:medium']);
    expect(severitiesOf('O Prestador indemnizará e isentará de responsabilidade o Cliente por todas e quaisquer coimas resultantes do serviço.')).toEqual([
      'broad_indemnification:high',
    ]);
    expect(severitiesOf('A Transportadora indenizará a Loja pelos danos causados pelos seus motoristas durante a entrega.')).toEqual([
      'broad_indemnification:medium',
    ]);
    expect(severitiesOf('A Franqueadora pode alterar o Manual de Normas mediante aviso prévio de 60 dias.')).toEqual(['unilateral_amendment:medium']);
    expect(severitiesOf('La Empresa podrá modificar las tarifas en cualquier momento sin previo aviso.')).toEqual(['unilateral_amendment:high']);
  });

  it('reads a Portuguese or Italian cap on liability as a limit', () => {
    const risksOf = (text: string) => analyzeDocument(text).risks.map((risk) => risk.id);
    expect(risksOf('1. Preço. O Cliente paga € 900 por mês.\n2. Responsabilidade. A responsabilidade total da Empresa não excederá o valor pago num ano.')).toEqual([]);
    expect(risksOf("1. Compenso. Il Cliente paga € 300 al mese.\n2. Responsabilità. La responsabilità del Fornitore è limitata all'importo del compenso.")).toEqual(
      [],
    );
  });

  it('reads an Italian contract category by category: renewal, restraint, penalty, rights, ending it and the law', () => {
    expect(severitiesOf('Il contratto di noleggio si rinnova tacitamente di anno in anno salvo disdetta scritta.')).toEqual(['automatic_renewal:medium']);
    expect(severitiesOf('Il contratto di noleggio non si rinnova tacitamente alla scadenza del primo anno.')).toEqual([]);
    expect(severitiesOf('Per tutta la durata del rapporto il Collaboratore si impegna a non lavorare per altri saloni nel raggio di 2 km.')).toEqual([
      'non_compete:medium',
    ]);
    expect(severitiesOf('Per un anno dopo la cessazione del rapporto il Collaboratore non potrà lavorare per altri saloni entro 5 km dal Salone.')).toEqual([
      'non_compete:high',
    ]);
    expect(severitiesOf('In caso di ritardo nella consegna il Fornitore pagherà una penale di € 50 al giorno.')).toEqual(['penalties:high']);
    expect(severitiesOf('Il Fornitore risponde della responsabilità penale dei suoi dipendenti.')).toEqual([]);
    expect(severitiesOf('Tutti i testi e le fotografie realizzati dal Collaboratore diventano di proprietà esclusiva del Committente.')).toEqual([
      'ip_assignment:medium',
    ]);
    expect(severitiesOf('Le attrezzature fornite al Collaboratore restano di proprietà dello Studio.')).toEqual([]);
    expect(severitiesOf('Il Committente può recedere dal contratto in qualsiasi momento con un preavviso di 30 giorni.')).toEqual([
      'termination_without_cause:medium',
    ]);
    expect(severitiesOf('Ciascuna delle parti può recedere dal contratto con un preavviso scritto di 30 giorni.')).toEqual(['termination_without_cause:low']);
    expect(severitiesOf('Il Committente può risolvere il contratto in caso di grave inadempimento del Collaboratore.')).toEqual([]);
    expect(
      analyzeDocument("5. Recesso. L'Agenzia può recedere dal contratto con un preavviso di 10 giorni. Il Grafico può recedere con un preavviso di 30 giorni.\n6. Responsabilità. La responsabilità è limitata ai compensi.").risks.map(
        (risk) => `${risk.id}:${risk.severity}`,
      ),
    ).toEqual(['termination_without_cause:low']);
    expect(severitiesOf('Il presente contratto è regolato dalla legge svizzera in ogni sua parte.')).toEqual(['governing_law:low']);
    expect(severitiesOf('Per qualsiasi controversia è competente in via esclusiva il Foro di Torino.')).toEqual(['governing_law:low']);
    expect(severitiesOf('Il forum online dello Studio è moderato dagli insegnanti.')).toEqual([]);
  });

  it('reads interest named for the delay in Spanish or French as a late-payment charge, its monthly rate setting the severity', () => {
    expect(severitiesOf('Las facturas impagadas a su vencimiento generarán un interés de demora del 1,5 % mensual.')).toEqual(['penalties:medium']);
    expect(severitiesOf('Las sumas adeudadas devengarán intereses de retraso del 3 % mensual.')).toEqual(['penalties:high']);
    expect(severitiesOf('Toute facture non réglée à l’échéance porte des intérêts de retard au taux de 1 % par mois.')).toEqual(['penalties:medium']);
    expect(severitiesOf('El Proveedor no tiene ningún interés en demorar la obra.')).toEqual([]);
  });

  it('reads a Spanish duty of secrecy kept without end under its confidentiality heading as perpetual confidentiality', () => {
    expect(severitiesOf('Confidencialidad. El Traductor no revelará los datos del Hospital. Este deber se mantendrá indefinidamente después de la finalización del encargo.')).toEqual([
      'perpetual_confidentiality:medium',
    ]);
    expect(severitiesOf('Secreto profesional. La Consultora guardará secreto sobre los planes del Laboratorio por tiempo indefinido.')).toEqual([
      'perpetual_confidentiality:medium',
    ]);
    expect(severitiesOf('Confidencialidad. La Consultora guardará secreto durante dos años tras la terminación del contrato.')).toEqual([]);
    expect(severitiesOf('Garantía. La garantía del mobiliario se mantendrá indefinidamente.')).toEqual([]);
  });

  it('reads a price written with its currency sign after the figure as money at stake, so a missing cap is flagged', () => {
    const risksOf = (text: string) => analyzeDocument(text).risks.map((risk) => risk.id);
    expect(risksOf('1. Honorarios. La Clienta abonará 1.200 € al mes.\n2. Duración. El contrato dura un año.')).toEqual(['missing_liability_cap']);
    expect(risksOf('1. Objeto. La Agencia organiza 3 talleres.\n2. Duración. El contrato dura un año.')).toEqual([]);
  });

  it('reads a French cap on liability as a limit', () => {
    const risksOf = (text: string) => analyzeDocument(text).risks.map((risk) => risk.id);
    expect(risksOf('1. Prix. Le Client paie 2 400 € par an.\n2. Responsabilité. La responsabilité du Prestataire est limitée aux sommes versées sur un an.')).toEqual([]);
  });

  it('reads German exclusivity: being at the other side’s sole disposal, or work for third parties needing its consent', () => {
    expect(severitiesOf('Exklusivität. Während der Laufzeit steht der Grafiker ausschließlich dem Verlag zur Verfügung.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('Nebentätigkeit. Illustrationsaufträge für Dritte bedürfen der vorherigen Einwilligung des Verlags.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('Gerichtsstand. Gerichtsstand ist ausschließlich München.')).toEqual(['governing_law:low']);
    expect(severitiesOf('Nutzung. Die Nutzungsrechte gelten ausschließlich für Deutschland.')).toEqual([]);
  });

  it('reads French exclusivity: a supplier named by its trade as the exclusive one, or outside ones barred, and not exclusive use of a place', () => {
    expect(severitiesOf('Fleurs. Le Château travaille avec un fleuriste exclusif pour toutes les réceptions.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('Photographie. Aucun photographe ni vidéaste extérieur ne peut intervenir pendant la soirée.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('Terrasse. Le Locataire a la jouissance exclusive de la terrasse le samedi.')).toEqual([]);
  });

  it('reads a French penalty, lump-sum damages or a penalty clause as high, and "sans pénalité" or criminal liability as none', () => {
    expect(severitiesOf('Chaque jour de retard dans la livraison donne lieu à une pénalité de 150 €.')).toEqual(['penalties:high']);
    expect(severitiesOf('En cas de désistement, l’Organisateur conserve l’acompte à titre d’indemnité forfaitaire.')).toEqual(['penalties:high']);
    expect(severitiesOf('Le Locataire peut partir avant le terme sans pénalité.')).toEqual([]);
    expect(severitiesOf('Le Prestataire répond de la responsabilité pénale de ses salariés.')).toEqual([]);
  });

  it('reads a French guarantee against third-party claims as an indemnity, and a warranty of the goods as none', () => {
    expect(severitiesOf('Le Photographe garantit l’Agence contre tout recours de tiers lié aux images livrées.')).toEqual(['broad_indemnification:medium']);
    expect(severitiesOf('Le Client indemnisera le Studio de toute réclamation, de quelque nature que ce soit.')).toEqual(['broad_indemnification:high']);
    expect(severitiesOf('Le Vendeur garantit la conformité des meubles pendant un an.')).toEqual([]);
  });

  it('reads a French choice of law or of courts as governing law, and not a duty to obey the law', () => {
    expect(severitiesOf('Droit applicable. La présente convention est régie par le droit belge.')).toEqual(['governing_law:low']);
    expect(severitiesOf('Différends. Tout différend relève de la compétence exclusive des tribunaux de Nantes.')).toEqual(['governing_law:low']);
    expect(severitiesOf('Sécurité. Le Prestataire respecte la loi sur la protection des données.')).toEqual([]);
  });

  it('reads a sum taken for each day past the agreed date as a per-day-of-delay charge (high)', () => {
    expect(severitiesOf('For every day the mural is finished after the agreed deadline, $300 comes off the artist’s fee.')).toEqual(['penalties:high']);
    expect(severitiesOf('For each day after the wedding date, the gallery stays online for guests.')).toEqual([]);
  });

  it('reads rights in a work said to be ceded or transferred in the passive in Portuguese or Spanish as an IP assignment, and not premises lent', () => {
    expect(severitiesOf('Com o pagamento final, ficam transferidos ao CLIENTE os direitos autorais sobre as ilustrações.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('Los derechos de explotación sobre las grabaciones quedan cedidos a la Productora desde su entrega.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('O imóvel cedido em comodato não poderá ser sublocado.')).toEqual([]);
  });

  it('reads a Portuguese or Spanish bar on hiring the other side’s staff or clients as non-solicitation, mutual as low', () => {
    expect(severitiesOf('A AGÊNCIA não poderá contratar funcionários da CLIENTE durante o contrato e por um ano após o seu término.')).toEqual([
      'non_solicitation:medium',
    ]);
    expect(severitiesOf('El Cliente se abstendrá de contratar a empleados del Estudio durante los doce meses siguientes a la terminación.')).toEqual([
      'non_solicitation:medium',
    ]);
    expect(severitiesOf('Ninguna de las partes podrá contratar al personal de la otra mientras el contrato esté vigente.')).toEqual(['non_solicitation:low']);
    expect(severitiesOf('El Cliente no podrá contratar servicios adicionales sin presupuesto previo.')).toEqual([]);
    expect(severitiesOf('La Agencia no podrá emplear personal de terceros sin autorización.')).toEqual([]);
  });

  it('reads a lease, an employment contract or a loan by its title in another language, so a missing cap is not flagged on it', () => {
    expect(detectDocumentType('CONTRATO DE ARRENDAMIENTO DE LOCAL\nPRIMERA. La renta es de 800 € al mes.')).toBe('Lease Agreement');
    expect(detectDocumentType('Wohnungsmietvertrag\n§ 1 Die Miete beträgt 950 € monatlich.')).toBe('Lease Agreement');
    expect(detectDocumentType('CONTRAT DE TRAVAIL À DURÉE INDÉTERMINÉE\nArticle 1. Le salaire est de 2 300 € brut.')).toBe('Employment Agreement');
    expect(detectDocumentType('Darlehensvertrag zwischen Herrn Kaya und Frau Roth')).toBe('Loan Agreement');
    expect(analyzeDocument('CONTRATTO DI LOCAZIONE\n1. Canone. Il conduttore paga 700 € al mese.\n2. Durata. Quattro anni.').risks).toEqual([]);
  });

  it('reads long runs of restraint, waiver and status wording with no full stop in bounded time', () => {
    const runs = [
      'shall not, directly, promote, post or feature any brand similar to ',
      'only on an individual basis, not as a class or collective or ',
      'is not an employee or employer of any staff ',
      'shall not, during the term, carry on or be concerned in any business competing with or ',
      'for each day of delay in the works the Owner may deduct R5 000 and for every week of lateness ',
      'referred to a panel of arbitrators or submitted to a sole arbitrator ',
      'trade secrets shall be protected as long as they remain trade secrets, ',
      'the Client acquires the author’s economic rights in the works and obtains the copyright to ',
      '§ 1 Title\n1. ',
      'the Tenant may end the tenancy by giving notice, and the Landlord on notice and the Tenant may end it, and the Owner by ',
      'shall buy all of its beer wine and cider ',
      'se abstendrá de promocionar, de manera pagada o gratuita, productos de otra ',
      'podrá dar por terminado el contrato y podrá rescindir sin ',
      'cede a la marca los derechos y cede ',
      'PRIMERA. DÉCIMA SEGUNDA. ',
      'shall not, directly, own, manage, be engaged by or hold any stake in any studio within five (5) ',
      "liability for clause 7 (Data Security), clause 8 (Personal Data) or (",
      'may review and vary and ',
      'all losses arising from any claim that all losses arising from a claim alleging ',
      'hereby assigns to the Studio all sketches and designs and assigns to ',
      'upon the expiry or termination or expiry or ',
      'nothing in this clause stops the Consultant from teaching and this obligation shall not prevent the Consultant from ',
      '§ 4 Non-compete\n1. This clause does not apply to charities, but this clause shall not apply ',
      'without penalty no prepayment penalty free of any ',
      'the assignment in clause 3.1 extends to the assignment under section ',
      'poderá rescindir o contrato e poderão resilir sem aviso ',
      'manter indene e mantendrá ',
      'stellt den Vermieter von sämtlichen Ansprüchen und stellt von ',
      'se prorrogará por períodos sucesivos y prorrogado ',
      'verlängert sich jeweils um ein weiteres Jahr wenn nicht und verlängert sich ',
      'el retraso en el pago devengará recargos e intereses y retraso ',
      'Zahlungsverzug Zahlungsverzug Verzug ',
      'toda e qualquer todos y cada ',
      'if the Member cancels the outstanding balance of the the fee remaining balance becomes due falls payable ',
      'antes del vencimiento rentas cantidad de los meses que resten antes do término aluguéis meses restantes ',
      'each partner each member the other partner the other if the Artist commits brings the into is a partnership at will nach ihrem Ende ',
      'shall not write, edit or design any memoir for any person or company in the whisky ',
      'before the end of the term the rent for all the months remaining and the remaining fees for ',
      'you can stop volunteering and we can end your volunteering and the Landlord may quit ',
      'liable only for breach, including but not limited to and limited to haften beschränkt auf ',
      'shall not design any shop for anyone other than and not design a ',
      'not hire any Acme walker or hire any ',
      'exclusive photographers exclusive no outside florists no outside ',
      'may terminate by written notice by notice if if ',
      'kann die Preise anpassen kann die Preise ändern mit einer Frist von ',
      'überträgt sämtliche Rechte und räumt ausschließliche Nutzungsrechte ',
      'vertraulich zeitlich unbegrenzt abwerben haftet unbegrenzt haftet ',
      'kann ordentlich kündigen kann jederzeit kündigen Folgeschäden ausgeschlossen ',
      'Speakers are not paid, no fee, not paid ',
      'will not solicit or take bookings and work from and not solicit ',
      'shall not employ, engage or solicit any Temp other than through the approved ',
      'this responsibility is not limited or capped and responsibility is ',
      'until terminated by either party on 7 days and be terminated by ',
      'wordt stilzwijgend verlengd niet stilzwijgend kan de huisregels wijzigen gelden zodra zij gepubliceerd ',
      'Lo Studio può recedere in qualsiasi momento con un preavviso può ',
      'si impegna a non tenere lezioni nel raggio di 3 non ',
      'subsiste por tempo indeterminado confidencial sigilo ',
      'pode alterar o manual podrá modificar las tarifas comprar exclusivamente ao adquirir exclusivamente a ',
      'i video registrati diventano di proprietà esclusiva la responsabilità è limitata responsabilidade não ',
      'los derechos de autor quedan cedidos y los derechos de explotación ficam transferidos ',
      'no podrá contratar, a, b, c empleados de no podrá contratar al personal de ',
      'aucun traiteur ni prestataire de restauration extérieur aucun fleuriste exclusif exclusivité ',
      'garantit contre tout garantit le Client tenir indemne toutes les réclamations de quelque ',
      'le contrat est soumis au contrat régi par le compétence du tribunal droit applicable ',
      'pénalité sans pénalité retard de paiement intérêts de retard au taux de 1 % par ',
      'steht exklusiv ausschließlich zur Aufträge für Dritte bedürfen ',
      'for each day after the agreed delivery date for every day past the ',
      'Confidencialidad secreto guardará secreto sobre ',
      'la responsabilité du Prestataire est limitée au responsabilité ne pourra ',
      'no hay interés de demora ni intereses de retraso ni ',
      'Gewerbemietvertragsarbeitsvertragdarlehensvertrag contrato de arrendamiento contrat de ',
      'nicht für Wettbewerber nicht bei einem Konkurrenten kein Wettbewerbsverbot nicht in Wettbewerb zu nicht konkurrierend während der Vertragslaufzeit nach Vertragsende ',
      'assigns all intellectual property. This includes. Dies gilt auch für. Dies umfasst. Cela inclut. Esto incluye. Ciò vale anche ',
      'a titolo di penale fornito in esclusiva fornitori esterni non è consentito fornitori esterni a sua esclusiva assoluta discrezione risponde illimitatamente ',
      'può modificare le condizioni si riserva il diritto di aumentare 30 giorni di preavviso responsabilità illimitata salvo dolo ',
      '; Scots law; ; as required by law; : the a b law, ;a b c d law ',
      "tacite reconduction reconduit tacitement périodes successives de sauf peut modifier les tarifs sans préavis préavis de deux mois ",
      "s'interdit de solliciter tout collaborateur du limitée, tous préjudices confondus, au ne pourra être tenu des dommages indirects ",
    ];
    for (const run of runs) {
      const document = `1. Clause. ${run.repeat(Math.ceil(20_000 / run.length))}`.slice(0, 20_000);
      const cpu = startCpuClock();
      analyzeDocument(document);
      expect(cpu.ms()).toBeLessThan(1_000);
    }
  });

  it('rejects an empty document', () => {
    expect(() => analyzeLegalDocument(parse({ document: '  \n\t ' }))).toThrow(ToolInputError);
  });
});

describe('analyzeDocument: competition in German, extending sentences, Italian and French wording, a law named in a list', () => {
  it('reads a German bar on working for competitors as a non-compete, high past the term and medium within it', () => {
    expect(severitiesOf('Konkurrenz. Die Beraterin wird bis zwei Jahre nach Beendigung des Vertrages nicht für Konkurrenten des Verlags arbeiten.')).toEqual(['non_compete:high']);
    expect(severitiesOf('Konkurrenz. Die Beraterin wird während der Vertragslaufzeit nicht für Konkurrenten des Verlags arbeiten.')).toEqual(['non_compete:medium']);
    expect(severitiesOf('Sonstiges. Für den Fotografen gilt ein nachvertragliches Wettbewerbsverbot von sechs Monaten.')).toEqual(['non_compete:high']);
    expect(severitiesOf('Sonstiges. Ein Wettbewerbsverbot besteht nicht; es gibt kein Wettbewerbsverbot.')).toEqual([]);
  });

  it('reads a sentence that extends the one before ("This includes", "Dies gilt auch für") with it for the severity', () => {
    expect(severitiesOf('IP. The Consultant assigns to the Client all intellectual property in the deliverables. This includes any tools the Consultant made before the engagement.')).toEqual(['ip_assignment:high']);
    expect(severitiesOf('Rechte. Die Designerin überträgt dem Verlag sämtliche Nutzungsrechte an den Illustrationen. Dies gilt auch für Skizzen, die sie vor Vertragsabschluss angefertigt hat.')).toEqual(['ip_assignment:high']);
    // A sentence that does not extend the one before leaves it as it is.
    expect(severitiesOf('IP. The Consultant assigns to the Client all intellectual property in the deliverables. The Client reviews them before the engagement ends.')).toEqual(['ip_assignment:medium']);
  });

  it('reads Italian penalties, exclusive suppliers, discretion, unlimited liability and changes to the terms', () => {
    expect(severitiesOf('Disdetta. Se gli sposi annullano la prenotazione, versano a titolo di penale il 50% del prezzo.')).toEqual(['penalties:high']);
    expect(severitiesOf('Fornitori. Il servizio fotografico è fornito in esclusiva dallo Studio Rossi.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('Fornitori. Non è consentito agli ospiti portare fotografi esterni.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('Sala. La sala è concessa in uso esclusivo agli ospiti.')).toEqual([]);
    expect(severitiesOf('Recesso. Lo Studio può recedere dal contratto in ogni momento a sua assoluta discrezione.')).toEqual(['termination_without_cause:high']);
    expect(severitiesOf("Danni. L'Organizzatore risponde illimitatamente dei danni causati dagli invitati.")).toEqual(['uncapped_liability:high']);
    expect(severitiesOf('Prezzi. Il Fornitore può aumentare le tariffe con 60 giorni di preavviso.')).toEqual(['unilateral_amendment:medium']);
    expect(severitiesOf('Prezzi. Il Fornitore può modificare il listino senza preavviso.')).toEqual(['unilateral_amendment:high']);
  });

  it('reads a choice of law stated as an item of a list ("…; Scots law; …")', () => {
    expect(severitiesOf('Disputes. Mediation first; Scots law; each side bears its own costs.')).toContain('governing_law:low');
    expect(severitiesOf('Records. The Supplier keeps its books; as required by law.')).toEqual([]);
    expect(severitiesOf('Records. The Supplier keeps its books; applicable law.')).toEqual([]);
  });

  it('reads French tacit renewal, changes to the terms, non-solicitation and caps', () => {
    expect(severitiesOf("Durée. La location du matériel est reconduite tacitement d'année en année.")).toEqual(['automatic_renewal:medium']);
    expect(severitiesOf("Durée. L'abonnement se poursuit ensuite par tacite reconduction.")).toEqual(['automatic_renewal:medium']);
    expect(severitiesOf('Durée. Le contrat prend fin à son terme, sans tacite reconduction.')).toEqual([]);
    expect(severitiesOf("Tarifs. L'Éditeur se réserve le droit de modifier ses tarifs sans préavis.")).toEqual(['unilateral_amendment:high']);
    expect(severitiesOf("Tarifs. L'Éditeur peut réviser les conditions générales moyennant un préavis de deux mois.")).toEqual(['unilateral_amendment:medium']);
    expect(severitiesOf("Personnel. L'Agence s'engage à ne pas débaucher les salariés du Client pendant un an.")).toEqual(['non_solicitation:medium']);
    expect(severitiesOf("Personnel. Chaque partie s'interdit de recruter les employés de l'autre partie.")).toEqual(['non_solicitation:low']);
    const priced = "1. Prix. Le Client paie 900 € par mois pour l'hébergement.";
    const ids = (document: string) => analyzeDocument(document).risks.map((risk) => risk.id);
    expect(ids(priced)).toContain('missing_liability_cap');
    expect(ids(`${priced}\n2. Responsabilité. La responsabilité de l'Agence est limitée, pour l'ensemble des dommages, à la somme de 5 000 €.`)).not.toContain('missing_liability_cap');
    expect(ids(`${priced}\n2. Responsabilité. L'Agence ne saurait être tenue responsable des pertes indirectes.`)).not.toContain('missing_liability_cap');
  });
});

describe('analyzeDocument: the balance owed on cancelling, the rest of the term in Spanish, a German term ended by its pronoun, conduct as a cause, sides of one role', () => {
  it('reads the remaining balance of the fee falling due when the paying side cancels or leaves as liquidated damages (high)', () => {
    expect(severitiesOf('Cancellation. Should the Customer cancel the course within 60 days of its start, the outstanding balance of the tuition fee falls due at once.')).toEqual([
      'penalties:high',
    ]);
    expect(severitiesOf('Leaving. If the Member leaves the club before the end of the season, the remaining balance of the annual fee becomes payable immediately.')).toEqual([
      'penalties:high',
    ]);
    // A balance paid on a date, or one that is not owed on cancelling, is no penalty.
    expect(severitiesOf('Payment. The balance of the course fee is due two weeks before the first lesson.')).toEqual([]);
    expect(severitiesOf('Cancellation. If the Customer cancels more than 90 days ahead, the outstanding balance is not payable.')).not.toContain('penalties:high');
  });

  it('reads Spanish rent for the months left, owed on leaving before the end of the term, as liquidated damages (high)', () => {
    expect(severitiesOf('Salida anticipada. Si el Inquilino deja el local antes del vencimiento del contrato, pagará al Propietario las rentas de los meses que falten hasta el final del plazo.')).toEqual([
      'penalties:high',
    ]);
    expect(severitiesOf('Saída. Se o Locatário sair antes do término do prazo, pagará os aluguéis dos meses restantes.')).toEqual(['penalties:high']);
    expect(severitiesOf('Salida anticipada. Si el Inquilino deja el local antes del vencimiento, no deberá pagar las rentas de los meses que queden.')).toEqual([]);
  });

  it('reads a German bar on competing that runs on after its end ("nach ihrem Ende", "nach seiner Beendigung") as high', () => {
    expect(severitiesOf('Konkurrenz. Der Texter arbeitet während der Laufzeit und ein Jahr nach ihrem Ende nicht für Konkurrenten der Agentur.')).toEqual([
      'non_compete:high',
    ]);
    expect(severitiesOf('Konkurrenz. Der Texter arbeitet während der Laufzeit nicht für Konkurrenten der Agentur.')).toEqual(['non_compete:medium']);
  });

  it('reads ending the deal because of the other side’s conduct (an offence, disrepute) as a cause, like breach', () => {
    expect(severitiesOf("Reputation. The Label may end this contract at once by written notice if the Artist commits a criminal offence.")).toEqual([]);
    expect(severitiesOf('Image. The Sponsor may cancel the deal immediately on notice if the Athlete engages in behaviour that brings the Sponsor into disrepute.')).toEqual([]);
    expect(severitiesOf('Ending. The Sponsor may cancel the deal immediately on notice whenever it wishes.')).toEqual(['termination_without_cause:high']);
  });

  it('reads a duty each holder of one role owes the other holders, and an arrangement that is itself at will, as mutual', () => {
    expect(severitiesOf('Losses. Each member shall indemnify the other members against losses caused by his own negligence.')).toEqual(['broad_indemnification:low']);
    expect(severitiesOf('Leaving. Each co-owner may end the arrangement on two months notice to the other co-owner.')).toEqual(['termination_without_cause:low']);
    expect(severitiesOf('Duration. Our studio is a partnership at will.')).toEqual(['termination_without_cause:low']);
    expect(severitiesOf('Losses. The Member shall indemnify the Club against losses caused by his own negligence.')).toEqual(['broad_indemnification:medium']);
  });
});

describe('analyzeDocument: Japanese contracts (第N条 articles, sentences ending in 。, a lexicon of the categories)', () => {
  const jaRisks = (document: string) => analyzeDocument(document).risks.map((risk) => `${risk.id}:${risk.severity}`).sort();
  /** One article, with a cap after it so that no missing cap is reported. */
  const jaSeveritiesOf = (article: string) => jaRisks(`第1条${article}\n第2条（責任の制限）損害賠償の額は、委託料の総額を上限とする。`);

  it('numbers 第N条 articles (full-width and kanji numerals too), with the heading in brackets after the number or on the line above, and splits sentences at 。', () => {
    const clauses = splitClauses(
      '建物賃貸借契約書\n\n（目的）\n第１条 甲は、乙に対し、本物件（以下「本物件」という。）を賃貸する。\n第2条（賃料）賃料は月額12万円とする。\n第十二条【協議】本契約に定めのない事項は、甲乙協議して定める。',
    );
    expect(clauses.map((clause) => clause.ref)).toEqual(['Preamble', 'Clause 1', 'Clause 2', 'Clause 12']);
    expect(clauses.map((clause) => clause.heading)).toEqual([undefined, '目的', '賃料', '協議']);
    // Pasted on one line after the request, each article still starts a clause; a reference to an article inside a sentence does not.
    const oneLine = splitClauses('この契約書を確認してください。第1条（目的）本契約は、第3条に定める業務の委託について定める。第2条（期間）本契約の期間は1年間とする。');
    expect(oneLine.map((clause) => clause.ref)).toEqual(['Preamble', 'Clause 1', 'Clause 2']);
    // The quote is the sentence that ends in 。, not the whole article, and a 。 inside brackets ends no sentence.
    const [late] = analyzeDocument('第1条（報酬）報酬は月額20万円（消費税別。）とする。支払が遅れたときは、年14.6％の遅延損害金を支払う。\n第2条（責任）損害賠償の額は報酬の総額を上限とする。').risks;
    expect(late).toMatchObject({ id: 'penalties', severity: 'medium', clause: 'Clause 1 (報酬)', quote: '支払が遅れたときは、年14.6％の遅延損害金を支払う。' });
    // The words of one sentence run on past a bracketed 。 ("（…を含む。）は、…譲渡される").
    expect(jaSeveritiesOf('（権利の譲渡）本件ソフトウェアに係る知的財産権（特許を受ける権利を含む。）は、検収完了をもって乙から甲に譲渡される。')).toEqual(['ip_assignment:medium']);
  });

  it('reads an office lease: tacit renewal, rent raised on notice, the rest of the term owed on leaving early and the court; ending for arrears is for cause, and a lease needs no cap', () => {
    const lease = `事務所賃貸借契約書

賃貸人株式会社みなと不動産（以下「甲」という。）と賃借人合同会社あおば設計（以下「乙」という。）は、以下のとおり事務所の賃貸借契約を締結する。

第1条（目的）甲は、乙に対し、東京都港区芝五丁目の建物3階部分（以下「本物件」という。）を事務所として賃貸する。
第2条（賃料）乙は、甲に対し、月額350,000円の賃料を毎月25日までに翌月分を支払う。乙が賃料の支払を怠ったときは、支払期日の翌日から年18％の割合による遅延損害金を支払う。
第3条（賃料の改定）甲は、経済事情の変動により賃料が不相当となったときは、3か月前までに乙に書面で通知することにより、賃料を改定することができる。
第4条（契約期間）本契約の期間は、2025年4月1日から2年間とする。期間満了の6か月前までに甲乙いずれからも書面による別段の意思表示がないときは、本契約は同一条件で2年間更新されるものとし、その後も同様とする。
第5条（中途解約）乙は、契約期間中に本契約を解約する場合、解約日から期間満了日までの残存期間の賃料相当額を違約金として甲に支払わなければならない。
第6条（契約の解除）甲は、乙が賃料の支払を3か月以上怠ったときは、催告を要せず直ちに本契約を解除することができる。
第7条（管轄）本契約に関する紛争は、東京地方裁判所を第一審の専属的合意管轄裁判所とする。`;
    expect(detectDocumentType(lease)).toBe('Lease Agreement');
    expect(jaRisks(lease)).toEqual(['automatic_renewal:medium', 'governing_law:low', 'penalties:high', 'unilateral_amendment:medium']);
  });

  it('reads an NDA: an indemnity for all losses from third-party claims (high), poaching staff past the term, secrecy without end and the governing law', () => {
    const nda = `秘密保持契約書

株式会社ひかり製作所（以下「開示者」という。）と株式会社つばさ技研（以下「受領者」という。）は、共同開発の検討に関し、次のとおり秘密保持契約を締結する。

第1条（秘密情報）本契約において秘密情報とは、開示者が受領者に開示した技術上又は営業上の一切の情報をいう。
第2条（秘密保持義務）受領者は、秘密情報を厳に秘密として保持し、開示者の事前の書面による承諾なく第三者に開示又は漏えいしてはならない。
第3条（損害の補償）受領者は、本契約に違反したことにより開示者が第三者から請求を受けた場合、その一切の損害、損失及び費用（合理的な弁護士費用を含む。）を補償し、開示者を免責する。
第4条（従業員の引抜き禁止）受領者は、本契約の有効期間中及び終了後1年間、開示者の従業員を勧誘し、又は引き抜いてはならない。
第5条（有効期間）本契約の有効期間は、締結日から3年間とする。ただし、第2条の義務は、本契約の終了後も無期限に存続する。
第6条（準拠法）本契約は日本法に準拠し、日本法に従って解釈される。`;
    expect(detectDocumentType(nda)).toBe('NDA');
    expect(jaRisks(nda)).toEqual(['broad_indemnification:high', 'governing_law:low', 'non_solicitation:medium', 'perpetual_confidentiality:medium']);
  });

  it('reads an employment contract: works made off hours passing to the company (high), no joining a competitor while employed (medium) and dismissal without notice (high)', () => {
    const employment = `雇用契約書

株式会社さくら食品（以下「会社」という。）と田中一郎（以下「従業員」という。）は、以下のとおり雇用契約を締結する。

第1条（職務）従業員は、会社の商品開発部において商品企画の業務に従事する。
第2条（賃金）会社は、従業員に対し、月額280,000円の基本給を毎月末日に支払う。
第3条（職務上の成果物）従業員が在職中に職務上作成した著作物及び行った発明に関する一切の権利は、業務時間外に作成したものを含め、会社に帰属する。
第4条（競業の禁止）従業員は、在職中、会社の事前の承諾なく、会社と競合する事業を営む他社に就職し、又は役員に就任してはならない。
第5条（解雇）会社は、その裁量により、予告なしに従業員を解雇することができる。`;
    expect(detectDocumentType(employment)).toBe('Employment Agreement');
    expect(jaRisks(employment)).toEqual(['ip_assignment:high', 'non_compete:medium', 'termination_without_cause:high']);
  });

  it('reads SaaS terms of use: changes without notice once posted, suspension at the provider’s judgement, arbitration with a class-action waiver and all losses owed', () => {
    const terms = `クラウド会計サービス利用規約

第1条（適用）本規約は、株式会社ソラノ（以下「当社」という。）が提供するクラウド会計サービス（以下「本サービス」という。）の利用に関する一切の関係に適用される。
第2条（利用料金）利用者は、月額9,800円の利用料金を当社所定の方法により支払うものとする。
第3条（規約の変更）当社は、利用者に事前に通知することなく、本規約をいつでも変更できるものとし、変更後の規約は本サービス上に掲示した時点から効力を生じる。
第4条（サービスの停止）当社は、当社の判断により、いつでも、本サービスの提供を停止し、又は利用契約を解除することができる。
第5条（紛争解決）本規約に関する一切の紛争は、日本商事仲裁協会の商事仲裁規則に従い、東京における仲裁により最終的に解決されるものとする。利用者は、集団訴訟に参加する権利を放棄する。
第6条（損害賠償）利用者は、本規約に違反したことにより当社に生じた一切の損害を賠償しなければならない。`;
    expect(detectDocumentType(terms)).toBe('Terms of Service');
    expect(jaRisks(terms)).toEqual(['arbitration_jury_waiver:high', 'termination_without_cause:high', 'uncapped_liability:high', 'unilateral_amendment:high']);
  });

  it('reads a distribution agreement: an exclusive appointment (medium), and a mutual indemnity, no-poaching and ending on notice as low; a cap, passing on the contract and no automatic renewal are no risk', () => {
    const distribution = `販売代理店契約書

第1条（代理店の指定）甲は、乙を日本国内における本製品の独占的販売代理店として指定する。
第2条（仕入れ）乙は、本製品を甲からのみ購入し、甲以外の者から類似製品を仕入れてはならない。
第3条（代金）乙は、甲に対し、毎月末日締めで当月分の仕入代金を翌月末日までに支払う。
第4条（責任の制限）甲の損害賠償責任は、直近12か月間に乙が支払った代金の総額を上限とする。
第5条（相互補償）甲及び乙は、自己の責任に帰すべき事由により相手方が第三者から請求を受けた場合、相手方に生じた損害を補償する。
第6条（引抜きの禁止）甲及び乙は、本契約期間中、相手方の従業員を引き抜いてはならない。
第7条（解約）甲又は乙は、3か月前までに相手方に書面で通知することにより、本契約を解約することができる。
第8条（地位の譲渡禁止）甲及び乙は、相手方の書面による承諾なく、本契約上の地位及び権利義務を第三者に譲渡してはならない。
第9条（有効期間）本契約の有効期間は1年間とし、自動更新は行わない。`;
    expect(jaRisks(distribution)).toEqual(['broad_indemnification:low', 'exclusivity:medium', 'non_solicitation:low', 'termination_without_cause:low']);
    // Without its cap, a priced deal has none.
    expect(jaRisks(distribution.replace(/第4条.*\n/, ''))).toContain('missing_liability_cap:medium');
  });

  it('reads late-payment damages by their yearly, monthly or daily rate, a sum per day of delay and a named penalty, and not a penalty ruled out', () => {
    expect(jaSeveritiesOf('（遅延損害金）乙が委託料の支払を遅延したときは、年14.6％の割合による遅延損害金を支払う。')).toEqual(['penalties:medium']);
    expect(jaSeveritiesOf('（遅延損害金）乙が委託料の支払を遅延したときは、年２４％の割合による遅延損害金を支払う。')).toEqual(['penalties:high']);
    expect(jaSeveritiesOf('（延滞金）会員が会費の支払を怠ったときは、月3％の延滞金を支払うものとする。')).toEqual(['penalties:high']);
    expect(jaSeveritiesOf('（納期遅延）乙が納期に遅れたときは、遅延1日につき1万円を甲に支払う。')).toEqual(['penalties:high']);
    expect(jaSeveritiesOf('（違約金）乙が本契約に違反したときは、違約金として100万円を甲に支払う。')).toEqual(['penalties:high']);
    expect(jaSeveritiesOf('（解約）乙は、違約金なしでいつでも本契約を解約することができる。')).toEqual(['termination_without_cause:medium']);
  });

  it('reads who may end it, restraints by how long they run and changes by who agrees to them', () => {
    // Each side given the right in a sentence of its own is either party's.
    expect(jaSeveritiesOf('（解約）甲は、1か月前までに書面で通知して本契約を解約することができる。乙は、2か月前までに書面で通知して本契約を解約することができる。')).toEqual([
      'termination_without_cause:low',
    ]);
    expect(jaSeveritiesOf('（解除）甲は、乙が次の各号のいずれかに該当したときは、何らの催告を要せず直ちに本契約を解除することができる。')).toEqual([]);
    expect(jaSeveritiesOf('（競業避止）乙は、本契約終了後1年間、同業他社に就職してはならない。')).toEqual(['non_compete:high']);
    expect(jaSeveritiesOf('（競業避止）乙は、本契約終了後2年間、本店舗から半径3km以内で飲食店を開業してはならない。')).toEqual(['non_compete:high']);
    expect(jaSeveritiesOf('（兼業）従業員は、会社の許可なく他社の業務に従事してはならない。')).toEqual(['exclusivity:medium']);
    expect(jaSeveritiesOf('（顧客）乙は、本契約終了後1年間、甲の顧客と直接取引してはならない。')).toEqual(['non_solicitation:medium']);
    expect(jaSeveritiesOf('（料金の改定）甲は、料金を一方的に変更することができる。')).toEqual(['unilateral_amendment:medium']);
    expect(jaSeveritiesOf('（変更）本契約の内容は、甲乙協議の上、書面による合意により変更することができる。')).toEqual([]);
    expect(jaSeveritiesOf('（損害賠償）乙の損害賠償責任には上限を設けないものとする。')).toEqual(['uncapped_liability:high']);
    expect(jaSeveritiesOf('（損害賠償）故意又は重過失による損害については、前条の上限は適用されず、制限なく賠償する。')).toEqual([]);
    expect(jaSeveritiesOf('（準拠法）本契約は日本法に準拠する。')).toEqual(['governing_law:low']);
    expect(jaSeveritiesOf('（秘密保持）本条の義務は、営業秘密については、それが営業秘密に該当する限り、期間の定めなく存続する。')).toEqual(['perpetual_confidentiality:low']);
  });

  it('reads negations and look-alikes as no risk: non-exclusive, the Antimonopoly Act, rights kept by their maker, renewal ruled out, a bounded secret, a notice-free competitor clause', () => {
    expect(jaSeveritiesOf('（販売）乙は、本製品を非独占的に販売することができる。')).toEqual([]);
    expect(jaSeveritiesOf('（法令遵守）甲及び乙は、独占禁止法その他の法令を遵守する。')).toEqual([]);
    expect(jaSeveritiesOf('（権利の帰属）乙が作成した翻訳物の著作権は乙に帰属し、甲に譲渡されない。')).toEqual([]);
    expect(jaSeveritiesOf('（有効期間）本契約は期間満了により終了し、自動的に更新されない。')).toEqual([]);
    expect(jaSeveritiesOf('（秘密保持）本条の義務は、本契約終了後3年間存続する。')).toEqual([]);
    expect(jaSeveritiesOf('（競業）乙は、競業避止義務を負わない。')).toEqual([]);
    expect(jaSeveritiesOf('（秘密保持）乙は、秘密情報を競合他社に開示してはならない。')).toEqual([]);
    expect(jaSeveritiesOf('（損害賠償）甲は、乙に対し、間接損害及び逸失利益について責任を負わない。')).toEqual([]);
  });

  it('reads Japanese text without 。 or with many look-alike words in bounded time', () => {
    const runs = [
      '競合する会社競業同業他社に就職し従事して受託し',
      '秘密機密期間の定めなく無期限永久に',
      '著作権知的財産権作成した翻訳し甲に帰属移転譲渡',
      '一切の損害賠償上限なく無制限制限なく責任',
      '第三者から請求訴訟損害補償免責迷惑',
      '自動的に更新申出がないとき更新され延長',
      '甲以外の者他社から購入取引独占的専属契約',
      'いつでも理由なく判断により解約解除できる違反',
      '年14.6％月3％1日につき1万円違約金遅延損害金残存期間の賃料',
      // Words that start a pattern again and again without ever completing it.
      '秘密秘密機密守秘秘匿',
      '損害賠償責任損害賠償責任',
      '第三者第三者請求請求',
      'いつでもいつでも解約解約',
      '料金料金変更変更',
      '乙が作成した著作権乙に帰属甲に帰属',
      '（目的）\n第1条 ',
    ];
    for (const run of runs) {
      const document = `第1条（条項）${run.repeat(Math.ceil(20_000 / run.length))}`.slice(0, 20_000);
      const cpu = startCpuClock();
      analyzeDocument(document);
      expect(cpu.ms()).toBeLessThan(1_000);
    }
  });
});

describe('analyzeDocument: German sides and rights that pass, French sole sourcing and ending, changes named before their verb or effective once posted, Spanish secrecy without end', () => {
  it('reads a German right to end the deal given to both sides ("von beiden Seiten", "jeder Vertragspartner") as either party’s (low)', () => {
    expect(severitiesOf('Kündigung. Der Mietvertrag kann von beiden Seiten mit einer Frist von sechs Wochen gekündigt werden.')).toEqual([
      'termination_without_cause:low',
    ]);
    expect(severitiesOf('Beendigung. Jeder Vertragspartner kann den Beratungsvertrag mit einer Frist von einem Monat kündigen.')).toEqual([
      'termination_without_cause:low',
    ]);
    expect(severitiesOf('Beendigung. Die Agentur kann den Beratungsvertrag mit einer Frist von einem Monat kündigen.')).toEqual([
      'termination_without_cause:medium',
    ]);
  });

  it('reads German rights in works that pass to the other side ("gehen … über") as an IP assignment, high when made off working hours', () => {
    expect(severitiesOf('Rechte. Alle Rechte an den Entwürfen und Fotografien der Designerin gehen mit ihrer Entstehung auf das Studio über.')).toEqual([
      'ip_assignment:medium',
    ]);
    expect(
      severitiesOf('Rechte. Die Nutzungsrechte an allen Illustrationen, auch an solchen, die außerhalb der Dienstzeit entstehen, gehen auf den Verlag über.'),
    ).toEqual(['ip_assignment:high']);
    // The contract’s own rights and duties passing to an heir are no work’s.
    expect(severitiesOf('Rechtsnachfolge. Die Rechte und Pflichten aus diesem Vertrag gehen auf die Erben des Mieters über.')).toEqual([]);
  });

  it('reads French buying from the other side alone as exclusivity, under its heading or by its own words, and not approved suppliers', () => {
    expect(severitiesOf("Exclusivité. Pendant la durée du contrat, l'Hôtel s'engage à acheter son linge uniquement auprès de la Blanchisserie.")).toEqual([
      'exclusivity:medium',
    ]);
    expect(severitiesOf('Approvisionnement. Le Restaurant se fournit en vins exclusivement auprès du Caviste.')).toEqual(['exclusivity:medium']);
    // A French duty under an exclusivity heading binds as "shall" does.
    expect(severitiesOf("Exclusivité. Le Photographe s'engage à ne couvrir aucun autre mariage le même jour.")).toEqual(['exclusivity:medium']);
    expect(severitiesOf("Qualité. Le Franchisé s'approvisionne exclusivement auprès de fournisseurs agréés.")).toEqual([]);
  });

  it('reads a French right to end the deal as termination without cause by who may and on what notice, and not ending it for a breach', () => {
    expect(severitiesOf("Fin du contrat. L'Agence peut mettre fin au contrat à tout moment et sans préavis.")).toEqual(['termination_without_cause:high']);
    expect(severitiesOf('Résiliation. Le Bailleur peut résilier le bail moyennant un préavis de trois mois.')).toEqual(['termination_without_cause:medium']);
    expect(severitiesOf("Résiliation. Chacune des parties peut résilier le contrat à tout moment avec un préavis d'un mois.")).toEqual([
      'termination_without_cause:low',
    ]);
    expect(severitiesOf('Résiliation. Le Client peut résilier le contrat sans préavis en cas de manquement grave du Prestataire.')).toEqual([]);
  });

  it('reads terms named before the right to change them ("the house rules, which the Host may change") as a unilateral amendment', () => {
    expect(severitiesOf('House rules. The Guest shall follow the house rules, which the Host may change at any time without notice.')).toEqual([
      'unilateral_amendment:high',
    ]);
    expect(severitiesOf('Classes. The Member pays the class fees, which the Club may revise on 30 days’ written notice.')).toEqual([
      'unilateral_amendment:medium',
    ]);
    expect(severitiesOf('Reports. The Supplier sends monthly reports, which the Client may amend before approval.')).toEqual([]);
  });

  it('reads changes that "are effective" or "become effective" once posted as unannounced, so a unilateral amendment is high', () => {
    expect(severitiesOf('Updates. We may update this policy, and updates are effective as soon as they are posted in the app.')).toEqual([
      'unilateral_amendment:high',
    ]);
    expect(severitiesOf('Changes. The Platform may amend these terms; amended terms become effective upon publication on the website.')).toEqual([
      'unilateral_amendment:high',
    ]);
    expect(severitiesOf('Changes. We may amend these terms; amended terms become effective 30 days after we notify you by email.')).toEqual([
      'unilateral_amendment:medium',
    ]);
  });

  it('reads Spanish or Portuguese secrecy kept "de forma indefinida" or "de manera indefinida" as perpetual confidentiality, and not a contract of no fixed term', () => {
    expect(severitiesOf('Secreto. La Consultora mantendrá en secreto los datos de los pacientes de forma indefinida.')).toEqual([
      'perpetual_confidentiality:medium',
    ]);
    expect(
      severitiesOf('Confidencialidad. El Arquitecto no revelará los planos del Cliente. Esta obligación continuará de manera indefinida después de la terminación del encargo.'),
    ).toEqual(['perpetual_confidentiality:medium']);
    expect(severitiesOf('Sigilo. A Agência manterá sigilo sobre as campanhas do Cliente de forma indeterminada.')).toEqual(['perpetual_confidentiality:medium']);
    expect(severitiesOf('Duración. El contrato de alquiler se celebra de forma indefinida.')).toEqual([]);
  });

  it('reads long runs of the new German, French, English and Spanish wording in bounded time', () => {
    const runs = [
      'kann von beiden Seiten jede Seite jeder Vertragspartner gekündigt ',
      'Rechte an den Entwürfen gehen auf gehen mit über außerhalb der Arbeitszeit Nutzungsrechte an ',
      "s'engage à acheter uniquement auprès se fournit exclusivement auprès de s'approvisionne ",
      'peut résilier à tout moment peut mettre fin au préavis de peut résilier en cas de manquement ',
      'the house rules, which the Host may the fees, which the Club may change ',
      'updates are effective as soon as they become effective upon are effective when ',
      'guardará secreto de forma indefinida de manera sigilo de forma ',
    ];
    for (const run of runs) {
      const document = `1. Clause. ${run.repeat(Math.ceil(20_000 / run.length))}`.slice(0, 20_000);
      const cpu = startCpuClock();
      analyzeDocument(document);
      expect(cpu.ms()).toBeLessThan(1_000);
    }
  });
});

describe('analyzeDocument: a titled point under an Exclusivity heading in any language, a supplier named as one’s exclusive one, the whole fee owed on cancelling, French non-competes and secrecy without end', () => {
  const findings = (document: string) => analyzeDocument(document).risks.map((risk) => `${risk.id}:${risk.severity}`).sort();

  it('reads a restraint kept within the deal under a bullet point titled as exclusivity, in English or Spanish, as the exclusivity alone', () => {
    expect(
      findings('Sponsorship terms:\n- Fee: £900 for the summer tour.\n- Exclusivity: while the tour runs you won’t promote any other energy drink brand.'),
    ).toEqual(['exclusivity:medium', 'missing_liability_cap:medium']);
    expect(
      findings('Condiciones del patrocinio:\n- Pago: 1.200 € por la temporada.\n- Exclusividad: mientras dure el patrocinio no podrás promocionar otras marcas de ropa deportiva.'),
    ).toEqual(['exclusivity:medium', 'missing_liability_cap:medium']);
    // Past the deal, it is a non-compete whatever its heading.
    expect(
      findings('Condiciones del patrocinio:\n- Pago: 1.200 € por la temporada.\n- Exclusividad: durante la campaña y los seis meses siguientes no podrás promocionar otras marcas de ropa deportiva.'),
    ).toContain('non_compete:high');
    // A point that says its risk in its title and binds nothing after it is still read whole.
    expect(findings('• Auto-renews every year. Cancel anytime.\n• We can end it whenever we like.').map((finding) => finding.split(':')[0])).toEqual([
      'automatic_renewal',
      'termination_without_cause',
    ]);
  });

  it('reads the Spanish term said as "mientras dure" or "durante" the deal as the term, so a non-compete kept within it is medium', () => {
    expect(severitiesOf('Marcas. Mientras dure la colaboración, la Creadora no promocionará productos de ninguna otra marca.')).toEqual(['non_compete:medium']);
    expect(severitiesOf('Marcas. Durante el contrato, el Músico no trabajará para ningún otro festival de la competencia.')).toEqual(['non_compete:medium']);
    expect(severitiesOf('Marcas. La Creadora no promocionará productos de ninguna otra marca durante un año.')).toEqual(['non_compete:high']);
  });

  it('reads a supplier said to be one’s exclusive one by its trade, or outside ones not permitted, as exclusivity, and not a refund or exclusive use', () => {
    expect(severitiesOf('Flowers. Petal & Stem are the estate’s exclusive florists.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('Drinks. All bar service is run by our exclusive bartenders.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('Suppliers. No external photographers or videographers permitted on the grounds.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('Suppliers. No outside decorators are allowed.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('Rooms. The Couple has our exclusive use of the barn and the lawn.')).toEqual([]);
    expect(severitiesOf('Suppliers. No outside caterers are allowed to use the kitchen before 8 am.')).toEqual([]);
  });

  it('reads the whole fee owed when the paying side cancels as liquidated damages (high), not a share of it nor a refund', () => {
    expect(severitiesOf('Cancellation. If the Organiser cancels within 60 days of the conference, a cancellation fee of 100% of the room hire charge is payable.')).toEqual([
      'penalties:high',
    ]);
    expect(severitiesOf('Withdrawal. Should the Exhibitor withdraw after 1 May, the full stand price is charged.')).toEqual(['penalties:high']);
    expect(severitiesOf('Cancellation. If the Organiser cancels within 60 days of the conference, a cancellation fee of 30% of the room hire charge is payable.')).toEqual([]);
    expect(severitiesOf('Cancellation. If the Hotel cancels the booking, the Organiser receives a full refund of the hire fee.')).toEqual([]);
    expect(severitiesOf('Payment. The full hire fee is payable 30 days before the event.')).toEqual([]);
  });

  it('reads a French non-compete by its name or by a bar on working for a competitor, high past the contract and medium within it', () => {
    expect(
      severitiesOf("Non-concurrence. Durant l'année qui suit la fin du contrat, la traductrice s'interdit de collaborer avec une agence concurrente du Client."),
    ).toEqual(['non_compete:high']);
    expect(severitiesOf('Concurrence. Pendant la durée du contrat, le Graphiste ne travaillera pas pour une entreprise concurrente du Studio.')).toEqual([
      'non_compete:medium',
    ]);
    expect(severitiesOf('Concurrence. Le Graphiste ne travaillera pas pour une entreprise concurrente du Studio pendant 18 mois.')).toEqual(['non_compete:high']);
    // Passing information to a competitor is secrecy, and no clause named to rule it out is one.
    expect(severitiesOf('Secret. Le Graphiste ne communiquera pas les maquettes à une entreprise concurrente.')).not.toContain('non_compete:high');
    expect(severitiesOf("Liberté. Le contrat ne comporte aucune clause de non-concurrence et le Graphiste peut travailler pour d'autres studios.")).toEqual([]);
  });

  it('reads French secrecy kept "sans limite de durée" or "pour une durée illimitée" as perpetual confidentiality, and not secrecy for a fixed period', () => {
    expect(severitiesOf('Secret. Le Consultant garde confidentiels les fichiers clients du Cabinet sans limite de durée.')).toEqual([
      'perpetual_confidentiality:medium',
    ]);
    expect(severitiesOf("Confidentialité. Cette obligation de confidentialité s'applique pour une durée illimitée, même après la fin de la mission.")).toEqual([
      'perpetual_confidentiality:medium',
    ]);
    expect(severitiesOf('Confidentialité. Le Consultant garde confidentiels les fichiers clients du Cabinet pendant trois ans.')).toEqual([]);
  });

  it('reads long runs of the new Spanish, French and English wording in bounded time', () => {
    const runs = [
      'mientras dure la colaboración durante el contrato durante la campaña y los seis meses siguientes ',
      "s'interdit de ne travaillera pas pour une entreprise concurrente non-concurrence n'exercera ",
      'sans limite de durée pour une durée illimitée confidentiels sans limitation ',
      'if the Organiser cancels a cancellation fee of 100% of the full stand price is the exclusive florists ',
      'no outside caterers or food vendors permitted are our exclusive bartenders ',
    ];
    for (const run of runs) {
      const document = `1. Clause. ${run.repeat(Math.ceil(20_000 / run.length))}`.slice(0, 20_000);
      const cpu = startCpuClock();
      analyzeDocument(document);
      expect(cpu.ms()).toBeLessThan(1_000);
    }
  });
});

describe('analyzeDocument: asides and bracketed figures in a restraint, names in the possessive, the whole fee back and more, deals named by purpose, the term by its length, Spanish works ceded, Dutch and Italian wording', () => {
  const findingsOf = (document: string) => analyzeDocument(document).risks.map((risk) => `${risk.id}:${risk.severity}`).sort();

  it('reads a bar on soliciting whose period is written with its figure in brackets ("twelve (12) months") as non-solicitation', () => {
    expect(
      severitiesOf('Customers. The Consultant shall not, while engaged and for twelve (12) months after it ends, directly or indirectly solicit any customer of the Company.'),
    ).toEqual(['non_solicitation:medium']);
  });

  it('reads Dutch interest on sums paid late said by a participle ("te laat betaalde", "niet tijdig voldane") as a late charge, by its rate', () => {
    expect(severitiesOf('Betaling. Over niet tijdig voldane facturen is de Opdrachtgever een rente van 1% per maand verschuldigd.')).toEqual(['penalties:medium']);
    expect(severitiesOf('Huur. Over te laat betaalde huur rekent de Verhuurder een rente van 3% per maand.')).toEqual(['penalties:high']);
    expect(severitiesOf('Betaling. Facturen worden binnen 14 dagen betaald; er is geen rente verschuldigd.')).toEqual([]);
  });

  it('reads hiring the other side’s people named by the party’s own name in the possessive ("Brightway’s drivers", "Greenfields’ gardeners") as non-solicitation', () => {
    expect(severitiesOf('Staff. The Hotel will not employ any of Brightway’s drivers directly during the contract or for six months afterwards.')).toEqual([
      'non_solicitation:medium',
    ]);
    expect(severitiesOf("Staff. The Owner shall not engage Greenfields' gardeners privately while this agreement runs.")).toEqual(['non_solicitation:medium']);
    expect(severitiesOf('Equipment. The Hotel will not hire out Brightway’s minibuses or their trailers.')).toEqual([]);
  });

  it('reads the whole fee paid back with a sum on top, if a term is broken, as liquidated damages (high), and not a plain refund', () => {
    expect(severitiesOf('Videos. If you delete a video within 60 days, you must repay the whole fee and a further €200.')).toEqual(['penalties:high']);
    expect(severitiesOf('Photos. Should the Model post the images before launch, she will refund the entire fee plus $300.')).toEqual(['penalties:high']);
    expect(severitiesOf('Cancellation. If we cancel the shoot, we will refund the full fee.')).toEqual([]);
  });

  it('reads ending the deal named by what it is for ("the residency", "the campaign", "the guest slot") as termination without cause', () => {
    expect(severitiesOf('Ending. The Gallery may end the residency at any time, without notice.')).toEqual(['termination_without_cause:high']);
    expect(severitiesOf('Ending. The Brand can end the campaign at any time for any reason.')).toEqual(['termination_without_cause:medium']);
    expect(severitiesOf('Ending. We can end your guest slot whenever we like.')).toEqual(['termination_without_cause:high']);
    expect(severitiesOf('Wrap-up. At the end of the project, the Studio returns all files.')).toEqual([]);
  });

  it('reads Spanish or Portuguese works themselves said to be ceded or to become the other side’s property as an IP assignment, high for free time', () => {
    expect(severitiesOf('Propiedad. Los diseños y fotografías del Fotógrafo, incluidos los realizados en su tiempo libre, quedan cedidos al Estudio.')).toEqual([
      'ip_assignment:high',
    ]);
    expect(severitiesOf('Entregables. Los textos entregados quedan cedidos a la Agencia.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('Entregas. As ilustrações passam a ser propriedade do CLIENTE após o pagamento.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('Envío. Las fotografías serán transmitidas al Cliente por correo electrónico.')).toEqual([]);
  });

  it('reads the term said by its length ("for the 6 weeks of the tour") as the term, so a restraint under an Exclusivity heading is exclusivity alone', () => {
    expect(
      findingsOf('Tour terms:\n- Fee: £2,000 for the tour.\n- Exclusivity: for the 6 weeks of the tour you won’t promote any other energy drink brand.'),
    ).toEqual(['exclusivity:medium', 'missing_liability_cap:medium']);
    expect(findingsOf('Tour terms:\n- Fee: £2,000 for the tour.\n- Exclusivity: for 6 months after the tour you won’t promote any other energy drink brand.')).toContain(
      'non_compete:high',
    );
  });

  it('reads works that become a party’s property by its name of several words as an IP assignment, high when it takes the maker’s existing work', () => {
    expect(severitiesOf('Artwork. All illustrations produced for the book become Redfern Hill Press’s property.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('Artwork. All illustrations produced for the book, and any of your existing sketches used in them, become Redfern Hill Press’s property.')).toEqual([
      'ip_assignment:high',
    ]);
    expect(severitiesOf('Artwork. Any lyrics you wrote before the tour that we record become Northway Records’s property.')).toEqual(['ip_assignment:high']);
  });

  it('reads the sum for the weeks or months left, owed on leaving before they are up, as liquidated damages (high)', () => {
    expect(severitiesOf('Leaving early. If you move out before the six months are up, you still owe the rent for the remaining months.')).toEqual(['penalties:high']);
    expect(severitiesOf('Leaving early. If the Client stops before the 12 weeks are over, it pays the fees for the remaining weeks.')).toEqual(['penalties:high']);
    expect(severitiesOf('Leaving early. If you move out before the six months are up, no further rent is owed.')).toEqual([]);
  });

  it('reads Italian late interest by its rate, a right to withdraw at will said in the first person, a law that applies and an arbitrator', () => {
    expect(severitiesOf("Rate. Se una rata è in ritardo, sull'importo scaduto maturano interessi di mora del 2,5% al mese.")).toEqual(['penalties:high']);
    expect(severitiesOf('Rate. Sulle rate pagate in ritardo sono dovuti interessi di mora dell’1% al mese.')).toEqual(['penalties:medium']);
    expect(severitiesOf('Recesso. Posso recedere dall’accordo quando voglio, a mia esclusiva discrezione.')).toEqual(['termination_without_cause:high']);
    expect(severitiesOf('Recesso. Il Socio può recedere quando vuole, con un preavviso di 30 giorni.')).toEqual(['termination_without_cause:medium']);
    expect(severitiesOf('Varie. Al presente accordo si applica la legge svizzera.')).toEqual(['governing_law:low']);
    expect(severitiesOf('Controversie. Ogni controversia sarà decisa da un arbitro unico della Camera Arbitrale di Milano.')).toEqual([
      'arbitration_jury_waiver:medium',
    ]);
    expect(severitiesOf('Varie. Presto ti mando il calendario delle rate; la legge non mi obbliga a chiedere interessi.')).toEqual([]);
  });

  it('reads a French liability said to be without limit or ceiling as uncapped, and not "y compris sans limitation" nor a duration', () => {
    expect(severitiesOf('Dégâts. L’Exposant répond sans aucune limite des dégradations commises sur le stand par son personnel.')).toEqual([
      'uncapped_liability:high',
    ]);
    expect(severitiesOf('Responsabilité. La responsabilité du Locataire envers le Loueur est illimitée.')).toEqual(['uncapped_liability:high']);
    expect(severitiesOf('Responsabilité. Le Transporteur demeure responsable, sans plafond, des pertes de marchandises.')).toEqual(['uncapped_liability:high']);
    expect(severitiesOf('Dommages. Le Prestataire indemnise les dommages directs, y compris sans limitation les frais de remise en état.')).not.toContain(
      'uncapped_liability:high',
    );
    expect(severitiesOf('Secret. Le Consultant est responsable du secret des informations, sans limitation de durée.')).not.toContain('uncapped_liability:high');
  });

  it('reads the whole price owed for a cancellation that comes late, the cancelling named by the heading or a noun, as a penalty (high)', () => {
    expect(severitiesOf('Cancelling the booking. Within ten days of the party, the whole room charge is due.')).toEqual(['penalties:high']);
    expect(severitiesOf('Cancellation by the Couple. Fewer than 21 days before the wedding, the entire package price is payable.')).toEqual(['penalties:high']);
    expect(severitiesOf('Withdrawals. The total course fee is owed for any withdrawal made less than a week before the course starts.')).toEqual([
      'penalties:high',
    ]);
    expect(severitiesOf('Cancellation by the School. Less than 14 days before the course, the full course fee is refunded.')).toEqual([]);
    expect(severitiesOf('Cancellation. Within 30 days of a cancellation, the full fee for work already done is payable.')).toEqual([]);
    expect(severitiesOf('Payment. Within 30 days of the invoice, the full fee is payable.')).toEqual([]);
  });

  it('reads French rights in works ceded, in the active or the passive or as the works becoming theirs, as an IP assignment, high for earlier work', () => {
    expect(severitiesOf('Droits. Le Photographe cède au Magazine l’ensemble des droits d’exploitation sur les clichés livrés.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('Œuvres. Les droits patrimoniaux d’auteur sur les illustrations sont cédés à l’Éditeur.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('Cession. La cession exclusive des droits de représentation des vidéos est consentie à l’Agence.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('Livrables. Les maquettes réalisées par le Studio deviennent la propriété exclusive du Client.')).toEqual(['ip_assignment:medium']);
    expect(severitiesOf('Créations. Le Graphiste cède à l’Agence les droits d’auteur sur ses dessins, y compris ceux réalisés avant la signature.')).toEqual([
      'ip_assignment:high',
    ]);
    expect(severitiesOf('Cession du contrat. Aucune partie ne peut céder ses droits et obligations au titre du contrat sans accord écrit.')).toEqual([]);
    expect(severitiesOf('Licence. Le Prestataire ne cède aucun droit d’auteur au Client, qui reçoit une simple licence d’utilisation.')).toEqual([]);
  });

  it('reads the whole French fee paid back with a sum on top as a penalty (high), and a refund of it alone as none', () => {
    expect(severitiesOf('Livraison. Si les photos ne sont pas livrées à temps, le Photographe restituera la totalité des honoraires reçus, augmentée d’un montant de 300 €.')).toEqual([
      'penalties:high',
    ]);
    expect(severitiesOf('Absence. En cas d’absence le jour du concert, l’Artiste rembourse l’intégralité du cachet ainsi qu’une indemnité de 200 €.')).toEqual([
      'penalties:high',
    ]);
    expect(severitiesOf('Remboursement. Si la Marque annule la campagne, elle rembourse l’intégralité de l’acompte versé par le Client.')).toEqual([]);
  });

  it('reads German rights in a list of works that pass over as an IP assignment, high when the next sentence reaches free time', () => {
    expect(severitiesOf('Rezepte. Sämtliche Rechte an Rezepten, Menükarten, Fotos und anderen Werken, die der Koch anfertigt, gehen auf das Restaurant über.')).toEqual([
      'ip_assignment:medium',
    ]);
    expect(
      severitiesOf('Rezepte. Alle Rechte an Speiseplänen, Rezepten und sonstigen Werken des Kochs gehen auf das Restaurant über. Dies gilt auch für Werke aus seiner Freizeit.'),
    ).toEqual(['ip_assignment:high']);
    expect(severitiesOf('Eigentum. Die Rechte an Fahrzeugen, Maschinen und Werkzeugen gehen nicht auf den Mieter über.')).toEqual([]);
    expect(severitiesOf('Entwürfe. Die Rechte an Skizzen, Entwürfen und Fotos gehen nicht auf die Agentur über.')).toEqual([]);
  });

  it('reads Dutch exclusivity: no other sponsor or supplier of a kind taken on, an exclusive one named, or exclusivity by name', () => {
    expect(severitiesOf('Exclusiviteit. Het Festival laat tijdens de looptijd geen andere brouwerijen als leverancier toe.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('Partners. De Vereniging sluit met geen andere bakkers of banketbakkers een overeenkomst als hoofdsponsor.')).toEqual([
      'exclusivity:medium',
    ]);
    expect(severitiesOf('Aanstelling. De Opdrachtgever benoemt de Distributeur tot exclusieve distributeur voor de Benelux.')).toEqual(['exclusivity:medium']);
    expect(severitiesOf('Gebruik. De Huurder heeft het exclusieve gebruik van de zaal; er zijn geen andere kosten.')).toEqual([]);
  });

  it('reads leaving the partnership, band or collective the deal sets up as ending it, by who may and with what notice', () => {
    expect(severitiesOf('Exit. A member may withdraw from the collective at any time.')).toEqual(['termination_without_cause:medium']);
    expect(severitiesOf('Line-up. The Drummer may leave the band by giving one month’s notice.')).toEqual(['termination_without_cause:medium']);
    expect(severitiesOf('Residency. The Guest Chef can quit the residency without notice.')).toEqual(['termination_without_cause:high']);
    expect(severitiesOf('Move-out. The Tenant must leave the premises clean at the end of the lease.')).toEqual([]);
    expect(severitiesOf('Parking. Staff may leave their bikes in the yard at any time.')).toEqual([]);
  });

  it('reads sides of one role named as either or each of them, bound to "the other", as mutual (low), and not "either case" or "the other charges"', () => {
    expect(severitiesOf('Ending. Either co-owner may end the arrangement on 30 days’ notice.')).toEqual(['termination_without_cause:low']);
    expect(severitiesOf('Claims. Each stallholder shall hold the other harmless from claims about its own goods.')).toEqual(['broad_indemnification:low']);
    expect(
      severitiesOf('Fees. Each month the Client pays the other charges in Schedule 2, and the Agency shall indemnify the Client against claims caused by its negligence.'),
    ).toEqual(['broad_indemnification:medium']);
    expect(severitiesOf('Ending. In either case the Company may terminate this Agreement at any time without notice.')).toEqual(['termination_without_cause:high']);
    expect(severitiesOf('Ending. Both fees shall be paid first; the Studio may terminate this Agreement at any time without notice.')).toEqual([
      'termination_without_cause:high',
    ]);
  });

  it('reads a late-payment rate whose period is an adjective or adverb after it, in Italian, German and Dutch, by its monthly rate', () => {
    expect(severitiesOf('Pagamenti. Sulle fatture scadute maturano interessi di mora del 3% mensile.')).toEqual(['penalties:high']);
    expect(severitiesOf('Pagamenti. Sulle fatture scadute maturano interessi di mora dell’8% annuo.')).toEqual(['penalties:medium']);
    expect(severitiesOf('Pagamenti. Sulle somme non pagate decorrono interessi moratori dello 0,1% giornaliero.')).toEqual(['penalties:high']);
    expect(severitiesOf('Verzug. Bei Zahlungsverzug fallen Verzugszinsen von 2,5 % monatlich an.')).toEqual(['penalties:high']);
    expect(severitiesOf('Verzug. Bei Zahlungsverzug fallen Verzugszinsen von 9 % pro Jahr an.')).toEqual(['penalties:medium']);
    expect(severitiesOf('Betaling. Over te laat betaalde facturen is een rente van 2% maandelijks verschuldigd.')).toEqual(['penalties:high']);
  });

  it("reads an Italian refusal to hire, poach or solicit the other side's staff or clients as non-solicitation, mutual as low", () => {
    expect(severitiesOf('Personale. La Cliente non potrà assumere, direttamente o tramite terzi, alcun collaboratore dello Studio.')).toEqual([
      'non_solicitation:medium',
    ]);
    expect(severitiesOf('Clienti. L’Agente si impegna a non stornare i clienti della Società.')).toEqual(['non_solicitation:medium']);
    expect(severitiesOf('Reciprocità. Nessuna delle parti potrà sollecitare i dipendenti dell’altra parte.')).toEqual(['non_solicitation:low']);
    expect(severitiesOf('Personale. Il Consulente potrà assumere collaboratori propri per eseguire il servizio.')).toEqual([]);
    expect(severitiesOf('Subappalto. Il Consulente non potrà impiegare personale di altre ditte senza consenso.')).toEqual([]);
  });

  it('reads informal terms of a loan, named so, as a loan agreement, which needs no cap', () => {
    expect(detectDocumentType('Ecco le condizioni del prestito:\n- ti presto 8.000 €\n- me li restituisci in 16 rate')).toBe('Loan Agreement');
    expect(detectDocumentType('Here are the terms of the loan:\n- I lend you $5,000\n- you repay $500 a month')).toBe('Loan Agreement');
  });

  it('reads long runs of the new wording in bounded time', () => {
    const runs = [
      'shall not, during the term, for twelve (12) months, after it ends, directly solicit, ',
      'will not hire any of Brightway’s Greenfields’ SparkleWorks’ the Agency’s ',
      'pay us back the full fee plus a refund the entire fee and repay the whole fee together with ',
      'may end the residency end the campaign end the guest spot at any ',
      'las recetas y creaciones quedan cedidas las fotografías pasan a ser propiedad no quedan ',
      'for the 3 months of the campaign for the six weeks of the tour during the two years of ',
      'become Redfern Hill Press’s your existing sketches you drew before becomes the ',
      'before the 3 months are up the rent for the remaining months the fees for the remaining weeks ',
      'interessi di mora del 3% al mese posso recedere quando voglio a mia esclusiva vale la legge decide un arbitro decisa ',
      'te laat betaalde bedragen niet tijdig voldane facturen rente te laat ',
      'est responsable répond sans aucune limite y compris sans limitation responsabilité est illimitée sans plafond ',
      'cancellation less than 30 days before the full hire fee is payable within ten days of the whole room charge withdrawal ',
      'cède les droits de reproduction cession des droits d’auteur sont cédés les maquettes deviennent la propriété antérieures ',
      'remboursera l’intégralité de la rémunération perçue, restituera la totalité des honoraires reçus, majorée ainsi qu’une ',
      'Rechte an Übungsprogrammen, Kursunterlagen, Rezepten, Menükarten und gehen nicht auf die Praxis ',
      'neemt geen andere autobedrijven of garages als exclusieve distributeur exclusiviteit geen andere ',
      'may leave the partnership may withdraw from the collective can quit the band leave the premises exit the ',
      'either co-owner may each stallholder shall hold the other each month the other charges either case the ',
      'interessi di mora del 3% mensile 8% annuo 0,1% giornaliero Verzugszinsen 2,5 % monatlich 9 % pro Jahr 2% maandelijks ',
      'non potrà assumere né cercare di assumere i dipendenti nessuna delle parti non stornare i clienti della non ',
    ];
    for (const run of runs) {
      const document = `1. Clause. ${run.repeat(Math.ceil(20_000 / run.length))}`.slice(0, 20_000);
      const cpu = startCpuClock();
      analyzeDocument(document);
      expect(cpu.ms()).toBeLessThan(1_000);
    }
  });
});

describe('analyzeDocument: everything one was paid given back with a sum on top', () => {
  it('reads all the money or sums received paid back with a sum on top ("repay all grant money paid to her, together with an extra £750") as liquidated damages (high), and not a plain refund', () => {
    expect(
      severitiesOf('Grant. Should the Artist abandon the residency before it finishes, she must repay all grant money paid to her, together with an extra £750.'),
    ).toEqual(['penalties:high']);
    expect(severitiesOf('Bursary. A trainee who leaves the course early shall refund all sums received plus a further $1,200.')).toEqual(['penalties:high']);
    expect(severitiesOf('Refunds. If the Festival is called off, the Organiser will return all the money received from ticket holders.')).toEqual([]);
    expect(severitiesOf('Handover. On leaving, the Agent returns all funds held for the Owner and a written statement of account.')).toEqual([]);
  });

  it('reads long runs of all the money paid back in bounded time', () => {
    const runs = [
      'repay all grant money paid to her return all the sponsorship money received refund all sums plus a further ',
      'return all of the all the money all funds held and a written plus an additional sum of ',
    ];
    for (const run of runs) {
      const document = `1. Clause. ${run.repeat(Math.ceil(20_000 / run.length))}`.slice(0, 20_000);
      const cpu = startCpuClock();
      analyzeDocument(document);
      expect(cpu.ms()).toBeLessThan(1_000);
    }
  });
});

describe('analyzeDocument: house rules named as regulations or by-laws, changed by one side', () => {
  it('reads regulations or by-laws the other side must follow and one side may change ("the marina regulations, which the Harbour Master may alter") as a unilateral amendment, and not laws and regulations', () => {
    expect(
      severitiesOf('Berths. The Boat Owner shall obey the marina regulations, which the Harbour Master may alter at any time without notice.'),
    ).toEqual(['unilateral_amendment:high']);
    expect(severitiesOf("Membership. Members follow the Society's by-laws, which the Committee can amend on 14 days' written notice.")).toEqual([
      'unilateral_amendment:medium',
    ]);
    expect(severitiesOf('Conduct. The Association may revise its bylaws by a vote of the general meeting.')).toEqual(['unilateral_amendment:medium']);
    expect(severitiesOf('Compliance. The Supplier may update its processes to meet applicable laws and regulations.')).toEqual([]);
    expect(
      severitiesOf('Compliance. The Contractor shall comply with all laws and regulations, which the Government may change from time to time.'),
    ).toEqual([]);
  });

  it('reads long runs of regulations and by-laws in bounded time', () => {
    const runs = [
      'the marina regulations, which the Harbour Master may alter the rules and regulations, which ',
      'may revise its bylaws may update laws and regulations by-laws, that the Committee can ',
    ];
    for (const run of runs) {
      const document = `1. Clause. ${run.repeat(Math.ceil(20_000 / run.length))}`.slice(0, 20_000);
      const cpu = startCpuClock();
      analyzeDocument(document);
      expect(cpu.ms()).toBeLessThan(1_000);
    }
  });
});

describe('analyzeDocument: changes effective once posted, said without a verb', () => {
  it('reads a change "effective upon posting" or "effective on publication", with no verb before it, as made without notice (high), and a change effective some days after posting as on notice', () => {
    expect(
      severitiesOf('Pricing. The Gym may revise its membership fees from time to time, effective upon posting at the front desk.'),
    ).toEqual(['unilateral_amendment:high']);
    expect(severitiesOf('Guidelines. The Publisher can update the style guidelines, each update effective on its publication online.')).toEqual([
      'unilateral_amendment:high',
    ]);
    expect(severitiesOf('Pricing. The Gym may revise its membership fees, effective 30 days after posting at the front desk.')).toEqual([
      'unilateral_amendment:medium',
    ]);
  });

  it('reads long runs of effective once posted in bounded time', () => {
    const run = 'effective upon posting effective on its publication, effective once effective immediately when they are ';
    const document = `1. Clause. ${run.repeat(Math.ceil(20_000 / run.length))}`.slice(0, 20_000);
    const cpu = startCpuClock();
    analyzeDocument(document);
    expect(cpu.ms()).toBeLessThan(1_000);
  });
});

describe('analyzeLegalDocument, later wording', () => {
  it('reads the whole fee paid back with a share of it on top ("plus 25% of that amount") as liquidated damages (high), not a refund with interest', () => {
    expect(severitiesOf('Withdrawal. If the Band pulls out of the festival, it shall repay the entire booking fee together with 40 per cent of that sum.')).toEqual([
      'penalties:high',
    ]);
    expect(severitiesOf('Early exit. Should the Tenant Farmer leave, he will pay back the full grant amount plus 15% of it.')).toEqual(['penalties:high']);
    expect(severitiesOf('Cancellation. If we cancel the shoot, we will refund the full fee plus 5% interest.')).toEqual([]);
    expect(severitiesOf('Refunds. We refund the full fee; 20% of refunds are processed within a week.')).toEqual([]);
  });

  it('reads a cap said "in no event" in Italian or Spanish ("in nessun caso … potrà superare", "en ningún caso … excederá") as a limit of liability', () => {
    const priced = (liability: string) =>
      analyzeDocument(`1. Servizio. Il Fornitore cura la manutenzione del giardino.\n2. Prezzo. Il Cliente paga € 900 all’anno.\n3. Limiti. ${liability}`).risks.map(
        (risk) => risk.id,
      );
    expect(priced('In nessun caso il Fornitore risponderà per somme superiori al prezzo di un anno.')).not.toContain('missing_liability_cap');
    expect(priced('In nessun caso la responsabilità del Fornitore potrà eccedere il prezzo annuo.')).not.toContain('missing_liability_cap');
    expect(priced('En ningún caso la responsabilidad del Proveedor excederá el precio pagado.')).not.toContain('missing_liability_cap');
    expect(priced('In nessun caso il Cliente potrà cedere il contratto a terzi.')).toContain('missing_liability_cap');
  });

  it('reads holding the other side harmless in Italian ("manleva", "terrà indenne") as an indemnity, low when each side gives it', () => {
    expect(severitiesOf('Garanzie. L’Autore manleva l’Editore dalle richieste di risarcimento di terzi relative ai testi.')).toEqual(['broad_indemnification:medium']);
    expect(severitiesOf('Danni. Il Noleggiatore terrà indenne la Società da ogni pretesa di terzi legata all’uso del furgone.')).toEqual([
      'broad_indemnification:medium',
    ]);
    expect(severitiesOf('Reciprocità. Ciascuna delle parti manleva l’altra dalle pretese di terzi causate da propria colpa.')).toEqual(['broad_indemnification:low']);
    expect(severitiesOf('Garanzie. Il Fornitore non presta alcuna manleva al Cliente.')).toEqual([]);
    expect(severitiesOf('Consegna. La merce deve arrivare indenne al magazzino.')).toEqual([]);
  });

  it('reads the French rent or fees of the rest of the term owed on leaving early ("les loyers restant à courir … resteront dus") as liquidated damages (high)', () => {
    expect(
      severitiesOf('Sortie. Si le Locataire quitte le local avant le terme du bail, les redevances restant à échoir jusqu’au terme seront dues au Propriétaire.'),
    ).toEqual(['penalties:high']);
    expect(severitiesOf('Congé. En cas de résiliation anticipée par l’Exposant, les mensualités restant à courir demeurent exigibles.')).toEqual([
      'penalties:high',
    ]);
    expect(severitiesOf('Congé. Si le Locataire part avant la fin du bail, aucun loyer restant à courir ne sera dû.')).toEqual([]);
    expect(severitiesOf('Loyer. Les loyers restant à courir sont payables le premier de chaque mois.')).toEqual([]);
  });

  it('reads French terms named before the right to change them ("le règlement intérieur, que le Bailleur peut modifier") as a unilateral amendment', () => {
    expect(severitiesOf('Usage. Le Membre respecte le règlement du club, que le Club peut modifier à tout moment sans préavis.')).toEqual(['unilateral_amendment:high']);
    expect(severitiesOf('Prix. Les tarifs en vigueur, que le Prestataire pourra réviser chaque année, figurent en annexe.')).toEqual(['unilateral_amendment:medium']);
    expect(severitiesOf('Usage. Le Membre respecte le règlement du club, que le Club lui remet à l’inscription.')).toEqual([]);
    expect(severitiesOf('Prix. Les tarifs, que les deux parties peuvent modifier d’un commun accord, figurent en annexe.')).toEqual([]);
  });

  it('reads Dutch secrecy kept with no end ("zonder beperking in tijd", "onbeperkt in tijd") as perpetual confidentiality', () => {
    expect(severitiesOf('Vertrouwelijkheid. De stagiair houdt alle bedrijfsgegevens geheim, onbeperkt in tijd.')).toEqual(['perpetual_confidentiality:medium']);
    expect(severitiesOf('Looptijd. De huurovereenkomst is aangegaan voor onbepaalde tijd.')).toEqual([]);
  });

  it('reads Dutch rights in works said to be passed over ("worden overgedragen aan", "draagt … over aan") as an IP assignment', () => {
    expect(severitiesOf('Auteursrecht. Het auteursrecht op de ontwerpen die de ontwerper voor de opdrachtgever maakt, wordt overgedragen aan de opdrachtgever.')).toEqual([
      'ip_assignment:medium',
    ]);
    expect(severitiesOf('Auteursrecht. Het auteursrecht op de ontwerpen wordt niet overgedragen.')).toEqual([]);
  });

  it('reads a Dutch "concurrentiebeding", or being forbidden to work within a radius, as a non-compete, high past the term', () => {
    expect(severitiesOf('Concurrentie. Na afloop van het dienstverband geldt een concurrentiebeding van één jaar voor bakkerijen in Zwolle.')).toEqual(['non_compete:high']);
    expect(severitiesOf('Concurrentie. Tot twee jaar na het einde van de overeenkomst is het de kapper verboden in een andere salon te werken binnen 10 km.')).toEqual([
      'non_compete:high',
    ]);
    expect(severitiesOf('Parkeren. Het is verboden te parkeren binnen 10 km van de haven.')).toEqual([]);
    expect(severitiesOf('Concurrentie. Er geldt geen concurrentiebeding.')).toEqual([]);
  });

  it('reads a Dutch "relatiebeding", or not approaching the other side’s customers or staff, as non-solicitation', () => {
    expect(severitiesOf('Klanten. Tot een jaar na het einde van de opdracht zal de adviseur geen relaties van het bureau benaderen voor eigen opdrachten.')).toEqual([
      'non_solicitation:medium',
    ]);
    expect(severitiesOf('Klanten. Voor de stylist geldt een relatiebeding van zes maanden.')).toEqual(['non_solicitation:medium']);
    expect(severitiesOf('Klanten. De adviseur mag zelf klanten benaderen voor de winkel.')).toEqual([]);
  });

  it('reads long runs of the later wording in bounded time', () => {
    const runs = [
      'repay the entire booking fee together with 40 per cent of refund the full fee plus 25% plus 15% of ',
      'in nessun caso la responsabilità en ningún caso superiori al in nessun caso risponderà eccedere ',
      'manleva e tiene indenne terrà indenne tenere il la Società non presta alcuna manleva indenne ',
      'avant le terme les loyers restant à courir les redevances restant à échoir jusqu’au terme seront dues départ anticipé ',
      'le règlement du club, que le Club peut les tarifs en vigueur, que le Prestataire pourra que ',
      'geheimhouding onbeperkt in tijd zonder beperking in tijd geheim vertrouwelijk voor onbepaalde ',
      'rechten op werken die worden overgedragen het auteursrecht wordt draagt alle rechten over ',
      'geen concurrentiebeding verboden werkzaam te zijn bij binnen 25 kilometer werken niet ',
      'geen relatiebeding zal geen klanten van de werkgever relaties van het bureau niet benaderen ',
    ];
    for (const run of runs) {
      const document = `1. Clause. ${run.repeat(Math.ceil(20_000 / run.length))}`.slice(0, 20_000);
      const cpu = startCpuClock();
      analyzeDocument(document);
      expect(cpu.ms()).toBeLessThan(1_000);
    }
  });
});
