import { buildPdf } from '../../../test/helpers/pdf.js';
import { type Attachment, type ToolServices, ToolInputError } from './asset-tool.js';
import { detectCurrency, extractReceiptData, extractReceiptDataTool, parseAmount, parseReceipt } from './extract-receipt-data.tool.js';
import { startCpuClock } from '../../../test/helpers/cpu-clock.js';

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
    const merchant = (head: string) => parseReceipt(`${head}\nLatte 4.50\nTotal 4.50`).merchant;
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
    ['Total 12.00', 'USD'],
    ['Summe 12,50', 'EUR'],
    ['Total 1.299,00', 'EUR'],
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
