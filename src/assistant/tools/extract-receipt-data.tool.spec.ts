import { buildPdf } from '../../../test/helpers/pdf.js';
import { type Attachment, type ToolServices, ToolInputError } from './asset-tool.js';
import { detectCurrency, extractReceiptData, extractReceiptDataTool, parseAmount, parseReceipt } from './extract-receipt-data.tool.js';
import { startCpuClock } from '../../../test/helpers/cpu-clock.js';

/** The merchant read from a receipt under the given first lines. */
const merchant = (head: string) => parseReceipt(`${head}\nLatte 4.50\nTotal 4.50`).merchant;

/**
 * Each run repeated to 100 KB and read in the receipts built around it (and by detectCurrency, unless told not to), within a
 * second of CPU per run: a pattern that rescans from each character of a run takes minutes.
 */
function expectLinearOn(runs: string[], receiptsOf: (text: string) => string[], readCurrency = true): void {
  for (const run of runs) {
    const text = run.repeat(Math.ceil(100_000 / run.length)).slice(0, 100_000);
    const cpu = startCpuClock();
    if (readCurrency) detectCurrency(text);
    for (const receipt of receiptsOf(text)) expect(() => parseReceipt(receipt)).not.toThrow();
    expect(cpu.ms()).toBeLessThan(1_000);
  }
}

function services(attachments: Attachment[] = [], readImageText?: ToolServices['readImageText']): ToolServices {
  return { attachments, storeImage: () => Promise.reject(new Error('not used')), readImageText };
}

const run = (text: string | undefined, attachments: Attachment[] = [], reader?: ToolServices['readImageText']) =>
  extractReceiptData(extractReceiptDataTool.inputSchema.parse({ text }), services(attachments, reader));

