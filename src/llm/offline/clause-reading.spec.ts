import { materialReading, personalCheckOf, readsAsContract, readsAsReceipt, thingOfScene } from './clause-reading.js';
import { parseReceipt } from '../../assistant/tools/extract-receipt-data.tool.js';

describe('personalCheckOf', () => {
  it.each([
    ["I need to see the email before it's sent", { handOff: 'send' }],
    ['let me pick one', {}],
    ['My manager has to sign off before anything goes out', { handOff: 'publish' }],
    ['I want to review it before it is posted', { handOff: 'publish' }],
    ['Let me approve the thumbnails', {}],
    ['Dana has to approve it', {}],
    ['Priya needs to see the caption before it goes out', { handOff: 'publish' }],
    // Any subject deciding by a verb of signing off: a body, a role, a name in lower case.
    ['The board must approve the press release first', {}],
    ['marketing needs to sign off on the banner', {}],
    ['omar has to OK the thread before it goes up', { handOff: 'publish' }],
    ["Nothing goes out until I've signed off on the banner", { handOff: 'publish' }],
    ['No email is sent before my manager has approved it', { handOff: 'send' }],
    ['Margaret who chairs the hall committee has to okay the wording before it goes up', { handOff: 'publish' }],
  ])('reads "%s" as a person deciding on the output', (clause, check) => {
    expect(personalCheckOf(clause)).toEqual(check);
  });

  it.each(['Tell me which clauses are risky', 'Write a post about our launch', 'Dana wants a post about the launch', 'pick the best one of the photos and make a banner from it', 'Draft three tweets', 'The post should look friendly', 'The thread needs to go out on Monday', 'Nothing goes out until Friday'])(
    'reads "%s" as work, not as a check',
    (clause) => {
      expect(personalCheckOf(clause)).toBeUndefined();
    },
  );

  it('reads a long clause in linear time', () => {
    const clause = `let me ${'pick '.repeat(20_000)}`;
    const started = performance.now();
    personalCheckOf(clause);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('readsAsContract', () => {
  it('reads pasted terms as a contract without the word, and notes or a receipt as none', () => {
    expect(readsAsContract(['The client can end this deal whenever they like.', 'The shop pays invoices within 30 days.'])).toBe(true);
    expect(readsAsContract(['We agreed to ship on Friday.', 'Two engineers start next month.'])).toBe(false);
    expect(readsAsContract(['Oat milk 2.40', 'Bread 3.10', 'Total 5.50'])).toBe(false);
    // Hire terms name their own parties and charges.
    expect(readsAsContract(['The Hirer returns the van clean or is charged for valeting.', 'Damage beyond fair wear is repaired at the Hirer’s cost.', 'The deposit will be refunded within 7 days.'])).toBe(true);
    // Terms in plain English, with no party named as such.
    expect(readsAsContract(["- You'll mow the lawns for £25 a week.", "- You won't poach any of our subcontractors for a year.", "- There's no limit on what you'd owe us if a mower breaks."])).toBe(true);
    // Terms the ask says are to be signed, in everyday words.
    const cleaning = ['1. You will clean the office every weekday evening for £90 a week.', '2. We can end this whenever we want.'];
    expect(readsAsContract(cleaning, 'Check this before I sign please')).toBe(true);
    expect(readsAsContract(cleaning)).toBe(false);
    // Terms in another language, by the parties and duties they name; prose in it names none.
    expect(readsAsContract(['Le Prestataire s\'engage à garder confidentielles les informations du Client.', 'La résiliation exige un préavis de 30 jours.'])).toBe(true);
    expect(readsAsContract(['Der Mieter verpflichtet sich, die Wohnung sauber zu halten.', 'Die Haftung des Vermieters ist ausgeschlossen.'])).toBe(true);
    expect(readsAsContract(['Wir eröffnen am Samstag die neue Filiale.', 'Es gibt Kaffee und Kuchen für alle.'])).toBe(false);
    // Québec French terms: an "entente" between a "Partie" and another, with their undertakings.
    expect(readsAsContract(["La Partie réceptrice s’engage à protéger les informations.", "L'entente est régie par les lois du Québec."])).toBe(true);
    // Duties in the future tense, as Spanish terms state them.
    expect(readsAsContract(['El arrendatario abonará la renta el día 5 de cada mes.', 'El arrendador entregará las llaves el 1 de junio.'])).toBe(true);
    // Duties in the present tense, as French terms state them, under a title that names no party.
    expect(readsAsContract(['CONVENTION DE SERVICES', "1. Le Consultant s'interdit de démarcher les clients de la Société.", '2. La convention se renouvelle chaque année.'])).toBe(true);
  });

  it('reads the terms of a job offer as a contract by the words of employment, and news of a new job or notes for a job advert as none', () => {
    const offer = [
      'Dear Priya, we are delighted to offer you the post of Senior Nurse at Harbourside Clinic.',
      '- Salary: £41,500 a year, paid monthly',
      '- Probation: six months, during which either side can end your employment with one week’s notice',
      '- Any training course we fund must be repaid if you leave within a year',
    ];
    expect(readsAsContract(offer)).toBe(true);
    expect(readsAsContract(['Started the new job on Monday and the team is lovely.', 'My salary goes up once probation is over, which is nice.'])).toBe(false);
    // Notes for a job advert to be written speak of pay too, and bind no one yet.
    expect(readsAsContract(['Hiring a line cook for the café: wage £14 an hour plus tips.', 'Salary reviews every six months, staff meals included.', 'Candidates must have two years in a busy kitchen.'])).toBe(false);
  });
});

describe('materialReading', () => {
  it('reads a receipt first, then a contract, among the analyses offered', () => {
    const receipt = ['Oat milk 2.40', 'Bread 3.10', 'Total 5.50'];
    const terms = ['The client can end this deal whenever they like.', 'The shop pays invoices within 30 days.'];
    expect(materialReading('Can you check these?', receipt)).toBe('extract_receipt_data');
    expect(materialReading('Can you check these?', terms)).toBe('analyze_legal_document');
    expect(materialReading('Can you check these?', receipt, ['analyze_legal_document'])).toBeUndefined();
    expect(materialReading('Can you check these?', ['We met on Friday.', 'Two engineers start next month.'])).toBeUndefined();
  });

  it('reads a receipt pasted with no request line, its first line the shop, by a total in its own language', () => {
    const receipt = ['Org.nr 559911-2233', '', 'Sill 45,00', 'Lax 129,00', '', 'SUMMA SEK 174,00', 'Varav moms 12% 18,64'];
    expect(materialReading('Fiskeboden Hamnen AB', receipt)).toBe('extract_receipt_data');
  });
});

describe('readsAsReceipt', () => {
  it('reads lines of amounts under a total in any language, or under a request about spending, as a receipt', () => {
    expect(readsAsReceipt('Need this for my travel claim', ['Need this for my travel claim', 'Ticket Bonn 19,90 €', 'Seat 4,50 €'])).toBe(true);
    expect(readsAsReceipt('Can you log this?', ['Can you log this?', 'Brot 3,20 €', 'Käse 5,10 €', 'Summe 8,30 €'])).toBe(true);
    expect(readsAsReceipt('Log this', ['Log this', 'Mug £12.00', 'Towel £22.00', 'Order total £34.00'])).toBe(true);
    expect(readsAsReceipt('from the konbini', ['from the konbini', 'おにぎり ¥160', '緑茶 ¥140', '合計 ¥300'])).toBe(true);
    expect(readsAsReceipt('What do you think of these prices?', ['What do you think of these prices?', 'Basic plan 9.00', 'Pro plan 19.00'])).toBe(false);
  });

  it('reads as a receipt under every total word the receipt parser states a total by', () => {
    for (const label of ['SUMMA SEK', 'Suma PLN', 'Razem', 'Celkem', 'Yhteensä', 'Összesen', 'TOPLAM', 'Итого', 'Gesamtsumme', '합계', 'Subtotal', 'Amount paid']) {
      const lines = ['Corner shop', 'Bread 2,00', 'Milk 1,50', `${label} 3,50`];
      expect(readsAsReceipt(lines[0], lines)).toBe(true);
      // The parser reads the same line as a sum, not an item: the two read one list and cannot drift apart.
      const receipt = parseReceipt(lines.join('\n'));
      expect(receipt.items).toHaveLength(2);
    }
  });

  it('reads amounts in whole won or yen, and amounts followed by a VAT class, as amounts', () => {
    expect(readsAsReceipt('이거 정리 부탁해', ['이거 정리 부탁해', '김밥 3,500', '라면 4,500', '합계 8,000'])).toBe(true);
    expect(readsAsReceipt('Sklep Jasia', ['Sklep Jasia', 'Chleb 4,99A', 'Masło 7,49 B', 'Razem 12,48'])).toBe(true);
    expect(readsAsReceipt('Which plan?', ['Which plan?', 'Basic plan 9,000', 'Pro plan 19,000'])).toBe(false);
  });
});

describe('personalCheckOf: showing an output to a person', () => {
  it('reads "run the post by me" and "show it to my boss" as a check, and "run the numbers" as none', () => {
    expect(personalCheckOf('run the post by me before it goes out')).toEqual({ handOff: 'publish' });
    expect(personalCheckOf('show it to my boss first')).toEqual({});
    expect(personalCheckOf('run the numbers for March')).toBeUndefined();
    expect(personalCheckOf('Show me the invite first')).toEqual({});
    expect(personalCheckOf('show me three ideas for a post')).toBeUndefined();
  });
});

describe('personalCheckOf: an output held back until a person decides', () => {
  it.each([
    ["and don't post anything until I approve it", { handOff: 'publish' }],
    ['do not send the newsletter before my editor has read it', { handOff: 'send' }],
    ['never publish it till the client signs off', { handOff: 'publish' }],
    ['but keep it as a draft until my manager has looked at it', {}],
    ['hold the reply until we have seen the numbers and approved it', {}],
    ['confirm with me before it goes out', { handOff: 'publish' }],
    ['clear it with our lawyer before sending', { handOff: 'send' }],
  ])('reads "%s" as a check before the output leaves', (clause, check) => {
    expect(personalCheckOf(clause)).toEqual(check);
  });

  it.each(["don't post anything until Friday", 'keep it under 200 words', 'hold a webinar about pricing', 'do not mention the price', 'check the contract with the template before signing'])(
    'reads "%s" as no check',
    (clause) => {
      expect(personalCheckOf(clause)).toBeUndefined();
    },
  );
});

describe('thingOfScene', () => {
  it.each([
    ['Our choir is holding a winter concert on 12 December', 'a winter concert'],
    ['I run a mobile knife-sharpening van', 'my mobile knife-sharpening van'],
    ['We are launching the spring menu', 'the spring menu'],
    ['Harvest starts next week', undefined],
    ['We are opening two new climbing walls in March', 'two new climbing walls'],
    ['Our team finally finished the renovation', 'the renovation'],
    ['This weekend we start selling handmade candles at the market', 'handmade candles'],
    ["We're going to open a second bakery", 'our second bakery'],
    ['Our winter open studio is on 7 December', 'our winter open studio'],
    ['The spring plant sale was a huge success', 'the spring plant sale'],
  ])('reads "%s" as about %s', (sentence, thing) => {
    expect(thingOfScene(sentence)).toBe(thing);
  });
});