describe('parseReceipt', () => {
  it('reads merchant, date, quantities, subtotal, tax, tip and the stated total', () => {
    const receipt = parseReceipt(
      [
        'Blue Bottle Coffee',
        '123 Market St',
        '2024-03-12 08:41',
        '2 x Latte 9.00',
        'Croissant 3.25',
        '3 Cookie @ 1.50',
        'Subtotal 16.75',
        'Tax 1.34',
        'Tip 3.00',
        'TOTAL $21.09',
        'Visa ****1234 21.09',
      ].join('\n'),
    );
    expect(receipt).toMatchObject({ merchant: 'Blue Bottle Coffee', date: '2024-03-12', currency: 'USD', subtotal: 16.75, tax: 1.34 });
    expect(receipt).toMatchObject({ tip: 3, total: 21.09, totalStated: true });
    expect(receipt.items).toEqual([
      { name: 'Latte', quantity: 2, unitPrice: 4.5, amount: 9 },
      { name: 'Croissant', quantity: 1, unitPrice: 3.25, amount: 3.25 },
      { name: 'Cookie', quantity: 3, unitPrice: 1.5, amount: 4.5 },
    ]);
  });

  it('sums the items when there is no total line', () => {
    const receipt = parseReceipt('Corner Deli\nBagel 2.50\nCoffee x2 5.00\nOrange juice 3.75');
    expect(receipt).toMatchObject({ total: 11.25, totalStated: false, currency: 'USD' });
    expect(receipt.items[1]).toEqual({ name: 'Coffee', quantity: 2, unitPrice: 2.5, amount: 5 });
  });

  it('reads EUR receipts with comma decimals, thousands separators and included VAT', () => {
    const receipt = parseReceipt(
      'Café Zürich ☕\n12.03.2024\n1 Espresso 2,80 €\n2 Croissant @ 1,90\nMaschine Miete 1.234,56\nSumme 1.241,16 EUR\nMwSt 19% enthalten 198,17',
    );
    expect(receipt).toMatchObject({ merchant: 'Café Zürich ☕', date: '12.03.2024', currency: 'EUR', total: 1241.16, tax: 198.17 });
    expect(receipt.items.map((item) => item.amount)).toEqual([2.8, 3.8, 1234.56]);
  });

  it('does not add VAT that is already included when computing a total', () => {
    expect(parseReceipt('Brot 3,50 €\nKäse 8,40 €\nMwSt 7% inkl. 0,78').total).toBe(11.9);
  });

  it('uses the unit-price reading of "2 x Coffee 3.50" only when the totals say so', () => {
    const coffee = { name: 'Coffee', quantity: 2, unitPrice: 3.5, amount: 7 };
    expect(parseReceipt('2 x Coffee 3.50\nMuffin 3.00\nTotal 10.00').items[0]).toEqual(coffee);
    expect(parseReceipt('2 x Coffee 7.00\nTotal 7.00').items[0]).toEqual(coffee);
  });

  it('splits a receipt pasted on one line after a request', () => {
    const receipt = parseReceipt("Here's my receipt from Joe's Cafe: 2 x Latte 9.00, Muffin 3.00, Discount -1.00, Total 11.00");
    expect(receipt).toMatchObject({ merchant: "Joe's Cafe", total: 11, discount: 1 });
    expect(receipt.items.map((item) => item.name)).toEqual(['Latte', 'Muffin']);
  });

  it('reads tills that print the name after the price', () => {
    const receipt = parseReceipt(
      'WHOLE FOODS MARKET\n03/14/2025 5:42 PM\nBANANAS 2.49\n2 @ 3.99 AVOCADO\nSUBTOTAL 10.47\nTAX 0.52\nTOTAL 10.99\nCHANGE 0.00',
    );
    expect(receipt).toMatchObject({ merchant: 'WHOLE FOODS MARKET', date: '03/14/2025', subtotal: 10.47, tax: 0.52, total: 10.99 });
    expect(receipt.items[1]).toEqual({ name: 'AVOCADO', quantity: 2, unitPrice: 3.99, amount: 7.98 });
  });

  it('reads "x" before a price as its unit price, as "@" is: "2 nights x $129.00 $258.00"', () => {
    const items = parseReceipt('Hotel Lumen\n2 nights x $129.00 $258.00\nRoom service × 2 × 12.50 25.00\nBox 12.00\nTotal $295.00').items;
    expect(items).toEqual([
      { name: 'nights', quantity: 2, unitPrice: 129, amount: 258 },
      { name: 'Room service', quantity: 2, unitPrice: 12.5, amount: 25 },
      { name: 'Box', quantity: 1, unitPrice: 12, amount: 12 },
    ]);
  });

  it('pairs a name line with a price on the next line', () => {
    const items = parseReceipt('Shop\nLarge pizza\n14.00\nTotal 14.00').items;
    expect(items).toEqual([{ name: 'Large pizza', quantity: 1, unitPrice: 14, amount: 14 }]);
  });

  it('reads whole-yen prices', () => {
    const receipt = parseReceipt('ラーメン一蘭\nラーメン ¥980\n2 Gyoza 1,000\n合計 ¥1,980\nTotal ¥1,980');
    expect(receipt).toMatchObject({ currency: 'JPY', total: 1980 });
    expect(receipt.items.map((item) => item.amount)).toEqual([980, 1000]);
  });

  it('takes the merchant from the receipt, not from the lines the user wrote about it', () => {
    for (const request of ['Here is my receipt, please summarise it', 'receipt from Tokyo trip', 'Beleg / receipt', 'Tim Hortons receipt:']) {
      expect(parseReceipt(`${request}\nCorner Cafe\nLatte 4.50\nTotal 4.50`).merchant).toBe('Corner Cafe');
    }
    expect(parseReceipt('Summarize this receipt: Pret A Manger, Latte £3.20, Chicken wrap £5.45, Total £8.65')).toMatchObject({
      merchant: 'Pret A Manger',
      currency: 'GBP',
      total: 8.65,
      items: [{ name: 'Latte' }, { name: 'Chicken wrap' }],
    });
  });

  it('takes the merchant from an e-mail header or greeting, not from a question to us, and drops a marked store number', () => {
    expect(merchant('Is this right? They billed me twice I think\nCorner Cafe')).toBe('Corner Cafe');
    expect(merchant('From: Harbour Books\nSubject: Your receipt')).toBe('Harbour Books');
    expect(merchant('Thank you for your purchase at Harbour Books!')).toBe('Harbour Books');
    expect(merchant('Merci pour votre commande chez Librairie Mollat')).toBe('Librairie Mollat');
    expect(merchant('CVS Pharmacy #2231')).toBe('CVS Pharmacy');
    expect(merchant('Shell Station 4471')).toBe('Shell Station 4471');
  });

  it('reads receipts printed in columns, with measured quantities and lines below the total', () => {
    const columns = parseReceipt(
      ['Kiosk Nord', '2024/06/01 09:12  Reg 3', 'Item            Qty    Amount', 'Espresso          2      5.00', 'Mug 350ml   Qty: 1   12.00', 'Delivery   0.00', 'Total   17.00', 'Paid with Suica   17.00', 'Balance due   0.00'].join('\n'),
    );
    expect(columns.items.map((item) => [item.name, item.quantity, item.amount])).toEqual([['Espresso', 2, 5], ['Mug 350ml', 1, 12]]);
    expect(columns).toMatchObject({ date: '2024/06/01', total: 17, totalMismatch: undefined });
    const fuel = parseReceipt(['Fuel Stop', 'Diesel 40.00L @ 1.80/L $72.00', 'Distance 12.5 km', 'Total $72.00', 'Includes GST $6.55'].join('\n'));
    expect(fuel.items.map((item) => item.name)).toEqual(['Diesel 40.00L']);
    expect(fuel).toMatchObject({ total: 72, totalMismatch: undefined });
    const india = parseReceipt(['Chai Point', 'Masala chai 1 120.00', 'CGST @2.5% 3.00', 'SGST @2.5% 3.00', 'Grand Total ₹126.00'].join('\n'));
    expect(india).toMatchObject({ tax: 6, total: 126, totalMismatch: undefined });
    expect(india.items).toHaveLength(1);
  });

  it('reads what was paid: a split with its tip, money taken off under any name, a total stated before the lines', () => {
    const split = parseReceipt(['Harbour Grill', 'Fish tacos 18.00', 'Lemonade 4.00', 'Total 22.00', 'Your share 11.00', 'Tip 2.00', 'Amount paid 13.00'].join('\n'));
    expect(split).toMatchObject({ total: 13, tip: 2, totalMismatch: undefined });
    expect(split.items).toHaveLength(2);
    const loyalty = parseReceipt(['Bean There', 'Mocha £3.80', 'Scone £2.60', 'Stamp card - 10th drink free -£3.80', 'TOTAL £2.60'].join('\n'));
    expect(loyalty).toMatchObject({ discount: 3.8, total: 2.6, totalMismatch: undefined });
    const email = parseReceipt(
      ['From: hello@quickcab.co.za', 'Subject: Your QuickCab trip', 'Total R 95.00', 'Trip fare R 80.00', 'Tip R 15.00', 'Total R 95.00', 'Paid with card •••• 1234'].join('\n'),
    );
    expect(email).toMatchObject({ merchant: 'QuickCab', currency: 'ZAR', total: 95, tip: 15, totalMismatch: undefined });
    expect(email.items.map((item) => item.name)).toEqual(['Trip fare']);
    const gift = parseReceipt(['Bloom & Co', '1 x Tulips 20,00 €', '1 x Greeting card 3,00 €', 'Summe 23,00 €', 'enthaltene MwSt. 7 % 1,50 €'].join('\n'));
    expect(gift).toMatchObject({ total: 23, totalMismatch: undefined });
    expect(gift.items.map((item) => item.name)).toEqual(['Tulips', 'Greeting card']);
    expect(parseReceipt(['MONOPRIX', 'PAIN 1,20', 'BEURRE 2,80', 'TOTAL TTC 4,00 EUR', 'dont TVA 5,5% 0,21'].join('\n'))).toMatchObject({ total: 4, totalMismatch: undefined });
    expect(parseReceipt(['Lawson', 'おにぎり ¥150', 'お茶 ¥130', '(内消費税等 8% ¥20)', '合計 ¥280'].join('\n'))).toMatchObject({ total: 280, totalMismatch: undefined });
  });

  it('reads currencies from symbols, codes and decimals, including whole-unit currencies', () => {
    expect(parseReceipt('Ramen Ichiban\nShoyu ramen 980\nGyoza 450\nTotal JPY 1430')).toMatchObject({ currency: 'JPY', total: 1430 });
    expect(parseReceipt('Din Tai Fung\nXiaolongbao CN¥68\nFried rice CN¥48\nTotal CN¥116')).toMatchObject({ currency: 'CNY', total: 116 });
    expect(parseReceipt('Bäckerei\nBrezel 1,20\nKaffee 2,80\nSumme 4,00')).toMatchObject({ currency: 'EUR', currencyStated: false, total: 4 });
    expect(parseReceipt('IKEA\nKallax 549,00\nMeatballs 89,00\nTotalt SEK 638,00')).toMatchObject({ currency: 'SEK', total: 638 });
  });

  it('keeps tax, tip, service charge and discount lines apart from the items', () => {
    const receipt = parseReceipt(
      ['Ace Hardware', 'Hammer 15.99', 'Oil change 6.49', 'Discount -3.00', 'Sales tax 2.37', 'Service charge 1.00', 'Tip 2.00', 'Total 24.84'].join('\n'),
    );
    expect(receipt.items.map((item) => item.name)).toEqual(['Hammer', 'Oil change']);
    expect(receipt).toMatchObject({ discount: 3, tax: 2.37, tip: 3, total: 24.84, totalMismatch: undefined });
  });

  it('flags a stated total that the items do not add up to, keeping the stated one', async () => {
    const receipt = parseReceipt('Quick Mart\nChips 2.50\nSoda 1.75\nTotal 5.00');
    expect(receipt).toMatchObject({ total: 5, totalMismatch: { stated: 5, computed: 4.25 } });
    const draft = await run('Quick Mart\nChips 2.50\nSoda 1.75\nTotal 5.00');
    expect(draft.metadata).toEqual({ total: 5, currency: 'USD', itemCount: 2, totalMismatch: { stated: 5, computed: 4.25 } });
    expect(draft.content).toContain('**Check the total:** the receipt says 5.00, but its items, discount, tax and tip add up to 4.25.');
    expect(draft.content).toContain('**Currency:** USD (not printed; assumed)');
  });

  it('rejects empty and garbage text', () => {
    const message = 'No receipt lines found: paste the receipt text with one item and its price per line, or attach it as a PDF.';
    expect(() => parseReceipt('')).toThrow(new ToolInputError(message));
    expect(() => parseReceipt('hello world, how are you 123?')).toThrow(/No receipt lines found/);
  });

  it('reads VAT contained in the prices as included, and money handed over and back as payment, in several languages', () => {
    const bakery = parseReceipt(
      ['Konditorei Huber', 'Marienplatz 3, 5020 Salzburg', '2 x Krapfen     je 1,60     3,20', '1 x Melange               3,90', 'Summe EUR   7,10', 'enth. USt 10%   0,65', 'Gegeben   10,00', 'Rückgeld   2,90'].join('\n'),
    );
    expect(bakery).toMatchObject({ total: 7.1, tax: 0.65, totalMismatch: undefined });
    expect(bakery.items).toEqual([
      { name: 'Krapfen', quantity: 2, unitPrice: 1.6, amount: 3.2 },
      { name: 'Melange', quantity: 1, unitPrice: 3.9, amount: 3.9 },
    ]);
    const cafe = parseReceipt(['Cafetería Lumbre', 'Café con leche 1,80', 'Tostada 2,50', 'Total 4,30', 'IVA incluido 10% 0,39', 'Efectivo 5,00', 'Cambio 0,70'].join('\n'));
    expect(cafe).toMatchObject({ total: 4.3, tax: 0.39, totalMismatch: undefined });
    expect(parseReceipt(['ICA Nära', 'Mjölk 15,90', 'Bröd 32,00', 'Totalt 47,90', 'varav moms 12% 5,13'].join('\n'))).toMatchObject({ totalMismatch: undefined });
    // No total printed: what was handed over and back must not be read as items.
    const noTotal = parseReceipt(['Kiosk am Markt', 'Zeitung 2,50', 'Wasser 1,50', 'Zwischensumme 4,00', 'Gegeben BAR 5,00', 'Rückgeld 1,00'].join('\n'));
    expect(noTotal.items.map((item) => item.name)).toEqual(['Zeitung', 'Wasser']);
    expect(parseReceipt(['Buvette', 'Crêpe 4,00', 'Espèces 5,00', 'Monnaie 1,00'].join('\n')).items).toHaveLength(1);
    expect(parseReceipt('Brot 2,00\nSumme 2,00\nenth. MwSt 7% 0,13')).toMatchObject({ total: 2, totalMismatch: undefined });
  });

  it('reads Chinese, Japanese and Korean subtotals, included tax, tendered, change, addresses, phones and dates', () => {
    const konbini = parseReceipt(
      ['ファミリーマート', '新宿西口店', '東京都新宿区西新宿1-5-3', 'TEL 03-5321-7788', '電話:03-5321-7788', '2024年6月1日(土) 19:40', 'からあげクン ¥238', 'ほうじ茶 ¥150', '小計 ¥388', '(内税 8% ¥28)', '合計 ¥388', 'お預かり ¥500', 'お釣 ¥112'].join('\n'),
    );
    expect(konbini).toMatchObject({ merchant: 'ファミリーマート', date: '2024年6月1日', currency: 'JPY', total: 388, tax: 28, totalMismatch: undefined });
    expect(konbini.items.map((item) => item.name)).toEqual(['からあげクン', 'ほうじ茶']);
    const cafe = parseReceipt(['이디야커피', '2024년 3월 2일', '아메리카노 3,200', '바닐라라떼 4,000', '합계 7,200', '부가세 포함 654', '받은금액 10,000', '거스름돈 2,800'].join('\n'));
    expect(cafe).toMatchObject({ currency: 'KRW', total: 7200, tax: 654, totalMismatch: undefined });
    expect(cafe.items).toHaveLength(2);
    const teahouse = parseReceipt(['喜茶', '多肉葡萄 29.00元', '芝芝莓莓 31.00元', '小计 60.00元', '服务费 3.00元', '应付 63.00元', '实收 100.00元', '找零 37.00元'].join('\n'));
    expect(teahouse).toMatchObject({ currency: 'CNY', total: 63, tip: 3, totalMismatch: undefined });
    expect(teahouse.items).toHaveLength(2);
    expect(parseReceipt('ローソン\n東京都港区芝5-1\nおにぎり ¥150\n合計 ¥150')).toMatchObject({ total: 150, items: [{ name: 'おにぎり' }] });
  });

  it('takes the merchant from the sender of a forwarded e-mail, not from the mail client\'s lines', () => {
    const uber = parseReceipt(
      ['-----Original Message-----', 'From: Uber Receipts <uber.us@uber.com>', 'Sent: Tuesday, July 2, 2024 6:14 PM', 'To: dave@example.com', 'Subject: Your Tuesday evening trip', '', 'Trip fare $18.20', 'Booking fee $2.50', 'Total $20.70'].join('\n'),
    );
    expect(uber).toMatchObject({ merchant: 'Uber', total: 20.7, totalMismatch: undefined });
    expect(merchant('Begin forwarded message:\n\nFrom: "Apple" <no_reply@email.apple.com>\nDate: 3 July 2024')).toBe('Apple');
    expect(merchant('---------- Weitergeleitete Nachricht ---------\nVon: Thalia Kundenservice <service@thalia.de>\nBetreff: Ihre Bestellung')).toBe('Thalia');
    expect(merchant('---------- Forwarded message ---------\nSubject: Your order\n\nBlue Apron')).toBe('Blue Apron');
    expect(merchant('Begin forwarded message:\nCorner Cafe')).toBe('Corner Cafe');
  });

  it('reads abbreviated service charges as service charges, not items', () => {
    const bistro = parseReceipt(['Nasi Lemak House', 'Nasi lemak 8.90', 'Teh ais 2.50', 'Serv. Charge 10% 1.14', 'SST 6% 0.75', 'Total 13.29'].join('\n'));
    expect(bistro.items.map((item) => item.name)).toEqual(['Nasi lemak', 'Teh ais']);
    expect(bistro).toMatchObject({ tip: 1.14, total: 13.29 });
    for (const label of ['S/C', 'SVC CHG', 'Srv Chrg', 'Service 12.5%', 'サービス料']) {
      expect(parseReceipt(`Dim Sum House\nHar gow 6.80\nSiu mai 6.20\n${label} 1.30\nTotal 14.30`)).toMatchObject({ tip: 1.3, items: [{}, {}], totalMismatch: undefined });
    }
    expect(parseReceipt('Noodles 10.00\nSvc 1.00\nTotal 11.00')).toMatchObject({ tip: 1, items: [{ name: 'Noodles' }] });
  });

  it('skips a short note above the receipt, and keeps a time ending its line off the next line', () => {
    const receipt = parseReceipt(['for my expenses claim, thanks', '', 'Harbour Kitchen', 'Fri 14 Jun 2024 12:05', '', '2 x Fish & chips @ 14.50   29.00', 'Total 29.00'].join('\n'));
    expect(receipt).toMatchObject({ merchant: 'Harbour Kitchen', total: 29 });
    expect(receipt.items).toEqual([{ name: 'Fish & chips', quantity: 2, unitPrice: 14.5, amount: 29 }]);
    expect(parseReceipt('pls log this for me\nCorner Cafe\nLatte 4.50').merchant).toBe('Corner Cafe');
  });

  it('reads totals worded in more languages (the words the offline model reads a receipt by)', () => {
    const czech = parseReceipt('Potraviny Novák\nRohlík 2 x 3,50 7,00\nMléko 24,90\nCelkem 31,90 Kč');
    expect(czech).toMatchObject({ currency: 'CZK', total: 31.9, totalStated: true, totalMismatch: undefined });
    expect(czech.items.map((item) => item.name)).toEqual(['Rohlík', 'Mléko']);
    // "Yhteensä" ends on a letter \b does not know.
    expect(parseReceipt('R-kioski\nKahvi 3,20\nPulla 2,80\nYhteensä 6,00')).toMatchObject({ total: 6, items: [{}, {}] });
    expect(parseReceipt('Sklep Jasia\nChleb 4,99\nMasło 7,49\nRazem 12,48')).toMatchObject({ total: 12.48, items: [{}, {}] });
  });

  it('reads a taxable base, a sum of the tax lines and the tax a total already holds as neither items nor added tax', () => {
    // Polish fiscal receipt: taxable sales per VAT class, the tax per class and its sum, the total named with its currency.
    const pharmacy = parseReceipt(
      ['Apteka Pod Lipami', 'PARAGON FISKALNY', 'Ibuprom 2 x 12,99 25,98A', 'Witamina C 8,49B', 'SPRZEDAŻ OPODATK. A 25,98', 'SPRZEDAŻ OPODATK. B 8,49', 'PTU A 23% 4,86', 'PTU B 8% 0,63', 'SUMA PTU 5,49', 'SUMA PLN 34,47'].join('\n'),
    );
    expect(pharmacy).toMatchObject({ merchant: 'Apteka Pod Lipami', currency: 'PLN', total: 34.47, tax: 5.49, totalMismatch: undefined });
    expect(pharmacy.items.map((item) => item.name)).toEqual(['Ibuprom', 'Witamina C']);
    // A net line above the VAT, whose items already add up to the total: the VAT is in the prices.
    const bikes = parseReceipt(['Fietsenwinkel De Spaak', 'Binnenband 8,50', 'Remblokjes 2 x 5,75 11,50', 'Excl. BTW 16,53', 'BTW 21% 3,47', 'Totaal 20,00'].join('\n'));
    expect(bikes).toMatchObject({ total: 20, tax: 3.47, totalMismatch: undefined, items: [{}, {}] });
    // Korean: the supply value (공급가액) and VAT (부가세) split a total that holds both; the address's number is no item.
    const cafe = parseReceipt(['스타벅스 강남점', '서울 강남구 테헤란로 152', '카페라떼 11,000', '치즈케이크 6,500', '공급가액 15,909', '부가세 1,591', '합계 17,500', '체크카드 17,500'].join('\n'));
    expect(cafe).toMatchObject({ currency: 'KRW', total: 17500, tax: 1591, totalMismatch: undefined });
    expect(cafe.items.map((item) => item.name)).toEqual(['카페라떼', '치즈케이크']);
    // The tax's share printed under a total that includes it ("inc GST", "GST portion").
    const marine = parseReceipt(['HARBOUR MARINE SUPPLIES', 'Rope 10m 45.00', 'Shackles 2 @ 12.50 25.00', 'Total inc GST $70.00', 'GST portion $9.13', 'EFTPOS $70.00'].join('\n'));
    expect(marine).toMatchObject({ total: 70, tax: 9.13, totalMismatch: undefined, items: [{}, {}] });
    // Tax below a total that a later total adds it to is added tax.
    expect(parseReceipt('Diner\nBurger 10.00\nTotal 10.00\nTax 0.80\nBalance due 10.80')).toMatchObject({ total: 10.8, tax: 0.8, totalMismatch: undefined });
  });

  it('skips a chatty lower-case note above the receipt however it is worded, not a short lower-case name', () => {
    const note = parseReceipt(['dropping this in for the club books, from saturday', '', 'HARBOUR MARINE SUPPLIES', 'Rope 10m 45.00', 'Total 45.00'].join('\n'));
    expect(note.merchant).toBe('HARBOUR MARINE SUPPLIES');
    expect(parseReceipt('itsu\nMiso soup 3.50\nTotal 3.50').merchant).toBe('itsu');
  });

  it('reads the VAT class a till prints after a price as no unit', () => {
    const polish = parseReceipt('Biedronka\nMleko 3,49 A\nChleb 4,99 B\nCukier 4,99G\nOlej 9,99L\nSUMA PLN 23,46');
    expect(polish.items.map((item) => [item.name, item.amount])).toEqual([['Mleko', 3.49], ['Chleb', 4.99], ['Cukier', 4.99], ['Olej', 9.99]]);
    expect(polish).toMatchObject({ total: 23.46, totalMismatch: undefined });
  });

  it('reads payment lines in other languages, receipt headings, business numbers and document numbers as no items and no merchant', () => {
    // No total printed: how the bill was paid must not be added to it.
    const churros = parseReceipt('Churrería San Ginés\nChocolate con churros 2 x 4,50 9,00\nPorras 3,20\nPagado con Bizum 12,20');
    expect(churros).toMatchObject({ total: 12.2, items: [{ name: 'Chocolate con churros' }, { name: 'Porras' }] });
    expect(parseReceipt('Kaffebaren\nKanelbulle 35,00\nKaffe 30,00\nSwish 65,00')).toMatchObject({ total: 65, items: [{}, {}] });
    expect(parseReceipt('Feira\nQueijo 18,00\nForma de pagamento: PIX 18,00').items).toHaveLength(1);
    // A gift card bought is an item: a card's name counts as payment only alone.
    expect(parseReceipt('Mercadito\nTarjeta regalo 20,00\nPan 1,50\nTotal 21,50').items).toHaveLength(2);
    expect(parseReceipt('TICKET DE CAISSE\nBoulangerie Paul\nBaguette 1,20\nCroissant 1,10\nTotal 2,30').merchant).toBe('Boulangerie Paul');
    const bakery = parseReceipt('Padaria Pão Quente\nCNPJ 98.765.432/0001-10\nPão francês 6,50\nCafé 4,00\nTOTAL R$ 10,50');
    expect(bakery).toMatchObject({ currency: 'BRL', total: 10.5, totalMismatch: undefined, items: [{}, {}] });
    expect(parseReceipt("The Lamb Inn\nVAT No. 123.456.789\nPloughman's £9.50\nCider £4.80\nTotal £14.30")).toMatchObject({ tax: undefined, totalMismatch: undefined });
    expect(parseReceipt('김밥천국\n영수증번호 0412\n김밥 3,500\n합계 3,500')).toMatchObject({ total: 3500, items: [{ name: '김밥' }] });
  });

  it("takes the merchant from an e-mailed receipt's heading, and reads a bare amount repeated at its top as the total", () => {
    const bakery = parseReceipt('Your receipt from Maple Street Bakery\n\n$12.75\n\nSourdough loaf $8.50\nCinnamon roll $4.25\n\nTotal $12.75');
    expect(bakery).toMatchObject({ merchant: 'Maple Street Bakery', total: 12.75, items: [{}, {}] });
    expect(parseReceipt('Receipt from Lakeside Yoga\n$30.00\nDrop-in class $30.00\nTotal $30.00\nLakeside Yoga, 12 Shore Rd').merchant).toBe('Lakeside Yoga');
    expect(merchant('Thank you for visiting Kew Gardens')).toBe('Kew Gardens');
    expect(merchant('Thanks for visiting us!\nCorner Cafe')).toBe('Corner Cafe');
    // The user's own "Receipt from <place>": the place is not printed again, the shop's name follows.
    expect(merchant('Receipt from Lisbon\nCasa Portuguesa')).toBe('Casa Portuguesa');
    // The amount under the shop's name and stall is the total the lines below add up to.
    const pottery = parseReceipt(
      ['Juniper Pottery Studio', 'Riverside Craft Fair, Stall 12', '$86.40', 'Mug, speckled glaze × 2 $56.00', 'Bud vase $24.00', 'Sales tax $6.40', 'Total $86.40'].join('\n'),
    );
    expect(pottery).toMatchObject({ merchant: 'Juniper Pottery Studio', total: 86.4, tax: 6.4, totalMismatch: undefined });
    expect(pottery.items.map((item) => item.name)).toEqual(['Mug, speckled glaze', 'Bud vase']);
  });

  it('reads 100 KB of text built against the patterns for headings, taxes, payments and identifiers in linear time', () => {
    expectLinearOn(['Your receipt from ', 'Receipt from a ', 'a b ', 'SUMA ', 'Excl ', 'VAT No ', 'CNPJ 1', '12.345/', 'pago ', 'Ticket n ', '마포구 ', '로 1', '1,00 A', '€1 ', 'Thanks for visiting '], (text) => [`Shop\n${text}x\nTea 2.00\nTotal 2.00`, `${text}\nTea 2.00`], false);
  });

  it('reads Turkish receipts: TOPLAM, KDV in the prices, cash and card, the tax office, "*" before amounts, the lira from Turkish clues', () => {
    const market = parseReceipt(
      [
        'ÖZKAN MARKET',
        'Kadıköy / İSTANBUL',
        'BEYKOZ V.D. 6220529513',
        'TARİH: 02.04.2025  SAAT: 18:20',
        'FİŞ NO: 0214',
        '3 AD X 12,50',
        'EKMEK                    *37,50',
        'SÜT 1L                   *42,90',
        'PEYNİR 500G             *189,00',
        'KDV                      *26,94',
        'TOPLAM                  *269,40',
        'NAKİT                   *300,00',
        'PARA ÜSTÜ                *30,60',
      ].join('\n'),
    );
    expect(market).toMatchObject({ merchant: 'ÖZKAN MARKET', currency: 'TRY', total: 269.4, tax: 26.94, totalMismatch: undefined });
    // The count printed above its item ("3 AD X 12,50" over "EKMEK *37,50") is that item's, not an item of its own.
    expect(market.items).toEqual([
      { name: 'EKMEK', quantity: 3, unitPrice: 12.5, amount: 37.5 },
      { name: 'SÜT 1L', quantity: 1, unitPrice: 42.9, amount: 42.9 },
      { name: 'PEYNİR 500G', quantity: 1, unitPrice: 189, amount: 189 },
    ]);
    // The amount alone on the line below a count and its unit price is that item's.
    const stationery = parseReceipt(['KIRTASİYE DÜNYASI', 'DEFTER A4   3 AD X 25,00', '                    *75,00', 'KALEM                *15,00', 'TOPLAM            90,00 TL'].join('\n'));
    expect(stationery).toMatchObject({ currency: 'TRY', currencyStated: true, total: 90, totalMismatch: undefined });
    expect(stationery.items).toEqual([
      { name: 'DEFTER A4', quantity: 3, unitPrice: 25, amount: 75 },
      { name: 'KALEM', quantity: 1, unitPrice: 15, amount: 15 },
    ]);
    // "*" glued to an amount marks it; it multiplies nothing ("SAKSI 12" is a pot's size).
    expect(parseReceipt('ÇİÇEKÇİ GÜL\nSAKSI 12          *48,00\nTOPKDV             *8,00\nTOPLAM            *48,00')).toMatchObject({
      items: [{ name: 'SAKSI 12', quantity: 1, amount: 48 }],
      total: 48,
      totalMismatch: undefined,
    });
    // The same count line below its item, as German tills print it.
    expect(parseReceipt('Bäckerei Schmidt\nBrezel 2,58\n  2 Stk x 1,29\nKaffee 2,90\nSumme 5,48').items).toEqual([
      { name: 'Brezel', quantity: 2, unitPrice: 1.29, amount: 2.58 },
      { name: 'Kaffee', quantity: 1, unitPrice: 2.9, amount: 2.9 },
    ]);
    expect(parseReceipt('Kahve Durağı\nÇankaya / ANKARA\nÇay 2 x 15,00 30,00\nKREDİ KARTI 30,00').items).toHaveLength(1);
    for (const clue of ['KDV %10 5,00', 'Alsancak / İzmir', 'VKN 1234567890']) expect(detectCurrency(`${clue}\nToplam 55,00`).code).toBe('TRY');
  });

  it('reads a Vietnamese bill: its total words, cash given and change as payment, a count column in whole units, its labels and address', () => {
    const bill = parseReceipt(
      [
        'HÓA ĐƠN BÁN LẺ',
        'BÚN CHẢ CÔ MAI',
        'Số 14 Lê Văn Hưu, Hai Bà Trưng, Hà Nội',
        'ĐT: 024 3826 1234   MST: 0101234567',
        'Số HĐ: 000871   Bàn: 7',
        'Mặt hàng      SL   Đơn giá   Thành tiền',
        'Bún chả        3    60.000    180.000',
        'Nem cua bể     1    45.000     45.000',
        'Bia Hà Nội     2    20.000     40.000',
        'Tổng tiền:                    265.000',
        'Khách đưa:                    500.000',
        'Tiền thối:                    235.000',
      ].join('\n'),
    );
    expect(bill).toMatchObject({ merchant: 'BÚN CHẢ CÔ MAI', currency: 'VND', currencyStated: false, total: 265000, totalMismatch: undefined });
    // The address, phone, tax code, bill number and table carry numbers that read as dong, and are no items ("Bia Hà Nội" is a beer).
    expect(bill.items).toEqual([
      { name: 'Bún chả', quantity: 3, unitPrice: 60000, amount: 180000 },
      { name: 'Nem cua bể', quantity: 1, unitPrice: 45000, amount: 45000 },
      { name: 'Bia Hà Nội', quantity: 2, unitPrice: 20000, amount: 40000 },
    ]);
    expect(parseReceipt('Cơm Tấm Bà Năm\n45 Nguyễn Trãi, Quận 5\nCơm sườn 55.000\nTổng cộng 55.000').items).toEqual([{ name: 'Cơm sườn', quantity: 1, unitPrice: 55000, amount: 55000 }]);
    // A till without Vietnamese letters prints the same words unaccented; a total the lines do not add up to is flagged.
    const plain = parseReceipt(
      ['CA PHE NHA MINH', 'Ca phe sua da   2   25.000   50.000', 'Banh flan       1   20.000   20.000', 'TONG CONG:      65.000 VND', 'TIEN KHACH DUA: 100.000', 'TIEN THUA:       35.000'].join('\n'),
    );
    expect(plain).toMatchObject({ currency: 'VND', total: 65000, totalMismatch: { stated: 65000, computed: 70000 }, items: [{ quantity: 2 }, { quantity: 1 }] });
    // Cash given and change are how the bill was paid, not purchases, even with no total printed.
    expect(parseReceipt('Xôi gà 30.000\nTiền khách đưa 50.000\nTiền thừa 20.000')).toMatchObject({ total: 30000, totalStated: false, items: [{ amount: 30000 }] });
    // "Bia 333" is a beer's name: the count column is the number before the unit price.
    expect(parseReceipt('Quán Nhậu Ba Con Dê\nBia 333   4   18.000   72.000\nThanh toán   72.000').items).toEqual([{ name: 'Bia 333', quantity: 4, unitPrice: 18000, amount: 72000 }]);
  });

  it("reads a Vietnamese bill's subtotal, discount, service charge and VAT", () => {
    const dinner = parseReceipt(
      [
        'NHÀ HÀNG SEN VÀNG',
        'Lẩu cá          1   350.000   350.000',
        'Rau thêm        2    20.000    40.000',
        'Tạm tính:                     390.000',
        'Giảm giá 10%:                 -39.000',
        'Phí phục vụ 5%:                17.550',
        'Thuế GTGT 10%:                 35.100',
        'Tổng thanh toán:              403.650',
      ].join('\n'),
    );
    expect(dinner).toMatchObject({ subtotal: 390000, discount: 39000, tip: 17550, tax: 35100, total: 403650, totalMismatch: undefined, items: [{}, {}] });
  });

  it('reads a column heading as neither the merchant nor an item, in Vietnamese as in English', () => {
    expect(parseReceipt('Tên hàng   SL   Đ.giá   T.tiền\nNước mía   1   15.000   15.000\nThanh toán   15.000')).toMatchObject({ merchant: undefined, total: 15000, items: [{}] });
    expect(parseReceipt('Description   Qty   Amount\nTea   1   2.00\nTotal 2.00').merchant).toBeUndefined();
    expect(parseReceipt('Item  Qty  Price\nTea  1  2.00\nTotal 2.00').merchant).toBeUndefined();
    // A shop's name with one such word is still its name.
    expect(parseReceipt('Price Chopper\nTea 2.00\nTotal 2.00').merchant).toBe('Price Chopper');
  });

  it('takes the merchant from "Your <Brand> receipt", never from a "Label: value" line, and reads a tip for the driver as a tip', () => {
    const bolt = parseReceipt(['Your Bolt receipt', 'Ride ID: 88412', 'Pickup: Alexanderplatz', 'Vehicle: Toyota Prius', 'Ride fare €14.20', 'Tip for driver €2.00', 'Total €16.20'].join('\n'));
    expect(bolt).toMatchObject({ merchant: 'Bolt', total: 16.2, tip: 2, items: [{ name: 'Ride fare' }], totalMismatch: undefined });
    // Without "your", the brand is printed again below, as an e-receipt's footer prints it.
    expect(parseReceipt('Lyft e-receipt\nRide ID: 123\nDriver: Sam\nRide fare $21.00\nTotal $21.00\nLyft, 185 Berry St').merchant).toBe('Lyft');
    // A brand not printed again is the user's note ("Uber receipt" above the café's).
    expect(merchant('Uber receipt\nCorner Cafe')).toBe('Corner Cafe');
    expect(merchant('Order #: 5521\nTable: 4\nCorner Cafe')).toBe('Corner Cafe');
    expect(merchant('Your Trip Receipt\nPickup: Hauptbahnhof')).toBeUndefined();
  });

  it("reads a space between thousands, and skips the user's sentence above the receipt in any language", () => {
    const tv = parseReceipt(
      ['Ich habe das gestern gekauft, bitte für meine Abrechnung', '', 'Media Expert', 'Telewizor 55"   1 szt.     2 499,00', 'Kabel HDMI                  49,99', 'SUMA PLN              2 548,99'].join('\n'),
    );
    expect(tv).toMatchObject({ merchant: 'Media Expert', currency: 'PLN', total: 2548.99, totalMismatch: undefined });
    expect(tv.items).toEqual([
      { name: 'Telewizor 55"', quantity: 1, unitPrice: 2499, amount: 2499 },
      { name: 'Kabel HDMI', quantity: 1, unitPrice: 49.99, amount: 49.99 },
    ]);
    expect(parseReceipt('Benzín z cesty do Brna na konferenci.\nShell Brno\nNatural 95     1 250,00\nCelkem     1 250,00 Kč')).toMatchObject({
      merchant: 'Shell Brno',
      total: 1250,
      items: [{ amount: 1250 }],
    });
    expect(parseReceipt('Je dois le déclarer pour mes frais, merci\nFnac Montparnasse\nCasque audio 1\u202F099,00 €\nTotal 1\u202F099,00 €').merchant).toBe('Fnac Montparnasse');
    // A printed name is no sentence: its words are capitalised, and it ends on a capital.
    expect(parseReceipt('Mi Tierra Mexican Restaurant & Bar\nTacos 9.00\nTotal 9.00').merchant).toBe('Mi Tierra Mexican Restaurant & Bar');
    expect(parseReceipt('Acme Holdings International Trading Company Corp.\nPens 9.00\nTotal 9.00').merchant).toBe('Acme Holdings International Trading Company Corp.');
    // With "." decimals a space parts a count from a price.
    expect(parseReceipt('Pizza 2 350.00\nTotal 350.00').total).toBe(350);
  });

  it("keeps the full stop ending an abbreviated business form in the merchant's name, and drops other trailing marks", () => {
    expect(merchant('HARBOUR LIGHT TRADING CO.')).toBe('HARBOUR LIGHT TRADING CO.');
    expect(merchant('Kestrel Outfitters Inc.')).toBe('Kestrel Outfitters Inc.');
    expect(merchant('Tan Brothers Pte. Ltd.')).toBe('Tan Brothers Pte. Ltd.');
    expect(merchant('Panadería del Sol S.A.')).toBe('Panadería del Sol S.A.');
    expect(merchant('Holzbau Weber GmbH & Co.')).toBe('Holzbau Weber GmbH & Co.');
    expect(merchant('Thanks for shopping at Kestrel Outfitters Inc.!')).toBe('Kestrel Outfitters Inc.');
    // A full stop after a whole word, a colon or an exclamation mark is no part of the name.
    expect(merchant('Corner Cafe.')).toBe('Corner Cafe');
    expect(merchant('Corner Cafe:')).toBe('Corner Cafe');
    expect(merchant('Thank you for your purchase at Harbour Books!')).toBe('Harbour Books');
  });

  it('takes a restaurant named after a table as the merchant, and reads "Table" before its number as a label below it', () => {
    const bistro = parseReceipt(
      [
        'The Harvest Table',
        '410 Congress St, Portland, ME 04101',
        'Table 4   Covers 2   Server: Dana',
        '2  Clam chowder          18.00',
        '1  Lobster roll          29.00',
        'Total                   $47.00',
      ].join('\n'),
    );
    expect(bistro).toMatchObject({ merchant: 'The Harvest Table', total: 47, totalMismatch: undefined });
    expect(bistro.items.map((item) => item.name)).toEqual(['Clam chowder', 'Lobster roll']);
    expect(merchant('FARMERS TABLE KITCHEN')).toBe('FARMERS TABLE KITCHEN');
    expect(merchant('Table & Vine')).toBe('Table & Vine');
    // A table's number, with or without its colon or "No.", stays a label, never the merchant nor an item's name.
    expect(merchant('Table: 9\nCorner Cafe')).toBe('Corner Cafe');
    expect(merchant('TABLE NO. 12\nCorner Cafe')).toBe('Corner Cafe');
    expect(parseReceipt('Corner Cafe\nTable #3\nLatte 4.50\nTotal 4.50').items[0]?.name).toBe('Latte');
    expectLinearOn(['Table ', 'TABLE \t', 'table no'], (text) => [`${text}\nLatte 4.50\nTotal 4.50`, `Shop\n${text} 4.50\nTotal 4.50`], false);
  });

  it("takes the merchant from the subject or the body when the sender's name is only a role", () => {
    expect(merchant('From: Receipts <receipts@mail.example>\nSubject: Your order from Casa Verde')).toBe('Casa Verde');
    expect(merchant('From: Support <support@deliveroo.example>\nSubject: Your receipt from Wagamama')).toBe('Wagamama');
    expect(merchant('From: No-reply <no-reply@email.example>\nSubject: Order confirmed\n\nBlue Lotus Thai')).toBe('Blue Lotus Thai');
    expect(merchant('From: Receipts <receipts@mail.zoomride.example>\nSubject: Your trip')).toBe('Zoomride');
  });

  it('skips a first line that asks something, wherever its question mark is', () => {
    expect(parseReceipt('Quanto ho speso qui? Grazie!\nBar Centrale\nCappuccino 1,50\nCornetto 1,20\nTotale 2,70').merchant).toBe('Bar Centrale');
    expect(parseReceipt('¿Me lo pasas al Excel? Gracias\nPanadería Lola\nBarra de pan 1,20\nTotal 1,20').merchant).toBe('Panadería Lola');
    expect(parseReceipt('Klopt dit? Het is voor de club\nSlagerij De Vries\nGehakt 6,50\nTotaal 6,50').merchant).toBe('Slagerij De Vries');
  });

  it('reads 100 KB of text built against the patterns for counts, labels, brands and spaced thousands in linear time', () => {
    expectLinearOn(['1 234 ', '2 AD X ', 'Your a ', 'a: ', 'jsem a ', 'aa. ', 'Subject: ', '*1,00 ', 'a receipt ', '1 ks  ', '3 X ', 'From: a <a@b.'], (text) => [`Shop\n${text}x\nTea 2.00\nTotal 2.00`, `${text}\nTea 2,00`]);
  });

  it('reads 100 KB of text built against the new patterns in linear time', () => {
    expectLinearOn(['HST ', 'ABN ', 'GST No ', 'Rs ', '1-', 'a ', 'Ab ', 'Svc ', 'service 1', 'Forwarded ', '年1', 'for my ', 'A1 ', 'From: a <', 'VAT ', '1 % ', ', N. ', 'Gross '], (text) => [`Shop\n${text}x\nTea 2.00`]);
  });

  it('reads an Indian till\'s Gross as the subtotal, Disc as a discount, Net Payable or a net amount with its tax as the total', () => {
    const chemist = parseReceipt(
      ['NEW CITY CHEMISTS', 'GSTIN 29AAACN4321K1Z7', 'Azithral 500 Strip 2 x 64.00  128.00', 'Betadine Gargle  112.00', 'Gross Amount  240.00', 'Disc 5%  12.00', 'Net Payable  228.00', 'Cash  300.00', 'Balance returned  72.00'].join('\n'),
    );
    expect(chemist).toMatchObject({ currency: 'INR', subtotal: 240, discount: 12, total: 228, totalStated: true, totalMismatch: undefined });
    expect(chemist.items.map((item) => item.name)).toEqual(['Azithral 500 Strip', 'Betadine Gargle']);
    const tiffin = parseReceipt(['Udupi Tiffin Centre', 'Masala Dosa 2 x 70.00  140.00', 'Filter Coffee  30.00', 'Net Amount (incl GST)  170.00', 'Amount Payable  170.00'].join('\n'));
    expect(tiffin).toMatchObject({ subtotal: undefined, total: 170, totalStated: true, items: [{}, {}] });
    // "Disc" opening an item's name is no discount.
    expect(parseReceipt('Brake Shop\nDisc brake pads 45.00\nTotal 45.00').items).toHaveLength(1);
  });

  it('skips a request written in Chinese, Japanese or Korean above the receipt, however it ends', () => {
    const cafe = parseReceipt(['会社に提出するので、まとめてください', '', '喫茶こもれび', 'ブレンド ¥480', 'チーズケーキ ¥520', '合計 ¥1,000'].join('\n'));
    expect(cafe).toMatchObject({ merchant: '喫茶こもれび', total: 1000, currency: 'JPY' });
    const noodles = parseReceipt(['这是出差时的午饭。', '老王面馆', '牛肉面 28.00', '合计 28.00 元'].join('\n'));
    expect(noodles.merchant).toBe('老王面馆');
    const snacks = parseReceipt(['정리해 주세요', '행복분식', '떡볶이 4,000원', '합계 4,000원'].join('\n'));
    expect(snacks.merchant).toBe('행복분식');
  });

  it('skips a casual ask to log the receipt in Japanese, Chinese or Korean, and keeps a shop name printed first', () => {
    const shop = (note: string, name: string, lines: string[]) => parseReceipt([note, '', name, ...lines].join('\n'));
    const yen = ['キャベツ ¥198', '豚こま ¥420', '合計 ¥618'];
    // Japanese: "…といて", "…しといて", "…ておいて", "…して", asks to put it in a book or the expenses.
    expect(shop('食費、今月の分に足しといてね', '八百屋まるやま', yen)).toMatchObject({ merchant: '八百屋まるやま', total: 618, currency: 'JPY' });
    expect(shop('ガソリン代は経費に入れといて', '昭和石油 大井町', yen).merchant).toBe('昭和石油 大井町');
    expect(shop('これ雑費でメモしといて', '文具のタナカ', yen).merchant).toBe('文具のタナカ');
    expect(shop('日用品の分、記録しておいて', 'ドラッグストア コスモ', yen).merchant).toBe('ドラッグストア コスモ');
    expect(shop('お昼代を家計簿に記入して', 'まつや食堂', yen).merchant).toBe('まつや食堂');
    // Chinese: "…记一下", "记到…账本", "…给我记上".
    const yuan = ['米线 18.00', '卤蛋 3.00', '合计 21.00 元'];
    expect(shop('午饭钱记一下', '阿香米线', yuan)).toMatchObject({ merchant: '阿香米线', total: 21 });
    expect(shop('记到家里的账本上', '华联超市', yuan).merchant).toBe('华联超市');
    expect(shop('这笔给我记上', '老街面馆', yuan).merchant).toBe('老街面馆');
    // Korean: "…어 줘", "…해 둬", "…해 놔".
    const won = ['와이셔츠 3,000원', '바지 4,000원', '합계 7,000원'];
    expect(shop('세탁비 가계부에 적어줘', '크린토피아 역삼점', won)).toMatchObject({ merchant: '크린토피아 역삼점', total: 7000, currency: 'KRW' });
    expect(shop('이거 생활비로 기록해 둬', '동네마트', won).merchant).toBe('동네마트');
    expect(shop('교통비로 정리해놔', '서울모범택시', won).merchant).toBe('서울모범택시');
    // A shop's own name printed first stays the merchant: "…店", "株式会社…", a katakana brand, "…酒吧", "X记" before a word, "…해" in a name.
    for (const name of ['やきとり大吉 新橋店', '株式会社やまと商店', 'ベーカリー ミツバチ', 'クリーニングのモリタ', '星光酒吧', '一点点奶茶', '李记上海生煎', '남해횟집', '바다해']) {
      expect(parseReceipt([name, 'コーヒー ¥450', '合計 ¥450'].join('\n')).merchant).toBe(name);
    }
    // The request forms are read in linear time on a 100 KB line of them.
    expectLinearOn(['あて', 'てね ', 'て！ ', '해 ', '経費', '记一'], (text) => [`${text}\n店\nお茶 ¥200\n合計 ¥200`, `${text} ¥200\nお茶 ¥200\n合計 ¥200`]);
  });

  it('reads a length glued to a name as no price, and a count with its prices on the next line as that name\'s', () => {
    const timber = parseReceipt(
      ['Ridge Timber Yard', 'Pine board 1.5m', '  3 @ 7.20     21.60', 'Dowel rod 0.75IN   2.40', 'Edge trim 12.5cm   1.10', 'Total 25.10'].join('\n'),
    );
    expect(timber).toMatchObject({ total: 25.1, totalMismatch: undefined });
    expect(timber.items).toEqual([
      { name: 'Pine board 1.5m', quantity: 3, unitPrice: 7.2, amount: 21.6 },
      { name: 'Dowel rod 0.75IN', quantity: 1, unitPrice: 2.4, amount: 2.4 },
      { name: 'Edge trim 12.5cm', quantity: 1, unitPrice: 1.1, amount: 1.1 },
    ]);
    // "3 x 0,85" under a name: the "x" is the unit price's mark, not the item's name.
    const bakery = parseReceipt(['Bäckerei Sonnenschein', 'Laugenbrezel', '  3 x 0,85     2,55', 'Milchkaffee   2,40', 'Summe   4,95'].join('\n'));
    expect(bakery.items).toEqual([
      { name: 'Laugenbrezel', quantity: 3, unitPrice: 0.85, amount: 2.55 },
      { name: 'Milchkaffee', quantity: 1, unitPrice: 2.4, amount: 2.4 },
    ]);
    // "x" glued to the unit price ("2 x9,99", "2x9,99") marks it all the same.
    const socks = parseReceipt(['Skarpety wełniane   2 x9,99   19,98A', 'Czapka   1x15,00   15,00A', 'SUMA PLN   34,98'].join('\n'));
    expect(socks.items).toEqual([
      { name: 'Skarpety wełniane', quantity: 2, unitPrice: 9.99, amount: 19.98 },
      { name: 'Czapka', quantity: 1, unitPrice: 15, amount: 15 },
    ]);
    expect(socks.totalMismatch).toBeUndefined();
  });

  it('reads the rows of a VAT table and the money given ("Geg.") as no items, wherever the table is printed', () => {
    const farmShop = parseReceipt(
      [
        'Hofladen Wiesengrund',
        'Eier 10 Stück      3,20 A',
        'Honig 500g         6,50 A',
        'Kernseife          2,30 B',
        'SUMME EUR         12,00',
        'Geg. BAR EUR      15,00',
        'Rückgeld BAR EUR   3,00',
        'Satz    Netto  MwSt  Brutto',
        'A  7%    9,07  0,63   9,70',
        'B 19%    1,93  0,37   2,30',
        'Gesamt  11,00  1,00  12,00',
      ].join('\n'),
    );
    expect(farmShop).toMatchObject({ total: 12, currency: 'EUR', totalMismatch: undefined });
    expect(farmShop.items.map((item) => item.name)).toEqual(['Eier 10 Stück', 'Honig 500g', 'Kernseife']);
    const above = parseReceipt(['Kiosk am Markt', 'Zeitung 2,80', 'Cola 1,50', '7% 2,62 0,18 2,80', '19% 1,26 0,24 1,50', 'Summe 4,30'].join('\n'));
    expect(above).toMatchObject({ total: 4.3, totalMismatch: undefined, items: [{ name: 'Zeitung' }, { name: 'Cola' }] });
  });

  it('reads a net amount below the tax lines as the total, and "Paid: ... Balance: ..." as the payment', () => {
    const books = parseReceipt(
      ['KAVERI BOOK HOUSE', 'GSTIN: 29ABCDE1234F1Z5', 'Notebook  2 x 50.00  100.00', 'Taxable Amount  100.00', 'CGST 6%  6.00', 'SGST 6%  6.00', 'NET AMOUNT  Rs. 112.00', 'Paid: Cash 120.00  Balance: 8.00'].join('\n'),
    );
    expect(books).toMatchObject({ currency: 'INR', total: 112, tax: 12, totalStated: true, totalMismatch: undefined, items: [{ amount: 100 }] });
    // Above the tax lines it is still the subtotal the tax is added to.
    expect(parseReceipt('Desk lamp 100.00\nNet Amount 100.00\nVAT 20% 20.00\nTotal 120.00')).toMatchObject({ subtotal: 100, tax: 20, total: 120, totalMismatch: undefined });
  });

  it('reads total words a scanner misread with digits for letters ("T0TAL", "SUBT0TAL", "Tota1")', () => {
    const diner = parseReceipt(['Harbour Diner', 'Club sandwich 8.50', 'Iced tea 2.00', 'SUBT0TAL 10.50', 'Tax 0.84', 'Tota1 11.34', 'CHANGE 0.00'].join('\n'));
    expect(diner).toMatchObject({ subtotal: 10.5, tax: 0.84, total: 11.34, totalMismatch: undefined });
    expect(diner.items.map((item) => item.name)).toEqual(['Club sandwich', 'Iced tea']);
    const creperie = parseReceipt(['CREPERIE DU P0RT', 'CREPE SUCRE  4,50', 'CIDRE D0UX  3,80', 'T0TAL TTC ....... 8,30 €', 'CB SANS C0NTACT  8,30'].join('\n'));
    expect(creperie).toMatchObject({ merchant: 'CREPERIE DU P0RT', total: 8.3, currency: 'EUR', totalMismatch: undefined, items: [{}, {}] });
  });

  it('reads 100 KB of text built against the patterns for dong, Vietnamese words, column headings and business forms in linear time', () => {
    expectLinearOn(['Tổng ', 'a, Hà Nội ', 'Quận ', 'Item Qty ', 'Co. ', 'a.', 'S.A.', '1 1.000 ', 'Khách ', 'ợ1 ', '1.000đ ', 'Bàn ', 'Tạm '], (text) => [`Shop\n${text}x\nTea 2.000\nTổng cộng 2.000`, `${text}\nTea 2.000`]);
  });

  it('reads 100 KB of text built against the patterns for misread letters, VAT tables and glued marks in linear time', () => {
    expectLinearOn(['a0', 'A1', 'aa1 ', 'A 7% 1,00 ', '1.0IN ', '2 x1,00 ', 'x1,0', '1 x ', 'です。', 'Geg. ', 'KSh ', 'PIN '], (text) => [`Shop\n${text}x\nTea 2.00\nTotal 2.00`, `${text}\nTea 2,00`]);
    // One label before a long run of blanks, which two runs of blanks in a pattern would share.
    const cpu = startCpuClock();
    detectCurrency(`PIN${' '.repeat(50_000)}x\nTotal 2.00`);
    expect(cpu.ms()).toBeLessThan(1_000);
  });

  it("reads a quantity line under an item's name as that item's: a count with its unit, or a weight, its unit price and amount", () => {
    const market = parseReceipt(
      ['Hortifruti Vila Nova', 'BANANA PRATA', '   1,250 KG x 6,98      8,73', 'AGUA MINERAL 500ML', '   3 UN x 2,50          7,50', 'TOTAL R$ 16,23'].join('\n'),
    );
    expect(market.items).toEqual([
      { name: 'BANANA PRATA', quantity: 1.25, unitPrice: 6.98, amount: 8.73 },
      { name: 'AGUA MINERAL 500ML', quantity: 3, unitPrice: 2.5, amount: 7.5 },
    ]);
    expect(market.totalMismatch).toBeUndefined();
  });

  it('reads a weight or count line whose unit price carries its unit ("1,50 €/kg", "EUR / kg", "€/Stk") as the quantity of the item above', () => {
    const organic = parseReceipt(
      [
        'Biomarkt Lindenhof',
        'KAROTTEN LOSE              1,62 A',
        '  1,080 kg x 1,50 €/kg',
        'APFELSAFT 1L               2,39 A',
        'ZUCCHINI',
        '  0,420 kg x 2,98 EUR / kg  1,25',
        'DINKELBRÖTCHEN             1,35 A',
        '  3 Stk x 0,45 €/Stk',
        'SUMME EUR                  6,61',
      ].join('\n'),
    );
    expect(organic.items).toEqual([
      { name: 'KAROTTEN LOSE', quantity: 1.08, unitPrice: 1.5, amount: 1.62 },
      { name: 'APFELSAFT 1L', quantity: 1, unitPrice: 2.39, amount: 2.39 },
      { name: 'ZUCCHINI', quantity: 0.42, unitPrice: 2.98, amount: 1.25 },
      { name: 'DINKELBRÖTCHEN', quantity: 3, unitPrice: 0.45, amount: 1.35 },
    ]);
    expect(organic).toMatchObject({ total: 6.61, currency: 'EUR', totalMismatch: undefined });
    // A weight that does not make the amount of the item above reprices nothing, and is no item of its own.
    expect(parseReceipt('Obststand Huber\nBIRNEN 2,50\n  1,200 kg x 1,99 €/kg\nSUMME 2,50').items).toEqual([
      { name: 'BIRNEN', quantity: 1, unitPrice: 2.5, amount: 2.5 },
    ]);
  });

  it('reads a VAT table row whose class is glued to "=" ("A=7%", "B= 19 %") as no item, and a tax line with its class still as tax', () => {
    const drugstore = parseReceipt(
      [
        'Drogerie Falkenberg',
        'ZAHNPASTA                  1,95 B',
        'KAMILLENTEE                2,40 A',
        'SUMME EUR                  4,35',
        'MwSt%    Netto   MwSt   Brutto',
        'A=7%      2,24   0,16     2,40',
        'B= 19 %   1,64   0,31     1,95',
        'Gesamt    3,88   0,47     4,35',
      ].join('\n'),
    );
    expect(drugstore.items.map((item) => item.name)).toEqual(['ZAHNPASTA', 'KAMILLENTEE']);
    expect(drugstore).toMatchObject({ total: 4.35, totalMismatch: undefined });
    // A rate with its tax word is a tax line, added to the items as before.
    expect(parseReceipt('Werkstatt Kurz\nSchlauchschelle 10,00\nA= 19% MwSt 1,90\nSumme 11,90')).toMatchObject({
      items: [{ name: 'Schlauchschelle', amount: 10 }],
      tax: 1.9,
      total: 11.9,
      totalMismatch: undefined,
    });
  });

  it('reads 100 KB of text built against the patterns for a unit price per unit and a VAT class glued to "=" in linear time', () => {
    expectLinearOn(['1 kg x 1,00 €/kg ', '1 x 1,00 EUR / ', 'EUR ', '/ kg ', 'A= 7% ', 'A=  ', '= '], (text) => [`Shop\n${text}x\nTea 2.00\nTotal 2.00`, `${text}\nTea 2,00`, `Shop\nTea 1,00\n1 x 1,00 ${text}\nTotal 1,00`]);
    // One unit price or class before a long run of blanks, which two runs of blanks in a pattern would share.
    const cpu = startCpuClock();
    parseReceipt(`Shop\nTea 1,00\n1 kg x 1,00 EUR${' '.repeat(50_000)}x\nTotal 1,00`);
    parseReceipt(`Shop\nTea 1,00\nA=${' '.repeat(50_000)}x 1,00 1,00\nTotal 1,00`);
    expect(cpu.ms()).toBeLessThan(1_000);
  });

  it("reads an item's number and product code before its name as neither a quantity nor part of the name", () => {
    const market = parseReceipt(
      ['Empório Central', '001 5520 ARROZ TIPO 1 5KG', '   1 UN x 27,90      27,90', '002 0931 OVOS BRANCOS DZ', '   2 UN x 11,50      23,00', 'TOTAL R$ 50,90'].join('\n'),
    );
    expect(market.items.map((item) => [item.name, item.quantity])).toEqual([['ARROZ TIPO 1 5KG', 1], ['OVOS BRANCOS DZ', 2]]);
    expect(parseReceipt('Mercado Sol\n003 CAFE MOIDO 250G   14,00\nTOTAL 14,00').items).toEqual([{ name: 'CAFE MOIDO 250G', quantity: 1, unitPrice: 14, amount: 14 }]);
  });

  it('reads a Brazilian state registration number ("IE") as an identifier, not an amount', () => {
    const bakery = parseReceipt(['Panificadora Aurora', 'IE: 407.221.983.110', 'Pão de queijo   9,00', 'TOTAL R$ 9,00'].join('\n'));
    expect(bakery.items.map((item) => item.name)).toEqual(['Pão de queijo']);
    expect(bakery.totalMismatch).toBeUndefined();
  });

  it('reads the approximate taxes a Brazilian receipt prints ("Lei 12.741") as tax inside the prices: no item, no total, nothing added', () => {
    const items = ['Drogaria Boa Vida', 'Dipirona 500mg   12,90', 'Protetor solar   45,00'];
    const above = parseReceipt([...items, 'Val. aprox. tributos R$ 10,42', 'TOTAL R$ 57,90'].join('\n'));
    const below = parseReceipt([...items, 'TOTAL R$ 57,90', 'Valor total aproximado dos tributos (Lei 12.741) R$ 10,42'].join('\n'));
    for (const pharmacy of [above, below]) {
      expect(pharmacy.items.map((item) => item.name)).toEqual(['Dipirona 500mg', 'Protetor solar']);
      expect(pharmacy).toMatchObject({ total: 57.9, tax: 10.42, totalMismatch: undefined });
    }
  });

  it('reads a Portuguese column heading ("# COD DESC QTD UN VL UN VL ITEM") as no merchant', () => {
    expect(parseReceipt('# COD DESC QTD UN VL UN VL ITEM\nCafe coado   6,00\nTOTAL 6,00').merchant).toBeUndefined();
  });

  it('reads a whole unit price between the count and the amount ("2 x  85   170.00") as the unit price', () => {
    const noodles = parseReceipt(['Lotus Noodle Bar', 'Pad See Ew        2 x  85     170.00', 'Lime Soda         3 x  40     120.00', 'Total             290.00'].join('\n'));
    expect(noodles.items).toEqual([
      { name: 'Pad See Ew', quantity: 2, unitPrice: 85, amount: 170 },
      { name: 'Lime Soda', quantity: 3, unitPrice: 40, amount: 120 },
    ]);
    expect(noodles.totalMismatch).toBeUndefined();
  });

  it('reads the number after "x" as the unit price, not a count, when a count stands before the "x" ("1 x 120 120.00")', () => {
    expect(parseReceipt('Chang Beer 1 x 120 120.00\nTotal 120.00').items).toEqual([{ name: 'Chang Beer', quantity: 1, unitPrice: 120, amount: 120 }]);
    expect(parseReceipt('Coffee x2 5.00\nTotal 5.00').items).toEqual([{ name: 'Coffee', quantity: 2, unitPrice: 2.5, amount: 5 }]);
    // Twelve and two that do not make the amount: two boxes of twelve eggs.
    expect(parseReceipt('Eggs 12 x 2 7.00\nTotal 7.00').items[0]).toMatchObject({ quantity: 2, amount: 7 });
  });

  it('reads a unit letter followed by a non-ASCII letter as the start of a word, not a unit ("2,50 Gâteau")', () => {
    const cafe = parseReceipt('Café 2,50 Gâteau 4,00 Total 6,50');
    expect(cafe.items.map((item) => [item.name, item.amount])).toEqual([['Café', 2.5], ['Gâteau', 4]]);
    expect(cafe.totalMismatch).toBeUndefined();
  });

  it('reads 100 KB of text built against the patterns for quantity lines, item numbers and approximate taxes in linear time', () => {
    expectLinearOn(['001 1001 ', '0,500 KG x ', '2 UN x ', '1 x 1 ', 'x 1 ', 'IE ', 'tributos aprox ', 'Lei 12.741 ', '1 Gâ'], (text) => [`Shop\n${text}x\nTea 2.00\nTotal 2.00`, `${text}\nTea 2,00`, `Shop\n${text}1,00 1,00\nTotal 2.00`]);
  });

  it('reads a label a till spaced out between CJK characters ("合   計", "お   釣", "합   계") and a Japanese count line ("3コ×単110")', () => {
    const bento = parseReceipt(
      ['ほっと弁当 中野店', 'のり弁当        ¥420', 'お茶            ¥130', '  3コ×単110', 'ゆで卵          ¥330', '小   計         ¥880', '合   計         ¥880', 'お預り        ¥1,000', 'お   釣         ¥120'].join('\n'),
    );
    expect(bento).toMatchObject({ currency: 'JPY', subtotal: 880, total: 880, totalMismatch: undefined });
    expect(bento.items).toEqual([
      { name: 'のり弁当', quantity: 1, unitPrice: 420, amount: 420 },
      { name: 'お茶', quantity: 1, unitPrice: 130, amount: 130 },
      { name: 'ゆで卵', quantity: 3, unitPrice: 110, amount: 330 },
    ]);
    // No total above the change: the spaced-out change is still no item.
    expect(parseReceipt('ほっと弁当\nお茶 ¥130\nお預り ¥200\nお   釣 ¥70').items).toHaveLength(1);
    const gimbap = parseReceipt(
      ['김밥나라 합정점', '서울특별시 마포구 양화로 45', '[영 수 증]', '참치김밥      1      4,500', '라면          2      9,000', '사이다 1.25L  1      2,000', '공급가액             14,091', '부가세                1,409', '합   계              15,500', '신용카드             15,500'].join('\n'),
    );
    expect(gimbap).toMatchObject({ merchant: '김밥나라 합정점', currency: 'KRW', total: 15_500, totalMismatch: undefined });
    expect(gimbap.items.map((item) => [item.name, item.amount])).toEqual([['참치김밥', 4500], ['라면', 9000], ['사이다 1.25L', 2000]]);
  });

  it('reads a receipt pasted from a chat export without taking a time-stamped chat line for the merchant', () => {
    const receipt = parseReceipt(
      ['[14/03/2024, 09:10] Priya: this one is from the plumbing merchant', '[14/03/2024, 09:11] Priya: bathroom job, thanks', '', 'PIPEWORKS SUPPLIES LTD', 'Copper elbow 15mm    £3.20', 'PTFE tape            £1.10', 'TOTAL                £4.30'].join('\n'),
    );
    expect(receipt).toMatchObject({ merchant: 'PIPEWORKS SUPPLIES LTD', total: 4.3, currency: 'GBP', totalMismatch: undefined });
    expect(receipt.items).toHaveLength(2);
  });

  it('reads a French-Canadian receipt: "$" after the amount beside a Québec postal code is CAD, TPS and TVQ are taxes, a "Pourboire" a tip', () => {
    const bakery = parseReceipt(
      ['De : Boulangerie Le Fournil <bonjour@lefournil.ca>', 'Objet : Votre reçu', '', 'Boulangerie Le Fournil', '1200, rue Ontario Est', 'Montréal (Québec) H2L 1R8', 'Baguette            3,50 $', 'Pain aux raisins    2,75 $', 'Sous-total          6,25 $', 'TPS 5 %             0,31 $', 'TVQ 9,975 %         0,62 $', 'Pourboire           1,00 $', 'TOTAL               8,18 $'].join('\n'),
    );
    expect(bakery).toMatchObject({ merchant: 'Boulangerie Le Fournil', currency: 'CAD', subtotal: 6.25, tip: 1, total: 8.18, totalMismatch: undefined });
    expect(bakery.tax).toBeCloseTo(0.93);
    expect(bakery.items.map((item) => item.name)).toEqual(['Baguette', 'Pain aux raisins']);
  });

  it('reads total words with an "m" a scanner read as "rn" ("Surnme"), and change printed without its umlaut, as no items', () => {
    const butcher = parseReceipt(['Metzgerei Brandl', 'Leberkäse 3,20', 'Brezn 1,10', 'Surnme EUR 4,30', 'Bar 5,00', 'Ruckgeld 0,70'].join('\n'));
    expect(butcher).toMatchObject({ total: 4.3, currency: 'EUR', totalMismatch: undefined });
    expect(butcher.items.map((item) => item.name)).toEqual(['Leberkäse', 'Brezn']);
    expect(parseReceipt(['Kiosk', 'Zeitung 2,50', 'Gegeben 5,00', 'Rueckgeld 2,50'].join('\n')).items).toHaveLength(1);
  });

  it('reads a Thai receipt: its total, the goods value before VAT, VAT in the prices, cash and change, the tax ID, the baht', () => {
    const cafe = parseReceipt(
      ['ร้านกาแฟ บ้านสวน', 'เลขประจำตัวผู้เสียภาษี 0105551234567', 'ใบเสร็จรับเงิน', 'กาแฟเย็น  2 x 45.00   90.00', 'ขนมปังปิ้ง           35.00', 'รวมเงิน             125.00', 'มูลค่าสินค้า         116.82', 'ภาษีมูลค่าเพิ่ม 7%     8.18', 'เงินสด              500.00', 'เงินทอน             375.00'].join('\n'),
    );
    expect(cafe).toMatchObject({ merchant: 'ร้านกาแฟ บ้านสวน', currency: 'THB', total: 125, tax: 8.18, totalMismatch: undefined });
    expect(cafe.items.map((item) => [item.name, item.quantity, item.amount])).toEqual([['กาแฟเย็น', 2, 90], ['ขนมปังปิ้ง', 1, 35]]);
    // No total printed: cash and change are no items, the goods value no item.
    expect(parseReceipt('ร้านกาแฟ\nชาเย็น 40.00\nเงินสด 100.00\nเงินทอน 60.00').items).toHaveLength(1);
  });

  it('reads a Brazilian gross item sum as the subtotal, a discount in Portuguese, a weight before "X", and the per-item tax in brackets as no amount', () => {
    const market = parseReceipt(
      ['MERCADINHO SAO JORGE', '001 7891234 LEITE INTEGRAL 1L  2 UN X 4,99 (0,90)   9,98', '002 2000321 TOMATE  0,850 KG X 7,90 (0,71)   6,72', '003 7890011 PAO DE FORMA  1 UN X 8,50 (1,53)', 'Total bruto de itens   25,20', 'Desconto sobre item    -2,00', 'TOTAL R$               23,20'].join('\n'),
    );
    expect(market).toMatchObject({ currency: 'BRL', subtotal: 25.2, discount: 2, total: 23.2, totalMismatch: undefined });
    expect(market.items).toEqual([
      { name: 'LEITE INTEGRAL 1L', quantity: 2, unitPrice: 4.99, amount: 9.98 },
      { name: 'TOMATE', quantity: 0.85, unitPrice: 7.9, amount: 6.72 },
      { name: 'PAO DE FORMA', quantity: 1, unitPrice: 8.5, amount: 8.5 },
    ]);
  });

  it('reads 100 KB of text built against the patterns for spaced labels, misread letters, codes, counters and brackets in linear time', () => {
    expectLinearOn(['合 ', '합  ', 'rn', 'a 1R2 ', '2コ×', '単1 ', '(1,00) ', '0,5 KG X ', '1.25L ', 'ภาษี ', '[14/03/2024, 09:10] a: '], (text) => [`Shop\n${text}x\nTea 2.00\nTotal 2.00`, `${text}\nTea 2,00`, `Shop\n${text}1,00 1,00\nTotal 2.00`]);
  });

  it('reads a line below the total saying how much tax the total includes ("Total includes VAT £3.50") as that tax, not the total', () => {
    const bakery = parseReceipt(['THE CRUMB & KETTLE', 'Sourdough loaf      £4.80', 'Flat white x2       £6.20', 'Cinnamon bun        £10.00', 'TOTAL              £21.00', 'Card               £21.00', 'Total includes VAT £3.50'].join('\n'));
    expect(bakery).toMatchObject({ merchant: 'THE CRUMB & KETTLE', total: 21, currency: 'GBP', tax: 3.5, totalMismatch: undefined });
    expect(bakery.items).toHaveLength(3);
    const kiosk = parseReceipt(['Kiosk am Markt', 'Zeitung 3,40', 'Apfelschorle 2,60', 'Summe EUR 6,00', 'Summe enthält MwSt 0,62'].join('\n'));
    expect(kiosk).toMatchObject({ total: 6, currency: 'EUR', totalMismatch: undefined });
    expect(kiosk.items).toHaveLength(2);
  });

  it('still reads a total with its tax in it ("Total incl. VAT") as the total, alone or above a smaller total without the tax', () => {
    expect(parseReceipt(['Deli Nord', 'Soup 6.00', 'Bread 2.00', 'Total incl. GST $8.00'].join('\n'))).toMatchObject({ total: 8, totalMismatch: undefined });
    const wine = parseReceipt(['Cave Saint-Roch', 'Bordeaux 2019   40.00', 'Total           40.00', 'VAT 20%          8.00', 'Total incl. VAT 48.00'].join('\n'));
    expect(wine).toMatchObject({ total: 48, tax: 8, totalMismatch: undefined });
    expect(wine.items).toHaveLength(1);
  });

  it('skips a sentence to us above the receipt that mentions an amount, so it is neither an item nor keeps the merchant from being read', () => {
    const bistro = parseReceipt(
      ['Could you log this dinner? I paid 61.00 on my card but the lines only come to 55 or so', '', 'BISTRO LES TROIS ROSES', '12 Rue des Carmes, Lyon', 'Menu du jour x2     44.00', 'Carafe de vin       11.00', 'TOTAL EUR           61.00'].join('\n'),
    );
    expect(bistro).toMatchObject({ merchant: 'BISTRO LES TROIS ROSES', total: 61, currency: 'EUR', totalMismatch: { stated: 61, computed: 55 } });
    expect(bistro.items.map((item) => item.name)).toEqual(['Menu du jour', 'Carafe de vin']);
    const tienda = parseReceipt(['Me cobraron 23,40 en la ferretería, ¿me lo apuntas?', 'FERRETERÍA EL CLAVO', 'Tornillos 6,90', 'Martillo 16,50', 'Total 23,40'].join('\n'));
    expect(tienda).toMatchObject({ merchant: 'FERRETERÍA EL CLAVO', total: 23.4, totalMismatch: undefined });
    expect(tienda.items).toHaveLength(2);
  });

  it('still reads a first line in lower case with a price as an item when it speaks to no one', () => {
    const slip = parseReceipt(['large pepperoni pizza with extra cheese 14.00', 'garlic bread 4.50', 'total 18.50'].join('\n'));
    expect(slip.items.map((item) => item.name)).toEqual(['large pepperoni pizza with extra cheese', 'garlic bread']);
    expect(slip).toMatchObject({ total: 18.5, totalMismatch: undefined });
  });

  it('reads the amount to pay after a discount ("Valor a pagar", "Net à payer", "Netto a pagare") as the total, not the gross total above it', () => {
    const pastelaria = parseReceipt(['PASTELARIA FLOR DO PORTO', 'Pastel de nata x4     5,20', 'Galão x2              3,60', 'Total                 8,80', 'Desconto cliente      0,88', 'Valor a pagar         7,92', 'Multibanco            7,92'].join('\n'));
    expect(pastelaria).toMatchObject({ total: 7.92, discount: 0.88, totalMismatch: undefined });
    expect(pastelaria.items).toHaveLength(2);
    const librairie = parseReceipt(['Librairie du Quai', 'Roman poche   9,50', 'Carnet        6,50', 'Total TTC    16,00', 'Remise 10%    1,60', 'Net à payer  14,40'].join('\n'));
    expect(librairie).toMatchObject({ total: 14.4, discount: 1.6, totalMismatch: undefined });
    const ferramenta = parseReceipt(['Ferramenta Rossi', 'Cacciavite  7,00', 'Nastro  3,00', 'Totale  10,00', 'Sconto  1,00', 'Netto a pagare  9,00'].join('\n'));
    expect(ferramenta).toMatchObject({ total: 9, discount: 1, totalMismatch: undefined });
  });

  it('keeps the total when a balance "a pagar" of nothing follows the payment, and reads a bare "Netto" as the taxable base still', () => {
    const loja = parseReceipt(['Loja Azul', 'Camiseta 39,90', 'Meias 10,10', 'Total a pagar 50,00', 'Pix 50,00', 'Saldo a pagar 0,00'].join('\n'));
    expect(loja).toMatchObject({ total: 50, totalMismatch: undefined });
    expect(loja.items).toHaveLength(2);
    expect(parseReceipt(['Bäckerei Ost', 'Brot 3,21', 'Netto 3,00', 'MwSt 7% 0,21', 'Summe 3,21'].join('\n'))).toMatchObject({ total: 3.21, totalMismatch: undefined });
  });

  it('reads 100 KB of text built against the patterns for amounts to pay, included tax and sentences with amounts in linear time', () => {
    expectLinearOn(['a pagar ', 'Netto a ', 'Net à ', 'Total includes VAT 1.00 ', 'I paid 1.00 ', 'you? 1,00 '], (text) => [`Shop\n${text}x\nTea 2.00\nTotal 2.00`, `${text}\nTea 2,00`, `Shop\nTea 2.00\nTotal 2.00\n${text}1,00`]);
  });

  it('skips a note above the receipt written as sentences, mostly in lower case, though it starts with a capital and speaks as no one', () => {
    const hardware = parseReceipt(
      ['Offsite supplies, charging the project. Picked them up at the hardware place on Main', '', 'MILLBROOK HARDWARE', 'Extension cord 19.99', 'Duct tape 2 @ 4.50 9.00', 'Total 28.99'].join('\n'),
    );
    expect(hardware).toMatchObject({ merchant: 'MILLBROOK HARDWARE', total: 28.99, totalMismatch: undefined });
    expect(hardware.items).toHaveLength(2);
  });

  it('skips a note above the receipt that says something about the purchase, with a verb and mostly lower-case words, though it starts with a capital', () => {
    const noodles = parseReceipt(
      ['Parking went on the company card, this one is the team lunch on Friday', '', 'LUCKY DRAGON NOODLE BAR', 'Dan dan noodles 2 @ 9.50 19.00', 'Jasmine tea 3.00', 'Total 22.00'].join('\n'),
    );
    expect(noodles).toMatchObject({ merchant: 'LUCKY DRAGON NOODLE BAR', total: 22, totalMismatch: undefined });
    expect(noodles.items).toHaveLength(2);
    expect(merchant("It's the printer ink for the back office\nOFFICE WORLD")).toBe('OFFICE WORLD');
    expect(merchant("That's the hardware run, the rest went on cash\nKINGSWAY TIMBER & TOOLS")).toBe('KINGSWAY TIMBER & TOOLS');
    expect(merchant('Ferry tickets were separate so only the cabin snacks here\nSeaview Galley')).toBe('Seaview Galley');
  });

  it('keeps a shop name with a word that reads as a verb, printed in capitals or title case, as the merchant', () => {
    for (const name of ['Grab & Go', 'Park & Eat', 'Shop Rite', 'SHOP RITE', 'GRAB & GO', 'Stop & Shop', 'Save on Foods', "Eat at Joe's", 'Pick n Pay', 'Bar do Zé']) {
      expect(merchant(name)).toBe(name);
    }
  });

  it('reads money taken off under a plural name ("Descontos", "Descuentos", "Discounts", "Coupons") as a discount, not an item', () => {
    const fruteria = parseReceipt(['FRUTERÍA LA HUERTA', 'Naranjas 3,20', 'Aguacates 5,80', 'Importe total 9,00', 'Descuentos 0,90', 'Total a pagar 8,10'].join('\n'));
    expect(fruteria).toMatchObject({ total: 8.1, discount: 0.9, totalMismatch: undefined });
    expect(fruteria.items.map((item) => item.name)).toEqual(['Naranjas', 'Aguacates']);
    const padaria = parseReceipt(['PADARIA ESTRELA', 'Pão de queijo 12,00', 'Suco de laranja 8,00', 'Subtotal 20,00', 'Descontos concedidos 1,50', 'Valor a pagar 18,50'].join('\n'));
    expect(padaria).toMatchObject({ total: 18.5, discount: 1.5, totalMismatch: undefined });
    expect(padaria.items).toHaveLength(2);
    const pharmacy = parseReceipt(['Wellcare Pharmacy', 'Vitamin D 8.00', 'Plasters 4.00', 'Coupons 2.00', 'Discounts 1.00', 'Total 9.00'].join('\n'));
    expect(pharmacy).toMatchObject({ total: 9, discount: 3, totalMismatch: undefined });
    expect(pharmacy.items).toHaveLength(2);
  });

  it('reads 100 KB of notes with a verb above the receipt, one a line or one long line, and of plural discount words within a second', () => {
    // A note of 108 characters a line: some 930 lines, under the 2,000 read, each tried for a verb.
    const noteLine = 'It is the van on the card, the rest went on cash the other day so only the snacks are here for the team xxx\n';
    expectLinearOn([noteLine, 'It is the van on the card, ', 'Descontos ', 'coupons 1.00 '], (text) => [`${text}\nShop\nTea 2.00\nTotal 2.00`, `Shop\nTea 2.00\n${text}\nTotal 2.00`]);
  });

  it('keeps a printed name with a full stop between its parts, whose words are mostly capitalised, as the merchant', () => {
    expect(merchant('Café de la gare. Depuis 1920')).toBe('Café de la gare. Depuis 1920');
    expect(merchant('Bakehouse on the corner. Fresh Bread Daily')).toBe('Bakehouse on the corner. Fresh Bread Daily');
  });

  it("keeps an apostrophe inside the sender's name, and drops only the quotes around it", () => {
    expect(merchant("From: Mario's Trattoria <hello@mariostrattoria.example>")).toBe("Mario's Trattoria");
    expect(merchant('From: "O\'Malley\'s Bar" <tabs@omalleys.example>')).toBe("O'Malley's Bar");
    expect(merchant("From: 'Harbour Books' <orders@harbourbooks.example>")).toBe('Harbour Books');
  });

  it("reads a Japanese till's register and staff numbers as no item, in yen as in won", () => {
    const lawson = parseReceipt(
      ['ローソン 新宿西口店', '2025年3月2日(日) 12:31', 'レジ#3  担当:佐藤', 'おにぎり 鮭            ¥150', 'カフェラテM           ¥190', 'レジ袋                  ¥3', '合計                  ¥343', 'お預り                ¥500', 'お釣り                ¥157'].join('\n'),
    );
    expect(lawson).toMatchObject({ merchant: 'ローソン 新宿西口店', total: 343, currency: 'JPY', totalMismatch: undefined });
    // A shopping bag ("レジ袋") is an item: only the register's number is no purchase.
    expect(lawson.items.map((item) => item.name)).toEqual(['おにぎり 鮭', 'カフェラテM', 'レジ袋']);
    expect(parseReceipt('ファミリーマート\nレジ 0004  責No. 203\nからあげ ¥240\n合計 ¥240').items).toHaveLength(1);
    expect(parseReceipt('이마트24\n포스 02  계산원 1017\n삼각김밥 1,500\n합계 1,500')).toMatchObject({ total: 1500, items: [{ name: '삼각김밥' }], totalMismatch: undefined });
  });

  it('reads 100 KB of text built against the patterns for notes written as sentences, quoted senders and till numbers in linear time', () => {
    expectLinearOn(['aa. A ', 'aa.  ', 'From: \'a\' <', 'From: "a\'s ', 'レジ ', 'レジ# ', '責No. ', '担当: ', '포스 '], (text) => [`Shop\n${text}x\nTea 2.00\nTotal 2.00`, `${text}\nTea 2,00`, `${text}\nTea ¥200`]);
  });

  it('reads a day of the month written as an ordinal ("the 3rd") as no amount, in whole units as in cents', () => {
    // In yen every whole number is money: the "3rd" of a note above the receipt was read as a ¥3 item, before the merchant.
    const izakaya = parseReceipt(['Osaka client dinner on the 3rd, receipt from the izakaya', '', '居酒屋 はなび', '枝豆            ¥380', '唐揚げ          ¥620', '生ビール        ¥550', '合計          ¥1,550'].join('\n'));
    expect(izakaya).toMatchObject({ merchant: '居酒屋 はなび', total: 1550, currency: 'JPY', totalMismatch: undefined });
    expect(izakaya.items.map((item) => item.amount)).toEqual([380, 620, 550]);
    expect(parseReceipt('Seoul trip, bill from the 22nd\n김밥천국\n라면 4,500원\n합계 4,500원')).toMatchObject({ merchant: '김밥천국', total: 4500, items: [{ amount: 4500 }], totalMismatch: undefined });
  });

  it('keeps a price glued to letters that make no ordinal, and an ordinal in an item\'s name, as printed', () => {
    // "¥160軽" (the reduced tax rate's mark) and "1,500원" stay prices; "2nd" in a name is no price of its own.
    const konbini = parseReceipt(['ローソン', 'おにぎり ¥160軽', '2nd refill coffee ¥100', '合計 ¥260'].join('\n'));
    expect(konbini.items).toEqual([
      { name: 'おにぎり', quantity: 1, unitPrice: 160, amount: 160 },
      { name: '2nd refill coffee', quantity: 1, unitPrice: 100, amount: 100 },
    ]);
    expect(konbini.totalMismatch).toBeUndefined();
  });

  it("reads a folio's date column (day and month without the year, \"03.10.\") as no amount", () => {
    const inn = parseReceipt(
      [
        'GASTHOF ZUR LINDE',
        'Rechnung Nr. 4471',
        'Datum   Leistung                       EUR',
        '03.10.  Einzelzimmer                  89,00',
        '03.10.  Abendessen                    24,50',
        '04.10.  Einzelzimmer                  89,00',
        '04.10.  Garage                         6,00',
        'Gesamt                               208,50',
        '05.10.  Zahlung Visa                -208,50',
      ].join('\n'),
    );
    expect(inn).toMatchObject({ merchant: 'GASTHOF ZUR LINDE', total: 208.5, currency: 'EUR', totalMismatch: undefined });
    expect(inn.items.map((item) => [item.name, item.amount])).toEqual([['Einzelzimmer', 89], ['Abendessen', 24.5], ['Einzelzimmer', 89], ['Garage', 6]]);
  });

  it('keeps a price printed before its name, and an amount that is no day and month, as money', () => {
    // A price first ("4.50 Croissant") has no full stop after it; "12.45." names no month.
    expect(parseReceipt('Corner Bakery\n4.50 Croissant\n3.20 Latte\nTotal 7.70')).toMatchObject({ total: 7.7, items: [{ amount: 4.5 }, { amount: 3.2 }], totalMismatch: undefined });
    expect(parseReceipt('Corner Bakery\n12.45. Torte\nTotal 12.45')).toMatchObject({ total: 12.45, items: [{ amount: 12.45 }], totalMismatch: undefined });
  });

  it('reads thousands grouped by a space after a currency mark ("R1 850.00") as one amount', () => {
    const electrician = parseReceipt(
      ['KHUMALO AUTO ELECTRICAL', 'Alternator rebuild          R1 850.00', 'Battery terminals              R95.00', 'Subtotal                   R1 945.00', 'VAT 15%                      R291.75', 'Total                      R2 236.75'].join('\n'),
    );
    expect(electrician).toMatchObject({ currency: 'ZAR', subtotal: 1945, total: 2236.75, totalMismatch: undefined });
    expect(electrician.items.map((item) => item.amount)).toEqual([1850, 95]);
  });

  it('keeps a unit price after "@" or "x" apart from the amount after it, though a mark is glued to it', () => {
    // "@ R380 760.00": a unit price without cents, then the line's amount, not R380 760.00.
    const plumber = parseReceipt(['Bay Plumbing', 'Labour 2 hrs @ R380 760.00', 'Element 2 x R450 900.00', 'Total R1 660.00'].join('\n'));
    expect(plumber.items.map((item) => item.amount)).toEqual([760, 900]);
    expect(plumber).toMatchObject({ total: 1660, totalMismatch: undefined });
    // Without a mark a space groups no thousands before "." decimals: "2 350.00" is no 2,350.00.
    expect(parseReceipt('Bay Plumbing\nWasher 2 350.00\nTotal 350.00')).toMatchObject({ total: 350, items: [{ amount: 350 }], totalMismatch: undefined });
  });

  it('reads a charge whose name opens with a word for cash ("Bar") joined to more words by a dash, slash or "&" as an item', () => {
    // A hotel's outlets on its folio: "Bar" alone is cash in German ("Bar 50,00"), "Bar / Lounge" a charge.
    const folio = parseReceipt(
      ['GRAND HOTEL LAGO', 'Lungolago 12, 6900 Lugano', 'Zimmer 214', '21.06.  Pernottamento           145,00', '21.06.  Bar / Lounge             27,50', '22.06.  Bar & Terrazza             9,40', '22.06.  Resto - Pranzo           31,00', 'Totale EUR                   212,90'].join('\n'),
    );
    expect(folio).toMatchObject({ merchant: 'GRAND HOTEL LAGO', total: 212.9, totalMismatch: undefined });
    expect(folio.items.map((item) => [item.name, item.amount])).toEqual([['Pernottamento', 145], ['Bar / Lounge', 27.5], ['Bar & Terrazza', 9.4], ['Resto - Pranzo', 31]]);
    // Cash handed over, alone or before a dash and the amount, is still no item.
    expect(parseReceipt('Kiosk\nBrezel 1,40\nBar 5,00\nBAR - 2,00').items.map((item) => item.name)).toEqual(['Brezel']);
    expectLinearOn(['Bar - ', 'Bar  /  ', 'bar & ', 'Bar -', 'Resto / '], (text) => [`Shop\n${text}x 2,00\nTotal 2,00`, `Shop\nTea 2,00\n${text} 2,00`]);
  });

  it('reads space-grouped thousands after the currency a label names before a column of blanks ("Amount due (ZAR)   2 064.90")', () => {
    // The till names the currency once, in the total's label, and prints the amount in its column, grouped by a space.
    const tyres = parseReceipt(
      ['NAIDOO TYRE & EXHAUST', 'Pinetown, Durban', 'Exhaust system fitted        R1 420.00', 'Wheel alignment                R395.00', 'Valves x 4                     R249.90', 'Amount due (ZAR)              2 064.90'].join('\n'),
    );
    expect(tyres).toMatchObject({ currency: 'ZAR', total: 2064.9, totalMismatch: undefined });
    expect(tyres.items.map((item) => item.amount)).toEqual([1420, 395, 249.9]);
    // Without brackets too; and a total that does not add up is still flagged, read whole.
    const added = parseReceipt(['Tshwane Hardware', 'Ladder 6 step    R1 050.00', 'Paint roller        89.95', 'TOTAL ZAR          1 193.95'].join('\n'));
    expect(added).toMatchObject({ total: 1193.95, totalMismatch: { stated: 1193.95, computed: 1139.95 } });
    // With no currency named before the blanks, "3 200.00" is still a count and a price.
    expect(parseReceipt('Tshwane Hardware\nHinges          3 200.00\nTotal             200.00')).toMatchObject({ total: 200, items: [{ amount: 200 }], totalMismatch: undefined });
    expectLinearOn(['(ZAR) ', 'ZAR)  ', 'ZAR 1 ', ') 1 000 ', '(R)   '], (text) => [`Shop\n${text}x\nTea 2.00\nTotal 2.00`, `Shop\nTea ZAR)${text}1.00\nTotal (ZAR)${text}2 000.00`]);
  });

  it('reads a tax abbreviation only as a word of its own, not inside a word with letters beyond ASCII ("Frühstück" holds "hst")', () => {
    const cafe = parseReceipt(['Café Sonnenschein', 'Frühstücksteller        12,90', 'Cappuccino               3,80', 'Summe                   16,70', 'MwSt. 7% enthalten       1,09'].join('\n'));
    expect(cafe).toMatchObject({ total: 16.7, currency: 'EUR', totalMismatch: undefined });
    expect(cafe.items.map((item) => [item.name, item.amount])).toEqual([['Frühstücksteller', 12.9], ['Cappuccino', 3.8]]);
  });

  it('still reads a tax line whose label stands apart by punctuation, a rate or an accented letter of its own word', () => {
    // "MwSt.", "(USt)", "GST:" and "Thuế GTGT" are tax lines as before; only letters glued to the label make it part of a word.
    expect(parseReceipt('Laden\nBrot 3,00\nMwSt.19% 0,48\nSumme 3,48')).toMatchObject({ tax: 0.48, items: [{ amount: 3 }], totalMismatch: undefined });
    expect(parseReceipt('Laden\nBrot 3,00\n(USt) 0,57\nSumme 3,57')).toMatchObject({ tax: 0.57, items: [{ amount: 3 }], totalMismatch: undefined });
    expect(parseReceipt('Kopi Stall\nKopi 2.00\nGST: 0.18\nTotal 2.18')).toMatchObject({ tax: 0.18, items: [{ amount: 2 }], totalMismatch: undefined });
    expect(parseReceipt('Quán Ngon\nCơm tấm 50.000\nThuế GTGT 5.000\nTổng cộng 55.000')).toMatchObject({ tax: 5000, items: [{ amount: 50000 }], totalMismatch: undefined });
  });

  it('reads 100 KB of text built against the patterns for ordinals, date columns, marked thousands and tax words in linear time', () => {
    expectLinearOn(['1st ', '14th', '1.1. ', ' 1.1.', 'R1 000 ', 'R1 ', '@ R1 ', 'x R1 000 ', '@ ', 'Frühstück ', 'üstü '], (text) => [`Shop\n${text}x\nTea 2.00\nTotal 2.00`, `${text}\nTea 2,00`, `${text}\nTea ¥200`, `Shop\nTea R${text}1.00\nTotal R2 000.00`]);
  });

  it('reads a product code opening an item line (five digits or more, an EAN) as no part of the name', () => {
    const chemist = parseReceipt(['Drogaria Vila Nova', '7896004 PARACETAMOL 750MG 20CP  14,75', '4005900 HIDRATANTE CORPORAL 9,35', 'TOTAL R$ 24,10'].join('\n'));
    expect(chemist.items.map((item) => [item.name, item.amount])).toEqual([['PARACETAMOL 750MG 20CP', 14.75], ['HIDRATANTE CORPORAL', 9.35]]);
    expect(chemist.totalMismatch).toBeUndefined();
    // A code over its count line, and an EAN-13 opening a line in yen, where the code read as money left no name at all.
    const hardware = parseReceipt(['Ferragem Central', '40231 LIXA GRAO 120', '3 UN x 2,10', 'TOTAL 6,30'].join('\n'));
    expect(hardware.items).toEqual([{ name: 'LIXA GRAO 120', quantity: 3, unitPrice: 2.1, amount: 6.3 }]);
    expect(parseReceipt('ファミリーマート\n4902102072618 緑茶 500ml ¥150\n合計 ¥150').items).toEqual([{ name: '緑茶 500ml', quantity: 1, unitPrice: 150, amount: 150 }]);
  });

  it('keeps a number that is part of a product\'s name, and a price before its name in whole units, where they are', () => {
    const kiosk = parseReceipt(['Corner Kiosk', '7UP 330ML 1.20', '1664 BLANC 6X25CL 5.49', 'Total 6.69'].join('\n'));
    expect(kiosk.items.map((item) => [item.name, item.quantity, item.amount])).toEqual([['7UP 330ML', 1, 1.2], ['1664 BLANC 6X25CL', 1, 5.49]]);
    // In dong a number of five digits before the name is its price, not a code: only an EAN's eight or thirteen digits are.
    expect(parseReceipt('Quán Cô Ba\n35000 Bún chả\nTổng cộng 35.000').items).toEqual([{ name: 'Bún chả', quantity: 1, unitPrice: 35_000, amount: 35_000 }]);
  });

  it('reads a count printed in its column with its unit after runs of blanks ("2  UN   12,45   24,90") as the quantity, not part of the name', () => {
    const pharmacy = parseReceipt(
      ['FARMACIA SAO BENTO', 'Código   Descrição                Qtde Un  Vl Unit  Vl Total', '7896181  SORO FISIOLOGICO 500ML     3  UN    6,20    18,60', '7891150  ALGODAO 50G               1  UN    4,75     4,75', 'Valor total R$                                   23,35'].join('\n'),
    );
    expect(pharmacy.items).toEqual([
      { name: 'SORO FISIOLOGICO 500ML', quantity: 3, unitPrice: 6.2, amount: 18.6 },
      { name: 'ALGODAO 50G', quantity: 1, unitPrice: 4.75, amount: 4.75 },
    ]);
    // A weight in its column ("0,640  KG"), and a count with its unit but no unit price.
    const grocer = parseReceipt(['Hortifruti Lapa', 'MAMAO FORMOSA      0,640  KG    8,50     5,44', 'OVOS BRANCOS       2   DZ', 'CHUCHU             4  un         3,96', 'TOTAL 9,40'].join('\n'));
    expect(grocer.items.map((item) => [item.name, item.quantity, item.amount])).toEqual([['MAMAO FORMOSA', 0.64, 5.44], ['CHUCHU', 4, 3.96]]);
    // Written with an "x" before the unit price, as before.
    expect(parseReceipt('Papelaria\nCANETA AZUL\n4   PC X 1.35\nTotal 5.40').items).toEqual([{ name: 'CANETA AZUL', quantity: 4, unitPrice: 1.35, amount: 5.4 }]);
  });

  it('reads a weight in a column as the quantity only when it makes the amount with the unit price after it', () => {
    // No unit price, or one the weight does not make the amount with: one item at the amount, as before.
    const butcher = parseReceipt(['Acougue Serra', 'QUEIJO MINAS      1,5  KG     21,90', 'PICANHA      1,050  KG   59,90   59,90', 'TOTAL 81,80'].join('\n'));
    expect(butcher.items.map((item) => [item.quantity, item.amount])).toEqual([[1, 21.9], [1, 59.9]]);
    expect(butcher.totalMismatch).toBeUndefined();
  });

  it('names a volume line after the fuel named on the pump line above it', () => {
    const station = parseReceipt(['ESSO HIGHFIELD', 'Pump 07  Unleaded 95', '36.52 L @ 1.749  63.87', 'TOTAL 63.87'].join('\n'));
    expect(station.items).toEqual([{ name: 'Unleaded 95', quantity: 36.52, unitPrice: 1.749, amount: 63.87 }]);
    expect(station.totalMismatch).toBeUndefined();
    // The fuel after a colon, the volume before an "x" or before a unit price with two decimals.
    expect(parseReceipt('Tankstelle Nord\nZapfsäule 3: Diesel\n41,20 L x 1,659  68,35\nSumme 68,35').items).toEqual([{ name: 'Diesel', quantity: 41.2, unitPrice: 1.659, amount: 68.35 }]);
    expect(parseReceipt('Gas & Go\nPump 2  Regular\n12.000 gal @ 3.49  41.88\nTotal 41.88').items).toEqual([{ name: 'Regular', quantity: 12, unitPrice: 3.49, amount: 41.88 }]);
    // A price a litre in cents ("c/L"), and the fuel on a line of its own below the pump's number.
    expect(parseReceipt('Caltex Woolworths Dubbo\nPump 2\nPremium 95\n30.50 L @ 205.9 c/L  $62.80\nTOTAL $62.80').items).toEqual([{ name: 'Premium 95', quantity: 30.5, unitPrice: 2.059, amount: 62.8 }]);
    expect(parseReceipt('Relais Saint-Michel\nPompe 2  SP95-E10\n30,00 L @ 1,80  54,00\nTOTAL 54,00').items).toEqual([{ name: 'SP95-E10', quantity: 30, unitPrice: 1.8, amount: 54 }]);
  });

  it('keeps a volume line as read when no fuel is named above it', () => {
    for (const above of ['Pump 07', 'Kassierer Jan']) {
      const station = parseReceipt(['ESSO HIGHFIELD', above, '36.52 L @ 1.749  63.87', 'TOTAL 63.87'].join('\n'));
      expect(station.items.map((item) => [item.name, item.quantity, item.amount])).toEqual([['36.52 L', 1, 63.87]]);
    }
    // A fuel named on the line with its volume stays as it is.
    expect(parseReceipt('Fuel Stop\nDiesel 40.00L @ 1.80/L $72.00\nTotal $72.00').items).toEqual([{ name: 'Diesel 40.00L', quantity: 1, unitPrice: 1.8, amount: 72 }]);
  });

  it("reads a folio whose charges open with their day and month, below the folio's and the guest's numbers", () => {
    const folio = parseReceipt(
      [
        'GION RYOKAN MATSUBA',
        '京都市東山区祇園町南側570',
        'Folio No. 0007215',
        'Guest: Mr. Tom Becker        Room 312',
        'Arrival 2025/10/02   Departure 2025/10/04',
        '10/02  Accommodation 宿泊          ¥18,500',
        '10/02  Bathing Tax 入湯税             ¥150',
        '10/03  Accommodation 宿泊          ¥18,500',
        '10/03  Dinner 夕食                  ¥6,200',
        '10/03  Bathing Tax 入湯税             ¥150',
        'Total 合計                        ¥43,500',
      ].join('\n'),
    );
    expect(folio.items.map((item) => [item.name, item.amount])).toEqual([['Accommodation 宿泊', 18500], ['Accommodation 宿泊', 18500], ['Dinner 夕食', 6200]]);
    expect(folio.tax).toBe(300);
    expect(folio.totalMismatch).toBeUndefined();
    // A day and month alone on its line is no amount; a fraction opening an item's name stays in it.
    expect(parseReceipt('Quán Chè Út\n3/11\nchè bưởi ...... 25.000\nchè đậu ....... 20.000\nTổng cộng 45.000').items).toHaveLength(2);
    expect(parseReceipt("Chicken Shack\n1/2 Chicken 8.50\nTotal 8.50").items).toEqual([{ name: '1/2 Chicken', quantity: 1, unitPrice: 8.5, amount: 8.5 }]);
  });

  it("drops a stall's or a register's number above the items when the total does not count it", () => {
    const stall = parseReceipt(
      ['Quầy Bánh Mì Bà Sáu', 'Chợ Bến Thành - quầy 112', 'bánh mì thịt 3 ổ ........ 75.000', 'bánh bao 2 cái .......... 30.000', 'sữa đậu nành ............ 16.000', 'Tổng cộng: 121.000đ'].join('\n'),
    );
    expect(stall.items.map((item) => item.amount)).toEqual([75000, 30000, 16000]);
    expect(stall.totalMismatch).toBeUndefined();
    // Items priced without a mark or thousands, all of which the total counts, stay.
    expect(parseReceipt('喫茶ルミ\nブレンド 480\nチーズケーキ 520\n合計 ¥1,000').items).toHaveLength(2);
  });

  it("reads money taken off between the goods' total and the amount to pay as a discount", () => {
    const bookshop = parseReceipt(
      [
        '책방 오늘',
        '서울 종로구 자하문로 24',
        '2025-05-02 11:40   POS 02   No.0087',
        '도서명                   수량       금액',
        '아몬드                    1      15,000',
        '불편한 편의점              2      28,000',
        '----------------------------------------',
        '합계                             43,000',
        '제휴할인(5%)                     -2,150',
        '받을금액                         40,850',
      ].join('\n'),
    );
    expect(bookshop.items.map((item) => [item.name, item.amount])).toEqual([['아몬드', 15000], ['불편한 편의점', 28000]]);
    expect([bookshop.discount, bookshop.total, bookshop.totalMismatch]).toEqual([2150, 40850, undefined]);
    // Under any name: the amount to pay after the total closes the bill the money taken off belongs to.
    const grocer = parseReceipt('Fenwick Grocer\nOat milk 3.20\nSourdough 5.80\nTotal 9.00\nStaff reward -0.90\nAmount to pay 8.10');
    expect([grocer.items.length, grocer.discount, grocer.total, grocer.totalMismatch]).toEqual([2, 0.9, 8.1, undefined]);
  });

  it("reads a masked card number's last digits on the payment line ('****-****-****-5032') as no money, in whole units", () => {
    const bakery = parseReceipt(
      [
        '달빛베이커리 서면점',
        '부산광역시 부산진구 중앙대로 680',
        '품명              수량        금액',
        '소금빵             3        9,000',
        '우유식빵           1        4,800',
        '아메리카노         1        3,200',
        '공급가액                   15,455',
        '부가세                      1,545',
        '합계                     ₩17,000',
        '체크카드(신한) ****-****-****-5032',
        '결제금액                 ₩17,000',
      ].join('\n'),
    );
    expect(bakery.items.map((item) => [item.name, item.amount])).toEqual([['소금빵', 9000], ['우유식빵', 4800], ['아메리카노', 3200]]);
    expect([bakery.discount, bakery.total, bakery.totalMismatch]).toEqual([undefined, 17000, undefined]);
    // Masked with X's or blanks between the groups, in yen.
    const kissaten = parseReceipt('喫茶ミモザ\nブレンド ¥480\nチーズケーキ ¥520\n合計 ¥1,000\nVISA XXXX XXXX XXXX 3391\nお支払合計 ¥1,000');
    expect([kissaten.items.length, kissaten.discount, kissaten.total, kissaten.totalMismatch]).toEqual([2, undefined, 1000, undefined]);
  });

  it('reads a scanned receipt whose amounts have an O for a 0 ("£5.5O") and whose subtotal has a 5 for an S ("5UBT0TA1")', () => {
    const garden = parseReceipt(
      [
        'PRIMROSE GARDEN CENTRE',
        'Hebden Bridge HX7 8AD',
        'COMPOST 40L 2OO PK              £5.5O',
        'JUTE TWlNE',
        '   3 @ £1.2O                     £3.6O',
        'BYPASS SECATEURS                £12.99',
        '5UBT0TA1                        £22.09',
        'T0TAL                           £22.09',
        'VAT @ 2O% INC                    £3.O8',
      ].join('\n'),
    );
    expect(garden.items).toEqual([
      { name: 'COMPOST 40L 2OO PK', quantity: 1, unitPrice: 5.5, amount: 5.5 },
      { name: 'JUTE TWlNE', quantity: 3, unitPrice: 1.2, amount: 3.6 },
      { name: 'BYPASS SECATEURS', quantity: 1, unitPrice: 12.99, amount: 12.99 },
    ]);
    expect(garden).toMatchObject({ subtotal: 22.09, tax: 3.08, total: 22.09, currency: 'GBP', totalMismatch: undefined });
  });

  it('reads 100 KB of text built against the patterns for masked card numbers and digits misread as letters in linear time', () => {
    expectLinearOn(['***-', 'XXXX ', '•••• 1', '1O', 'O.', '1.O', 'O,OO ', '5A', 'A5', 'a1 '], (text) => [`Shop\n${text}x\nTea 2.00\nTotal 2.00`, `${text}\nTea ¥200`, `Shop\nTea 1.OO\n${text}1.OO\nTotal 1.00`]);
  });

  it('reads 100 KB of text built against the patterns for slashed date columns and zero-padded numbers in linear time', () => {
    expectLinearOn(['1/11 ', '04/09', '1/', '/1', '01 ', '0', 'Room 807 '], (text) => [`Shop\n${text}x\nTea ¥200\nTotal ¥200`, `${text}\nTea 2.00`, `Shop\n${text}\nTea ¥200\nTotal ¥300`]);
  });

  it('reads 100 KB of text built against the patterns for product codes, quantity columns and pump lines in linear time', () => {
    expectLinearOn(['12345 ', '1  UN  ', '1,5  KG  ', '1  ', 'Pump 1 ', 'Pump 1: ', 'Diesel ', '1.5 L @ '], (text) => [`Shop\n${text}x\nTea 2.00\nTotal 2.00`, `${text}\nTea 2,00`, `Shop\nTea ${text}1,00 1,00\nTotal 2.00`, `Shop\nPump 1 ${text}Diesel\n1.5 L @ 1.000 1.50\nTotal 1.50`, `Shop\n${text}\n1.5 L @ 1.000 1.50`]);
  });

  it('handles huge receipts quickly', () => {
    const text = Array.from({ length: 1_000 }, (_, i) => `Item ${i} 1.00`).join('\n').slice(0, 20_000);
    const cpu = startCpuClock();
    const receipt = parseReceipt(text);
    expect(cpu.ms()).toBeLessThan(1_000);
    expect(receipt.total).toBe(receipt.items.length);
  });
});

describe('amounts and currencies', () => {
  it.each([
    ['3.50', 3.5],
    ['3,50', 3.5],
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ["1'234.50", 1234.5],
    ['1,200', 1200],
    ['12', 12],
  ])('parses %s', (raw, value) => {
    expect(parseAmount(raw)).toBe(value);
  });

  it.each([
    ['Total £12.00', 'GBP'],
    ['Total CHF 12.00', 'CHF'],
    ['Total CA$12.00', 'CAD'],
    ['Total 12.00 €', 'EUR'],
    ['Total ¥1200', 'JPY'],
    ['Total $12 but billed in EUR', 'EUR'],
    ['Total CN¥116', 'CNY'],
    ['Total ₩21000', 'KRW'],
  ])('detects the currency of %j', (text, currency) => {
    expect(detectCurrency(text)).toEqual({ code: currency, stated: true });
  });

  it.each([
    ['Toronto ON M5V 2T6\nHST 13% 1.30\nTotal 11.30', 'CAD'],
    ['Montréal QC H2S 2S1\nTPS 5% 0,39\nTVQ 9,975% 0,78\nTotal 8,95', 'CAD'],
    ['GST/HST no. 87654 3210 RT0001\nTotal 8.95', 'CAD'],
    ['Chennai 600017\nGSTIN: 33AAACS1234F1Z9\nCGST 2.5% 5.00\nSGST 2.5% 5.00\nTotal 210.00', 'INR'],
    ['George St, Sydney NSW 2000\nTotal 22.00', 'AUD'],
    ['Total 22.00\nGST incl. 2.00\nEFTPOS 22.00', 'AUD'],
    ['123 Queen St, Auckland 1010\nGST No: 123-456-789\nTotal 25.50', 'NZD'],
    ['Raffles Place, Singapore 048616\nTotal 10.80', 'SGD'],
    ['Boon Tong Kee Pte Ltd\nTotal 10.80', 'SGD'],
    ['12 Strand, London WC2N 5HR\nTotal 5.55', 'GBP'],
    ['Tea 2.00\nGST 5% 0.10\nPST 7% 0.14\nTotal 2.24', 'CAD'],
    // No place printed, but a VAT line, which the US does not levy: its rate says where.
    ['Cottage pie 12.50\nTOTAL 12.50\nVAT @ 20% incl. 2.08', 'GBP'],
    ['Toasted special 7.95\nTotal 7.95\n23% VAT 1.49', 'EUR'],
    ['Bitterballen 8.50\nTotal 8.50\nVAT 21% included 1.48', 'EUR'],
    ['Mexico, Oaxaca, Oax.\nTotal 180.00', 'MXN'],
  ])('reads the currency of bare amounts from where %j was printed', (text, currency) => {
    expect(detectCurrency(text)).toEqual({ code: currency, stated: false });
  });

  it.each([
    ['Calgary AB T2P 1J9\nTotal $12.00', 'CAD'],
    ['ABN 51 824 753 556\nTotal $35.10', 'AUD'],
    ['Tanjong Pagar, Singapore 082012\nTotal $23.86', 'SGD'],
    ['RFC: CCO8605231N4\nTotal $35.00\nIVA 16% incluido $4.83', 'MXN'],
    // A Mexican state's abbreviation after a town, the capital, or IVA (which the US does not levy) beside a "$".
    ['Calz. Independencia 88, Guadalajara, Jal.\nTotal $120.00', 'MXN'],
    ['San Pedro Garza García, N.L.\nTotal $240.00', 'MXN'],
    ['Col. Roma Norte, CDMX\nTotal $95.00', 'MXN'],
    ['Tortas 2 $70.00\nTotal $70.00\nIVA incluido', 'MXN'],
    ['Server: Iva\nTotal $12.00', 'USD'],
    ['Grand Total (Rs.) 388.50', 'INR'],
    ['Total RS 210', 'INR'],
    // A clear mark or code wins over where the receipt was printed; a "$" never names a country's non-dollar currency.
    ['Vancouver BC\nTotal 12,00 €', 'EUR'],
    ['Toronto ON M5V 2T6\nTotal USD 12.00', 'USD'],
    ['12 Strand, London WC2N 5HR\nTotal $5.55', 'USD'],
    ['GSTIN: 33AAACS1234F1Z9\nTotal $5.55', 'USD'],
    ['Seattle, WA 98101\nTotal $17.59\n10:32 PST', 'USD'],
    // A French-Canadian address: the province in brackets, a postal code whose "1R4" is no rand amount.
    ['Montréal (Québec) H3B 1R4\nCafé 4,00 $', 'CAD'],
    ['Gatineau (Québec)\nCafé 4,00 $', 'CAD'],
  ])('reads a "$" or a mark in %j with where it was printed', (text, currency) => {
    expect(detectCurrency(text)).toEqual({ code: currency, stated: true });
  });

  it('reads the baht from Thai script or a Thai place when no mark is printed, and a whole-unit currency beside a measure with decimals', () => {
    expect(detectCurrency('ข้าวผัด 60.00\nรวม 60.00')).toEqual({ code: 'THB', stated: false });
    expect(detectCurrency('Sukhumvit Soi 11, Bangkok 10110\nPad thai 120.00')).toEqual({ code: 'THB', stated: false });
    expect(detectCurrency('Total R 45.00')).toEqual({ code: 'ZAR', stated: true });
    // "1.5L" is a measure, not cents: the won of a Korean receipt has none.
    expect(detectCurrency('생수 1.5L 1,200\n부가세 109\n합계 1,200')).toEqual({ code: 'KRW', stated: false });
  });

  it('reads the Vietnamese dong in whole units from its marks, or from Vietnamese letters when none is printed, never beside cents', () => {
    expect(detectCurrency('Bún bò 55.000đ\nTổng cộng 55.000đ')).toEqual({ code: 'VND', stated: true });
    expect(detectCurrency('Sinh tố bơ 45.000 ₫')).toEqual({ code: 'VND', stated: true });
    expect(detectCurrency('TONG CONG 120.000 VNĐ')).toEqual({ code: 'VND', stated: true });
    expect(detectCurrency('Bún bò Huế 55.000\nTổng cộng 55.000')).toEqual({ code: 'VND', stated: false });
    // The dong has no cents: a Vietnamese dish priced with them was sold elsewhere.
    expect(detectCurrency('Phở tái 14.50\nTotal 14.50')).toEqual({ code: 'USD', stated: false });
    expect(detectCurrency('Phở tái $14.50\nTotal $14.50')).toEqual({ code: 'USD', stated: true });
    // "." groups thousands: "25.000" is twenty-five thousand dong.
    expect(parseReceipt('Tiệm Bánh Mì Cô Ba\nBánh mì thịt 25.000\nSữa đậu nành 12.000\nTổng cộng 37.000')).toMatchObject({
      currency: 'VND',
      total: 37000,
      items: [{ amount: 25000 }, { amount: 12000 }],
      totalMismatch: undefined,
    });
  });

  it('reads the Kenyan shilling from its abbreviations and code, and from Kenyan clues when none is printed', () => {
    expect(detectCurrency('Total Kshs 420.00')).toEqual({ code: 'KES', stated: true });
    expect(detectCurrency('TOTAL KSH 1,250.00')).toEqual({ code: 'KES', stated: true });
    expect(detectCurrency('Total KES 980.00')).toEqual({ code: 'KES', stated: true });
    expect(detectCurrency('Kenyatta Ave, Nakuru\nTotal 1,250.00\nLipa na M-PESA 1,250.00')).toEqual({ code: 'KES', stated: false });
    expect(detectCurrency('KRA PIN A012345678Z\nTotal 300.00')).toEqual({ code: 'KES', stated: false });
    expect(parseReceipt('Java Corner Kisumu\nChai 2 x 150.00  300.00\nSamosa  120.00\nTotal KSh 420')).toMatchObject({ currency: 'KES', total: 420, totalMismatch: undefined });
  });

  it('reads the naira from its code on a Nigerian till slip whose total does not add up', () => {
    const slip = parseReceipt(
      [
        'MAMA TEE FOODS & PROVISIONS',
        '14 Allen Avenue, Ikeja',
        'SEMOVITA 1KG                  2,150.00',
        'HOLLANDIA YOGHURT',
        '   2 x 1,100.00               2,200.00',
        'MILO REFILL 500G              4,350.00',
        'SUBTOTAL                      8,700.00',
        'VAT 7.5%                        652.50',
        'TOTAL               NGN       9,532.50',
        'TRANSFER                      9,532.50',
      ].join('\n'),
    );
    expect(slip).toMatchObject({ merchant: 'MAMA TEE FOODS & PROVISIONS', currency: 'NGN', currencyStated: true, total: 9532.5, totalMismatch: { stated: 9532.5, computed: 9352.5 } });
    expect(slip.items).toHaveLength(3);
  });

  it.each([
    ['Jollof rice ₦3,500.00\nTotal ₦3,500.00', 'NGN'],
    ['Suya N2,400.00\nChapman N1,800.00\nTotal N4,200.00', 'NGN'],
    ['Waakye 25.00\nTotal GH₵ 25.00', 'GHS'],
    ['Kenkey 18.00\nTOTAL GHC 18.00', 'GHS'],
    ['Koshary 45.00\nTotal E£ 45.00', 'EGP'],
    ['Ful medames 30.00 L.E.\nTotal 30.00 L.E.', 'EGP'],
    ['كشري 45.00 ج.م', 'EGP'],
    ['Total PKR 1,450.00', 'PKR'],
    ['Fuchka ৳ 120\nTotal ৳ 120', 'BDT'],
    ['Biryani Tk 350\nTotal Tk. 350', 'BDT'],
    ['Nasi goreng Rp 35.000\nTotal Rp 35.000', 'IDR'],
    ['Es teh RP.8.000\nTOTAL RP.8.000', 'IDR'],
    ['Nasi lemak RM 8.50\nTotal RM12.50', 'MYR'],
    ['Falafel 32.00 NIS\nTotal 32.00 NIS', 'ILS'],
    ['Хумус 38.00 ש"ח', 'ILS'],
    ['Вареники 120 грн\nРазом 120 грн', 'UAH'],
    ['Борщ ₴95.00', 'UAH'],
  ])('reads the currency mark in %j', (text, currency) => {
    expect(detectCurrency(text)).toEqual({ code: currency, stated: true });
  });

  it.each([
    // Nigeria: a town or district, its dialling code, its tax number's form, its VAT rate of 7.5%.
    ['Wuse 2, Abuja\nPepper soup 4,500.00\nTotal 4,500.00', 'NGN'],
    ['Tel: +234 803 555 0147\nTotal 6,200.00', 'NGN'],
    ['TIN: 12345678-0001\nTotal 2,750.00', 'NGN'],
    ['Puff puff 600.00\nVAT 7.5% 45.00\nTotal 645.00', 'NGN'],
    ['Osu Oxford St, Accra\nTotal 85.00', 'GHS'],
    ['Banku 40.00\nNHIL 2.5% 1.00\nGETFund 2.5% 1.00\nTotal 42.00', 'GHS'],
    ['Zamalek, Cairo\nTotal 260.00', 'EGP'],
    ['Gulberg III, Lahore\nTotal 1,850.00', 'PKR'],
    ['Mushak-6.3\nDhanmondi, Dhaka\nTotal 980.00', 'BDT'],
    ['VAT REG TIN: 123-456-789-000\nVATable Sales 401.79\nTotal 450.00', 'PHP'],
    ['Ayala Ave, Makati\nTotal 450.00', 'PHP'],
    ['Jl. Kemang Raya No. 8\nTotal 87.000', 'IDR'],
    ['NPWP 01.234.567.8-901.000\nPPN 11% 9.900\nTotal 99.900', 'IDR'],
    ['Bukit Bintang, Kuala Lumpur\nTotal 23.40', 'MYR'],
    // Poland: comma decimals, which would read as euros, on a fiscal receipt.
    ['PARAGON FISKALNY\nChleb 4,99 A\nPTU A 23% 0,93\nSUMA 4,99', 'PLN'],
    ['NIP 526-104-08-28\nRazem 12,50', 'PLN'],
    ['קפה הפוך 16.00\nסה"כ 16.00', 'ILS'],
    ['Хрещатик 22, Київ\nРазом 240.00', 'UAH'],
    ['Кава 65.00\nПДВ А 20% 10.83\nСума 65.00', 'UAH'],
  ])('reads the currency of bare amounts from where %j was printed', (text, currency) => {
    expect(detectCurrency(text)).toEqual({ code: currency, stated: false });
  });

  it('reads "Rs" as the Pakistani rupee on a receipt printed in Pakistan, else as the Indian rupee', () => {
    expect(detectCurrency('Clifton, Karachi\nNihari Rs. 650\nTotal Rs. 650')).toEqual({ code: 'PKR', stated: true });
    expect(detectCurrency('NTN: 1234567-8\nSTRN: 1700000000000\nTotal Rs 1,200.00')).toEqual({ code: 'PKR', stated: true });
    expect(detectCurrency('Total Rs 1,200.00')).toEqual({ code: 'INR', stated: true });
    // An Indian clue with "Rs" stays Indian; a "$" still names no rupee.
    expect(detectCurrency('GSTIN: 33AAACS1234F1Z9\nTotal Rs. 210')).toEqual({ code: 'INR', stated: true });
    expect(detectCurrency('Lahore Grill, Houston TX\nTotal $24.00')).toEqual({ code: 'USD', stated: true });
    expect(parseReceipt('Student Biryani, Karachi\nChicken Biryani Rs. 480\nRaita Rs. 70\nTotal Rs. 550')).toMatchObject({ currency: 'PKR', total: 550, totalMismatch: undefined });
  });

  it('reads amounts glued to the naira, ringgit, rupiah and taka marks', () => {
    expect(parseReceipt('Buka Express\nAmala N1,500.00\nEwedu N300.00\nTotal N1,800.00')).toMatchObject({ currency: 'NGN', total: 1800, items: [{ amount: 1500 }, { amount: 300 }], totalMismatch: undefined });
    expect(parseReceipt('Mamak Corner\nRoti canai RM2.50\nTeh tarik RM3.00\nTotal RM5.50')).toMatchObject({ currency: 'MYR', total: 5.5, items: [{ amount: 2.5 }, { amount: 3 }], totalMismatch: undefined });
    expect(parseReceipt('Warung Bu Sri\nSoto ayam Rp25.000\nEs jeruk Rp8.000\nTotal Rp33.000')).toMatchObject({ currency: 'IDR', total: 33000, items: [{ amount: 25000 }, { amount: 8000 }], totalMismatch: undefined });
    expect(parseReceipt('Star Kabab\nKacchi Tk350\nBorhani Tk60\nTotal Tk410')).toMatchObject({ currency: 'BDT', total: 410, items: [{ amount: 350 }, { amount: 60 }], totalMismatch: undefined });
  });

  it.each([
    // A letter N, RM, Rp or Tk that is no currency mark, and places that share a name.
    ['Size N 2.00\nTotal 2.00', 'USD'],
    ['USB-C cable N5 9.99\nTotal 9.99', 'USD'],
    ['RM Williams belt 120.00\nTotal 120.00', 'USD'],
    ['Guest RM 204\nTotal 120.00', 'USD'],
    ['Sharp calculator 12.00\nRPM counter 3.00\nTotal 15.00', 'USD'],
    ['TK Maxx\nScarf 12.00\nTotal 12.00', 'USD'],
    ['Tkachenko 4.00\nTotal 4.00', 'USD'],
    ['Tennis balls 4.00\nTotal 4.00', 'USD'],
    ['Tamale 3.50\nTotal 3.50', 'USD'],
    ['Rua 25 de Abril, 8600-315 Lagos\nBica 1,20\nTotal 1,20', 'EUR'],
    // Russian, without the letters only Ukrainian writes.
    ['Борщ 450,00\nИтого 450,00', 'EUR'],
    ['Sales tax 7.5% 0.45\nTotal 6.45', 'USD'],
  ])('reads no new currency into %j', (text, currency) => {
    expect(detectCurrency(text).code).toBe(currency);
  });

  it('reads the E£ as the Egyptian pound, never the British one', () => {
    expect(parseReceipt('Abou Tarek\nKoshary E£ 40.00\nPepsi E£ 15.00\nTotal E£ 55.00')).toMatchObject({ currency: 'EGP', total: 55, items: [{}, {}] });
  });

  it('reads 100 KB of text built against the patterns for the naira, cedi, rupiah, ringgit, taka, shekel and hryvnia in linear time', () => {
    expectLinearOn(
      ['N1', 'N1,', 'N1,000', 'RM 1', 'RM1,1', 'Rp ', 'Tk ', '1 Tk', '1 ج. ', 'L. E', 'ש"', 'грн1', 'TIN 1', '0000-000 ', 'BIN 1', 'PPN 1', 'NIP 1', 'PTU A ', 'E£'],
      (text) => [`Shop\n${text}x\nTea 2.00\nTotal 2.00`, `${text}\nTea 2,00`, `Shop\nTea ${text}1.00\nTotal N2,000.00`],
    );
  });

  it('reads a rupee amount printed without decimals', () => {
    expect(parseReceipt('Saravana Bhavan\nMeals Rs. 150\nSweet Lassi Rs. 60\nTotal Rs. 210')).toMatchObject({ currency: 'INR', total: 210, items: [{ amount: 150 }, { amount: 60 }] });
  });

  it.each([
    ['Total 12.00', 'USD'],
    ['Summe 12,50', 'EUR'],
    ['Total 1.299,00', 'EUR'],
    // A VAT rate that names no one country leaves the default.
    ['Total 11.50\nVAT 15% 1.50', 'USD'],
  ])('infers the currency of %j when none is printed, and says so', (text, currency) => {
    expect(detectCurrency(text)).toEqual({ code: currency, stated: false });
  });
});

describe('extractReceiptData', () => {
  it('renders an itemized Markdown table and exactly the spec metadata', async () => {
    const draft = await run('Extract this receipt:\nTrattoria Roma\n2 x Pizza | Margherita 24,00 €\nWasser 3,50 €\nGesamt 27,50 €');
    expect(draft.metadata).toEqual({ total: 27.5, currency: 'EUR', itemCount: 2 });
    expect(draft.title).toBe('Receipt — Trattoria Roma: EUR 27.50');
    expect(draft.content).toContain('| Item | Qty | Unit price | Amount |');
    expect(draft.content).toContain('| Pizza \\| Margherita | 2 | 12.00 | 24.00 |');
    expect(draft.content).toContain('| **Total** | **27.50 EUR** |');
  });

  it('marks a computed total', async () => {
    const draft = await run('Bagel 2.50\nCoffee 3.00');
    expect(draft.metadata).toEqual({ total: 5.5, currency: 'USD', itemCount: 2 });
    expect(draft.content).toContain('| **Total (computed)** | **5.50 USD** |');
  });

  it('reads the text of an attached PDF', async () => {
    const pdf = buildPdf(['Cafe Lumiere', '2 x Latte 7.00', 'Croissant 2.50', 'TOTAL EUR 9.50']);
    const draft = await run('Extract the receipt I attached', [{ mediaType: 'application/pdf', filename: 'receipt.pdf', data: pdf }]);
    expect(draft.metadata).toEqual({ total: 9.5, currency: 'EUR', itemCount: 2 });
    expect(draft.title).toBe('Receipt — Cafe Lumiere: EUR 9.50');
  });

  it('explains that the offline model cannot read receipt photos', async () => {
    const photo: Attachment = { mediaType: 'image/jpeg', data: new Uint8Array([0xff, 0xd8, 0xff]) };
    await expect(run('Extract this receipt', [photo])).rejects.toThrow(/offline model cannot read images.*paste the receipt text.*PDF/i);
  });

  it('reads photos through the vision model when there is one', async () => {
    const photo: Attachment = { mediaType: 'image/png', data: new Uint8Array([0x89]) };
    const draft = await run(undefined, [photo], (image) => Promise.resolve(image === photo ? 'Tea 2.00\nTotal 2.00' : ''));
    expect(draft.metadata).toEqual({ total: 2, currency: 'USD', itemCount: 1 });
  });

  it('falls back to pasted text when the photo cannot be read', async () => {
    const photo: Attachment = { mediaType: 'image/heic', data: new Uint8Array([1]) };
    const draft = await run('Tea 2.00\nScone 3.00', [photo]);
    expect(draft.metadata).toEqual({ total: 5, currency: 'USD', itemCount: 2 });
  });

  it('rejects an unreadable PDF with a clear message', async () => {
    const broken: Attachment = { mediaType: 'application/pdf', data: new TextEncoder().encode('not a pdf') };
    await expect(run(undefined, [broken])).rejects.toThrow(ToolInputError);
  });
});

describe('parseReceipt: a note pointing at the receipt or presenting it in another language', () => {
  it('reads a line with a pointing emoji above the receipt as the user\'s, not the merchant', () => {
    expect(merchant('Dinner Monday 👇\nOSTERIA LUCA')).toBe('OSTERIA LUCA');
    expect(merchant('Parking ⬇️\nINDIGO PARKING')).toBe('INDIGO PARKING');
  });

  it('reads a line presenting the receipt in Spanish, French, Italian, Portuguese or German as the user\'s', () => {
    expect(merchant('Te paso el de la farmacia\nFARMACIA SAN JORGE')).toBe('FARMACIA SAN JORGE');
    expect(merchant('Voici celui du parking\nPARKING INDIGO')).toBe('PARKING INDIGO');
    expect(merchant('Ecco quello della cena\nTRATTORIA DA MARIO')).toBe('TRATTORIA DA MARIO');
    expect(merchant('Segue o do almoço\nRESTAURANTE O FAROL')).toBe('RESTAURANTE O FAROL');
    expect(merchant('Hier ist der vom Baumarkt\nBAUHAUS FILIALE')).toBe('BAUHAUS FILIALE');
    // A shop's own name stays the merchant.
    expect(merchant('Hier & Jetzt Café')).toBe('Hier & Jetzt Café');
  });

  it('reads 100 KB of text built against the patterns for pointing and presenting notes in linear time', () => {
    expectLinearOn(['Aquí está ', 'te paso el ', '👇 ', 'hier ist ', 'Ecco a ', 'aqui vai '], (text) => [`${text}\nShop\nTea 2.00\nTotal 2.00`, `Shop\n${text}x 2.00`]);
  });
});

describe('parseReceipt: a Polish VAT summary above the total, a name printed between the unit price and the amount', () => {
  it('reads abbreviated taxable sales, the tax amount by rate letter and the tax sum of a Polish till as tax in the prices, no items', () => {
    const receipt = parseReceipt(
      [
        'Piekarnia Pod Lipą',
        'Bułka kajzerka           4 x0,80    3,20 B',
        'Ser gouda 300g           1 x12,40  12,40 B',
        'Sok jabłkowy 1L          2 x4,50    9,00 A',
        'Sprzed. opod. PTU A                 9,00',
        'Kwota A 23,00%                      1,68',
        'Sprzed. opod. PTU B                15,60',
        'Kwota B 8,00%                       1,16',
        'Podatek PTU                         2,84',
        'SUMA PLN                           24,60',
      ].join('\n'),
    );
    expect(receipt.items.map((item) => item.name)).toEqual(['Bułka kajzerka', 'Ser gouda 300g', 'Sok jabłkowy 1L']);
    expect(receipt.total).toBe(24.6);
    expect(receipt.tax).toBe(2.84);
    expect(receipt.totalMismatch).toBeUndefined();
  });

  it('reads a count line whose name comes between the unit price and the amount ("3 @ £3.20 House Lager £9.60") as that item', () => {
    const receipt = parseReceipt(['The Ferry Inn', 'Soup of the Day   £5.50', '3 @ £3.20 House Lager   £9.60', 'Total   £15.10'].join('\n'));
    expect(receipt.items).toEqual([
      { name: 'Soup of the Day', quantity: 1, unitPrice: 5.5, amount: 5.5 },
      { name: 'House Lager', quantity: 3, unitPrice: 3.2, amount: 9.6 },
    ]);
    expect(receipt.totalMismatch).toBeUndefined();
  });

  it('reads lines priced in whole numbers as prices when they add up to the printed total (a market stall\'s note), and not otherwise', () => {
    const stall = parseReceipt(['Puesto Doña Rosa', 'Tortillas de maíz 2 kg      44', 'Queso fresco 1/2 kg         85', 'Nopales 1 bolsa             25', 'TOTAL $154.00 MXN'].join('\n'));
    expect(stall.items.map((item) => item.amount)).toEqual([44, 85, 25]);
    expect(stall.total).toBe(154);
    expect(stall.totalMismatch).toBeUndefined();
    // A table number that is no price leaves the lines unpriced.
    expect(parseReceipt(['Puesto Doña Rosa', 'Mesa 4', 'TOTAL $20.00 MXN'].join('\n')).items).toEqual([]);
  });

  it('reads 100 KB of text built against the patterns for Polish tax lines and names between prices in linear time', () => {
    expectLinearOn(['Kwota A ', 'Kwota PTU ', 'Podatek PTU ', 'Sprzed. opod. ', '2 @ 1.00 ', '@ 1.00 a '], (text) => [`Shop\n${text}x\nTea 2.00\nTotal 2.00`, `Shop\n2 @ 1.00 ${text} 2.00\nTotal 2.00`]);
  });
});

describe('parseReceipt: a size printed with an "x" in the name ("10G X 65MM", "4 x 40 mm"), tax the prices include', () => {
  it("reads a New Zealand hardware docket's sizes as part of the names, priced by the count lines below them, its GST inside the total", () => {
    const docket = parseReceipt(
      [
        'KOWHAI TIMBER & HARDWARE',
        'Frankton, Hamilton 3204',
        'GST No: 112-334-556',
        'TAX INVOICE',
        'Decking Screws 10G X 65MM          18.90',
        '   2 @ 9.45',
        'Bugle Screws 6g x 25mm              9.60',
        '   4 @ 2.40',
        'Wood Glue 250ml                    12.50',
        'TOTAL NZD                          41.00',
        'Includes GST                        5.35',
        'EFTPOS                             41.00',
      ].join('\n'),
    );
    expect(docket.items).toEqual([
      { name: 'Decking Screws 10G X 65MM', quantity: 2, unitPrice: 9.45, amount: 18.9 },
      { name: 'Bugle Screws 6g x 25mm', quantity: 4, unitPrice: 2.4, amount: 9.6 },
      { name: 'Wood Glue 250ml', quantity: 1, unitPrice: 12.5, amount: 12.5 },
    ]);
    expect(docket).toMatchObject({ merchant: 'KOWHAI TIMBER & HARDWARE', currency: 'NZD', tax: 5.35, total: 41, totalMismatch: undefined });
  });

  it("reads a German DIY store's sizes ('4 x 40 mm', '30mm x 50m') as part of the names, not as a count or a unit price, its VAT inside the total", () => {
    const receipt = parseReceipt(
      [
        'Baumarkt Lindenhof',
        'Spanplattenschrauben 4 x 40 mm      7,20',
        '   2 x 3,60',
        'Malerkrepp 30mm x 50m               3,49',
        'SUMME EUR                          10,69',
        'enthaltene MwSt. 19%                1,71',
        'Karte                              10,69',
      ].join('\n'),
    );
    expect(receipt.items).toEqual([
      { name: 'Spanplattenschrauben 4 x 40 mm', quantity: 2, unitPrice: 3.6, amount: 7.2 },
      { name: 'Malerkrepp 30mm x 50m', quantity: 1, unitPrice: 3.49, amount: 3.49 },
    ]);
    expect(receipt).toMatchObject({ currency: 'EUR', tax: 1.71, total: 10.69, totalMismatch: undefined });
  });

  it('still reads an "x" before a price as the unit price, and a count after an "x" as the quantity', () => {
    expect(parseReceipt('Motel Kiwi\n2 nights x $129.00 $258.00\nTotal $258.00').items).toEqual([{ name: 'nights', quantity: 2, unitPrice: 129, amount: 258 }]);
    expect(parseReceipt('Cafe Rata\nFlat white x 2   9.00\nTotal 9.00').items).toEqual([{ name: 'Flat white', quantity: 2, unitPrice: 4.5, amount: 9 }]);
  });

  it('reads 100 KB of text built against the patterns for sizes after an "x" in linear time', () => {
    expectLinearOn([' x 1', 'a x 1.', ' X 1m ', '8g x 4', 'x 1 ', ' x 11', '1', '1,1.'], (text) => [`Shop\nA${text} 2.00\nTotal 2.00`, `Shop\nScrews 8g x ${text}mm 2.00\nTotal 2.00`]);
  });
});

describe('parseReceipt: pesos and New Taiwan dollars by code, sign and place, a purchase named like money taken off', () => {
  it('reads a line named like a discount but priced as a charge as an item when the total counts it as bought', () => {
    const ferry = parseReceipt(
      [
        'Harbour Ferries Ltd',
        'Return crossing, adult        £18.00',
        'Bicycle on board               £0.00',
        'Cafe gift voucher             £25.00',
        'TOTAL                         £43.00',
        'Paid by Visa ending 4410',
      ].join('\n'),
    );
    expect(ferry.items.map((item) => [item.name, item.amount])).toEqual([
      ['Return crossing, adult', 18],
      ['Cafe gift voucher', 25],
    ]);
    expect(ferry).toMatchObject({ total: 43, discount: undefined, totalMismatch: undefined });
    // One the total takes off stays a discount, printed with its minus or without it.
    const deli = parseReceipt(['Corner Deli', 'Pastrami sandwich 9.50', 'Soda 2.50', 'Coupon 2.00', 'Total 10.00'].join('\n'));
    expect(deli).toMatchObject({ discount: 2, total: 10, totalMismatch: undefined });
    expect(deli.items).toHaveLength(2);
    // A receipt that adds up neither way keeps the discount and is flagged.
    expect(parseReceipt(['Corner Deli', 'Pastrami sandwich 9.50', 'Promo 2.00', 'Total 12.00'].join('\n'))).toMatchObject({
      discount: 2,
      totalMismatch: { stated: 12, computed: 7.5 },
    });
  });

  it('reads the Argentine peso and its neighbours by their codes, and a count with its unit price in brackets', () => {
    const lessons = parseReceipt(
      [
        'ACADEMIA DE GUITARRA EL BORDONEO',
        'Av. Rivadavia 5120, CABA',
        'Clases (3 x ARS 7.500,00)        ARS 22.500,00',
        'Cuerdas de nylon                 ARS  9.800,00',
        'Bonificación alumno -ARS 2.300,00',
        'TOTAL                            ARS 30.000,00',
      ].join('\n'),
    );
    expect(lessons).toMatchObject({ currency: 'ARS', currencyStated: true, total: 30000, discount: 2300, totalMismatch: undefined });
    expect(lessons.items[0]).toEqual({ name: 'Clases', quantity: 3, unitPrice: 7500, amount: 22500 });
    expect(detectCurrency('Total CLP 12.990')).toEqual({ code: 'CLP', stated: true });
    expect(detectCurrency('Total COP 45.000')).toEqual({ code: 'COP', stated: true });
    expect(detectCurrency('Total UYU 1.250,00')).toEqual({ code: 'UYU', stated: true });
  });

  it.each([
    ['Parrilla Don Julio\nCUIT 30-70876543-2\nBife de chorizo $ 28.000,00\nTotal $ 28.000,00', 'ARS'],
    ['Guerrero 1540, Buenos Aires\nTotal $ 14.200,00', 'ARS'],
    ['Completos El Tío\nR.U.T.: 76.512.334-K\nCompleto italiano $3.490\nTotal $3.490', 'CLP'],
    ['Av. Providencia 2124, Santiago\nTotal $ 8.990', 'CLP'],
    ['Panadería La Espiga\nNIT 900.456.123-7\nPandebono $ 2.500\nTotal $ 2.500', 'COP'],
    ['Cra. 7 # 45-10, Bogotá D.C.\nTotal $ 18.000', 'COP'],
    ['Bv. Artigas 1100, Montevideo\nTotal $ 640,00', 'UYU'],
    ['Colmado Los Primos\nITBIS 18% $ 90.00\nTotal $ 590.00', 'DOP'],
    ['Total RD$ 590.00', 'DOP'],
    ['Minsheng E. Rd., Songshan Dist., Taipei City\nTotal $ 450', 'TWD'],
    ['Total NT$ 1,250', 'TWD'],
    ['Total NTD 980', 'TWD'],
    ['Nathan Road 88, Kowloon, Hong Kong\nTotal $ 96.00', 'HKD'],
    ['Total AR$ 3.200,00', 'ARS'],
  ])('reads a "$" or a mark in %j as the currency of where it was printed', (text, currency) => {
    expect(detectCurrency(text)).toEqual({ code: currency, stated: true });
  });

  it("reads a Dominican receipt's ITBIS as its tax and its \"$\" as the Dominican peso", () => {
    const colmado = parseReceipt(['Colmado Los Primos', 'Mangú con salami $ 500.00', 'ITBIS 18% $ 90.00', 'Total $ 590.00'].join('\n'));
    expect(colmado).toMatchObject({ currency: 'DOP', tax: 90, total: 590, totalMismatch: undefined });
    expect(colmado.items).toHaveLength(1);
  });

  it.each([
    ['Ferretería Ramos\nCUIT 20-12345678-9\nTornillos 1.200,00\nTotal 1.200,00', 'ARS'],
    ['麵線小館\n統一編號 24681357\n大腸麵線 70\n合計 70', 'TWD'],
  ])('reads the currency of bare amounts in %j from where it was printed', (text, currency) => {
    expect(detectCurrency(text)).toEqual({ code: currency, stated: false });
  });

  it('reads the 元 of a receipt printed in Taiwan as the New Taiwan dollar, elsewhere as the yuan, and prices whole amounts marked with it', () => {
    const tea = parseReceipt(['春水茶坊 臺北市大安區', '珍珠奶茶(大)   1   65元', '蔥油餅         2   90元', '合計               155元'].join('\n'));
    expect(tea).toMatchObject({ currency: 'TWD', currencyStated: true, total: 155, totalMismatch: undefined });
    expect(tea.items.map((item) => [item.name, item.quantity, item.amount])).toEqual([
      ['珍珠奶茶(大)', 1, 65],
      ['蔥油餅', 2, 90],
    ]);
    expect(detectCurrency('牛肉面 28.00\n合计 28.00 元')).toEqual({ code: 'CNY', stated: true });
  });

  it('reads a Taiwanese shop receipt priced by its code, with its quantity column', () => {
    const shop = parseReceipt(
      [
        'HUALIEN SURF SUPPLY',
        'Zhongzheng Rd., Hualien City, Taiwan',
        'Item                  Qty   Amount',
        'Board wax 85g          2    TWD 240',
        'Leash 6ft              1    TWD 890',
        'TOTAL                       TWD 1,130',
        'Cash                        TWD 1,500',
        'Change                      TWD   370',
      ].join('\n'),
    );
    expect(shop).toMatchObject({ merchant: 'HUALIEN SURF SUPPLY', currency: 'TWD', total: 1130, totalMismatch: undefined });
    expect(shop.items).toEqual([
      { name: 'Board wax 85g', quantity: 2, unitPrice: 120, amount: 240 },
      { name: 'Leash 6ft', quantity: 1, unitPrice: 890, amount: 890 },
    ]);
  });

  it("reads the NIT of a shopkeeper trading in their own name (the owner's cédula, 6 to 10 digits, with its check digit) as Colombian", () => {
    const stand = parseReceipt(
      ['EMPANADAS LA TOCAYA', 'Nit. 1.036.602.417-3', 'Empanada x 5       $ 7.500', 'Jugo de mora       $ 4.000', 'TOTAL             $ 11.500'].join('\n'),
    );
    expect(stand).toMatchObject({ merchant: 'EMPANADAS LA TOCAYA', currency: 'COP', currencyStated: true, total: 11500 });
    expect(stand.items).toHaveLength(2);
    expect(detectCurrency('Droguería San Judas\nNIT: 71.624.305-2\nTotal $ 12.300')).toEqual({ code: 'COP', stated: true });
    expect(detectCurrency('Tienda Mixta\nNIT 8.765.432-1\nTotal $ 3.000')).toEqual({ code: 'COP', stated: true });
    // Digits with no dots, other than a company's nine, are no NIT as Colombia prints it (Guatemala writes "NIT 1234567-8").
    expect(detectCurrency('Tienda Mixta\nNIT 8765432-1\nTotal $ 3.00').code).toBe('USD');
  });

  it.each([
    // Wines, dishes and restaurants named after a place, printed with a "$" in the United States.
    ['Vino & Co\nMalbec Mendoza Argentina 750ml $18.99\nTotal $18.99', 'USD'],
    ['Little Taipei Noodle House\nBeef noodle soup $14.50\nTotal $14.50', 'USD'],
    ['Hong Kong Express\nOrange chicken $11.25\nTotal $11.25', 'USD'],
    ['Bogota Latin Bistro\nArepa $9.00\nTotal $9.00', 'USD'],
    ['Santiago Street Tacos\nCarnitas $4.00\nTotal $4.00', 'USD'],
    ['Cabañas del Lago\nCabaña 2 noches $ 240.00\nTotal $ 240.00', 'USD'],
  ])('reads no peso or Taiwan dollar into %j', (text, currency) => {
    expect(detectCurrency(text).code).toBe(currency);
  });

  it('reads 100 KB of text built against the patterns for pesos, Taiwan dollars and counts in brackets in linear time', () => {
    expectLinearOn(
      [', Taipei ', ', Santiago ', 'R.U.T. 1', 'NIT 1', 'Nit. 1.', 'NIT 1.234.', ', Kowloon  ', '(1 x ARS 1', 'x ARS ', '1元', 'NT$', 'RD$ ', 'CUIT ', ', Bogotá D.C. '],
      (text) => [`Shop\n${text}x\nTea 2.00\nTotal 2.00`, `${text}\nTea $2,00`, `Shop\nTea ${text} 1,00\nVoucher 1.00\nTotal 9.00`],
    );
  });
});
