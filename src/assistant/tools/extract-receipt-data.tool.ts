import { z } from 'zod';
import { type AssetDraft, type AssetTool, type Attachment, ToolInputError, type ToolServices } from './asset-tool.js';
import { documentText, isDocument } from './attached-document.js';
import { withoutChatPrefixes } from '../../common/chat-export.js';
import { hasVerb } from '../../llm/offline/clause-reading.js';
import { apart, PAID_WORDS, readMisreadLetters, SUBTOTAL_WORDS, TOTAL_WORDS, withOrWithoutMarks } from '../../common/receipt-words.js';

export interface ReceiptItem {
  name: string;
  quantity: number;
  unitPrice: number;
  amount: number;
}

export interface Receipt {
  merchant?: string;
  date?: string;
  /** ISO 4217 code. */
  currency: string;
  items: ReceiptItem[];
  subtotal?: number;
  tax?: number;
  tip?: number;
  discount?: number;
  total: number;
  /** False when the receipt had no total line and the total was computed. */
  totalStated: boolean;
  /** Set when the stated total differs from items − discount + tax + tip: the receipt is reported as printed, and flagged. */
  totalMismatch?: { stated: number; computed: number };
  /** False when nothing on the receipt named the currency and it was inferred. */
  currencyStated: boolean;
}

const extractReceiptDataInput = z.object({
  text: z
    .string()
    .max(20_000)
    .optional()
    .describe('The receipt text, one item per line with its price; may be empty when the receipt is attached as a file.'),
});
export type ExtractReceiptDataInput = z.infer<typeof extractReceiptDataInput>;

const CODES =
  'USD|EUR|GBP|CHF|JPY|CNY|CAD|AUD|NZD|SEK|NOK|DKK|PLN|CZK|HUF|INR|BRL|MXN|ZAR|SGD|HKD|KRW|TRY|RUB|ILS|AED|SAR|THB|PHP|MYR|KES|VND|' +
  'NGN|GHS|EGP|PKR|BDT|IDR|UAH|ARS|CLP|COP|UYU|DOP|TWD';
/** The Kenyan shilling's abbreviation, a mark and a currency's name at once: "KSh 420", "Kshs. 1,200", "TOTAL KSH". */
const KENYAN_SHILLING = String.raw`K[Ss][Hh][Ss]?\b\.?`;
/**
 * "N9,532.50", "N450.00": the naira's N glued to an amount with thousands or cents, as Nigerian tills print it without the
 * ₦; a lone N ("Size N 2.00", "N5 cable") is a letter.
 */
const NAIRA_N = String.raw`N(?=\d[\d,]*\.\d{2}(?!\d)|\d{1,3}(?:,\d{3})+(?![\d.,]))`;
/** "RM 12.50", "RM1,250.00": the ringgit's letters before an amount with cents; "RM 204" is a room, "RM Williams" a name. */
const RINGGIT = String.raw`RM[^\S\n]?(?=\d[\d,]*\.\d{2}(?!\d))`;
/** "Rp 25.000", "Rp25.000,00", "RP. 8.500": the rupiah's letters, only before an amount ("Sharp", "RPM" are words). */
const RUPIAH = String.raw`R[pP]\.?(?=[^\S\n]?\d)`;
/** "Tk 250", "Tk. 1,200": the taka's abbreviation before an amount ("TK Maxx" is a shop). */
const TAKA = String.raw`Tk\.?(?=[^\S\n]?\d)`;
/**
 * "NT$ 450", "NTD 980": the New Taiwan dollar's sign and the letters Taiwanese tills print for it (not its ISO code, TWD).
 * "新台幣", "新臺幣": its name.
 */
const TAIWAN_DOLLAR = String.raw`NT\$|\bNTD\b|新[台臺]幣`;
/**
 * "85元", "1,250 元": the yuan's character, which Taiwan prints for its dollar too; after an amount, never opening a word
 * ("元気" is Japanese for "well").
 */
const YUAN_CHARACTER = String.raw`元(?!\p{sc=Han})`;
/**
 * Specific marks before generic ones: "CA$" must not read as "$", "E£" (the Egyptian pound) not as "£", "AR$" (the Argentine
 * peso) not as "R$". A mark that other countries print for their own currency (the third element) names theirs where the
 * receipt says it was printed (COUNTRY_CLUES): "元" is the New Taiwan dollar in Taipei.
 */
const CURRENCY_MARKS: [RegExp, string, string[]?][] = [
  [new RegExp(TAIWAN_DOLLAR), 'TWD'], [/AR\$/, 'ARS'], [/RD\$/, 'DOP'], [/COL\$/, 'COP'],
  // "U$S 100", "U$D": the US dollar as Argentina and Uruguay print it, beside their pesos' "$".
  [/US\$|U\$[SD]/, 'USD'], [/(?<![A-Za-z])CA?\$/, 'CAD'], [/(?<![A-Za-z])AU?\$/, 'AUD'], [/NZ\$/, 'NZD'], [/HK\$/, 'HKD'],
  [/(?<![A-Za-z])S\$/, 'SGD'], [/R\$/, 'BRL'], [/(?<![\p{L}\p{N}])R\s?\d/u, 'ZAR'], [/€|\beuros?\b/i, 'EUR'],
  // The Egyptian pound: "E£", "L.E." (livre égyptienne), "ج.م" (Arabic: Egyptian pound) after an amount.
  [/(?<![\p{L}\p{N}])E£|(?<![\p{L}\p{N}])L\.[^\S\n]?E\.|(?<=\d[^\S\n]?)ج\.?[^\S\n]?م(?!\p{L})/u, 'EGP'],
  [/£/, 'GBP'], [/CN¥|\bRMB\b/, 'CNY'], [new RegExp(YUAN_CHARACTER, 'u'), 'CNY', ['TWD', 'HKD']],
  [/[¥円]|\byen\b/i, 'JPY'], [/₹/, 'INR'], [/₩/, 'KRW'], [/₽/, 'RUB'], [/₺/, 'TRY'], [/₪/, 'ILS'], [/₱/, 'PHP'], [/฿/, 'THB'],
  [/zł/, 'PLN'], [/Kč/, 'CZK'], [/₦/, 'NGN'], [/G[Hh]?[₵¢]|₵|\bGHC\b/, 'GHS'], [/৳/, 'BDT'], [/₴/, 'UAH'],
  // "45,00 TL", "TL 45": the Turkish lira's letters, only next to an amount.
  [/(?<=\d[^\S\n]?)TL(?![A-Za-z])|(?<![A-Za-z])TL(?=[^\S\n]?\d)/, 'TRY'],
  [/(?<=\d[^\S\n]?)원/, 'KRW'],
  // "45.000đ", "45.000 ₫", "VNĐ": the dong's letter only after an amount, as "đ" starts Vietnamese words ("Khách đưa").
  [/₫|VNĐ|(?<=\d[^\S\n]?)[đĐ](?![\p{L}\p{N}])/u, 'VND'],
  [new RegExp(String.raw`\b${KENYAN_SHILLING}`), 'KES'],
  [new RegExp(`(?<![\\p{L}\\p{N}])(?:${NAIRA_N})`, 'u'), 'NGN'],
  [new RegExp(`(?<![\\p{L}\\p{N}])(?:${RINGGIT})`, 'u'), 'MYR'],
  [new RegExp(`(?<![\\p{L}\\p{N}])(?:${RUPIAH})`, 'u'), 'IDR'],
  [new RegExp(`(?<![\\p{L}\\p{N}])(?:${TAKA})|(?<=\\d[^\\S\\n]?)Tk(?![\\p{L}\\p{N}])`, 'u'), 'BDT'],
  // "450 грн", "грн 120,00": the hryvnia's abbreviation, a word of its own.
  [/(?<![\p{L}\p{N}])грн(?![\p{L}\p{N}])/iu, 'UAH'],
  // "45.00 NIS", "ש״ח" (shekels, with a gershayim, a quotation mark or none): the new shekel's abbreviations.
  [/(?<![\p{L}\p{N}])(?:NIS|ש[״"׳']?ח)(?![\p{L}\p{N}])/u, 'ILS'],
];
/**
 * "$" alone is the US dollar unless the receipt says where it was printed (COUNTRY_CLUES): Canada, Australia, Singapore, Hong
 * Kong and Taiwan print it for their dollars, Mexico, Argentina, Chile, Colombia, Uruguay and the Dominican Republic for
 * their pesos.
 */
const DOLLAR = /\$|\bdollars?\b/i;
const DOLLAR_CURRENCIES = ['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'TWD', 'MXN', 'ARS', 'CLP', 'COP', 'UYU', 'DOP'];
/**
 * "Rs. 120", "Grand Total (Rs.)", "Amount in Rs": the rupee's abbreviation, only next to an amount, a bracket or a line's
 * end. India and Pakistan both print it: the Indian rupee unless the receipt says it was printed in Pakistan.
 */
const RUPEE = /\bRs\b\.?(?=[^\S\n]?\d|\)|[^\S\n]*$)|\brupees?\b/im;
const RUPEE_CURRENCIES = ['INR', 'PKR'];
const BLANKS = String.raw`[^\S\n]`;
/** A word in either case, for patterns that must stay case-sensitive elsewhere: "kg" → "[kK][gG]". */
function anyCase(word: string): string {
  return word.replace(/[a-z]/g, (letter) => `[${letter}${letter.toUpperCase()}]`);
}
/**
 * A town or country ending an address line after a comma, with what may follow it ("Av. Providencia 2124, Santiago", "Songshan
 * Dist., Taipei City 105", "Cra. 7 # 45-10, Bogotá D.C."): where a receipt was printed, while a shop, a dish or a wine named
 * after it ("Little Taipei", "Malbec Mendoza Argentina 750ml") is no address. The blanks before what follows are in its group.
 */
function placeEndingAddress(places: string, following = ''): RegExp {
  const after = following ? String.raw`(?:${BLANKS}+(?:${following}))?` : '';
  return new RegExp(String.raw`,${BLANKS}*(?:${places})${after}${BLANKS}*(?:,|$)`, 'imu');
}
/** Words of a place's name, apart by blanks: "Buenos Aires" → "Buenos[^\S\n]+Aires". */
const placeNames = (...names: string[]): string => names.map((name) => name.replace(/ /g, `${BLANKS}+`)).join('|');
/**
 * Where the receipt was printed, for amounts printed bare or with a "$" several countries use: tax names, business numbers
 * and addresses that only one country prints. The specific ones come first; the last ones (EFTPOS, "GST incl.") are shared
 * by Australia and New Zealand, and read as Australian when nothing more specific is printed. A separator between two runs
 * of blanks is optional only inside a group that starts with it, so the runs never share their blanks.
 */
const COUNTRY_CLUES: [RegExp, string][] = [
  // India: the GST number, central/state/union-territory GST, the food-safety licence.
  [/\b(?:GSTIN|CGST|SGST|IGST|UTGST|FSSAI)\b/, 'INR'],
  // Canada: a business number's GST account ("12345 6789 RT0001"), a provincial tax with its rate or amount, a postal code.
  [/\d[^\S\n]?RT[^\S\n]?\d{4}\b/, 'CAD'],
  [new RegExp(String.raw`\b(?:HST|PST|QST|TPS|TVQ)\b${BLANKS}*(?:[#:@(]${BLANKS}*)?\d`), 'CAD'],
  [/\b(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)\b,?[^\S\n]+[ABCEGHJ-NPRSTVXY]\d[A-Z][^\S\n]?\d[A-Z]\d\b/, 'CAD'],
  [/\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d\b/, 'CAD'],
  // "Montréal (Québec)": a town and its province in brackets, as French-Canadian addresses print it.
  [/\((?:Québec|Quebec|Ontario|Nouveau-Brunswick)\)/, 'CAD'],
  // "Vancouver BC", "TORONTO, ON": a town and its province ending the line ("NT" is Australian too, "ON" an English word).
  [/(?:\p{Ll}[.,]?|\p{Lu},)[^\S\n]+(?:AB|BC|MB|NB|NL|NS|NU|PE|QC|SK|YT)[^\S\n]*$/mu, 'CAD'],
  // Australia: the business number, a state and its postcode ("Melbourne VIC 3000"; a US state has five digits).
  [new RegExp(String.raw`\bABN\b${BLANKS}*(?:[:#.]${BLANKS}*)?\d{2}${BLANKS}?\d{3}${BLANKS}?\d{3}${BLANKS}?\d{3}\b`), 'AUD'],
  [/\b(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT)[^\S\n]+\d{4}\b/, 'AUD'],
  // New Zealand: a GST number written 123-456-789, the country ending an address line, a city and its postcode.
  [/\bGST\b[^\d\n]{0,25}(?<![\d-])\d{2,3}-\d{3}-\d{3}(?![\d-])/, 'NZD'],
  [/(?:,[^\S\n]*NZ|\bNew Zealand)[^\S\n]*$/im, 'NZD'],
  [/\b(?:Auckland|Wellington|Christchurch|Hamilton|Tauranga|Dunedin|Queenstown|Rotorua|Napier|Nelson)[^\S\n]+\d{4}\b/i, 'NZD'],
  // Singapore: a six-digit postcode after the country, the company number (UEN) on a GST registration, "Pte Ltd".
  [/\bSingapore[^\S\n]+\d{6}\b|\bS\(\d{6}\)|\bUEN\b|\bPte\.?[^\S\n]+Ltd\b/i, 'SGD'],
  [/\bGST[^\S\n]+Reg[^\d\n]{0,20}(?:\d{8,9}|[TSR]\d{2}[A-Z]{2}\d{4})[A-Z]\b/, 'SGD'],
  [/\bSdn\.?[^\S\n]+Bhd\b|\bSST\b/i, 'MYR'],
  // The United Kingdom: a GB VAT number, a postcode ending an address line ("London SW1A 1AA"; "M2 8GB RAM" does not end one).
  [/\bGB[^\S\n]?\d{3}[^\S\n]?\d{4}[^\S\n]?\d{2}\b/, 'GBP'],
  [/\b[A-Z]{1,2}\d[A-Z\d]?[^\S\n]\d[ABD-HJLNP-UW-Z]{2}[^\S\n]*(?:,|$)/m, 'GBP'],
  [/\bCHE[-\s]?\d{3}\.\d{3}\.\d{3}\b/, 'CHF'],
  [/消費税|内税|外税|税込|〒[^\S\n]?\d{3}-\d{4}/, 'JPY'],
  [/부가세|부가가치세|사업자/, 'KRW'],
  [/增值税|发票|税号/, 'CNY'],
  // Thailand: its script, or a Thai city or the country in Latin letters.
  [/[\u0E00-\u0E7F]|\b(?:Thailand|Bangkok|Chiang[^\S\n]?Mai|Phuket|Pattaya|Krabi)\b/i, 'THB'],
  // Vietnam: the letters only Vietnamese writes (ạ, ế, ộ, ơ, ư...: "Hà Nội", "HÓA ĐƠN"), or the country, Ho Chi Minh City or
  // "HOA DON" (a bill) unaccented.
  [/[\u1EA0-\u1EF9\u01A0\u01A1\u01AF\u01B0]|\bViet[^\S\n]?Nam\b|\bTP\.?[^\S\n]?HCM\b|\bHOA[^\S\n]+DON\b/i, 'VND'],
  [new RegExp(String.raw`\bRFC\b${BLANKS}*(?::${BLANKS}*)?[A-ZÑ&]{3,4}\d{6}`), 'MXN'],
  // Mexico: its capital, or a town and its state's abbreviation with the dot ("Guadalajara, Jal.", "Monterrey, N.L.").
  [/\bCDMX\b|\bCiudad de México\b/, 'MXN'],
  [
    /,[^\S\n]*(?:Ags|Camp|Chis|Chih|Coah|Col|Dgo|Gto|Gro|Hgo|Jal|Edo\.[^\S\n]?Méx|Méx|Mich|Mor|Nay|Oax|Pue|Qro|Sin|Son|Tamps|Tlax|Ver|Yuc|Zac|N\.[^\S\n]?L|B\.[^\S\n]?C(?:\.[^\S\n]?S)?|Q\.[^\S\n]?Roo|S\.[^\S\n]?L\.[^\S\n]?P)\.(?=[^\S\n]|,|$)/m,
    'MXN',
  ],
  // Argentina: its tax numbers (CUIT, CUIL) and revenue service (AFIP, IIBB its provinces' turnover tax), the capital's
  // abbreviation (CABA), the VAT standing a till prints ("IVA Responsable Inscripto"), the country or a city ending an address.
  // The acronyms in capitals, apart by letters: "Cabaña" holds no CABA.
  [/(?<![\p{L}\p{N}])(?:CUIT|CUIL|AFIP|IIBB|CABA|C\.A\.B\.A\.)(?![\p{L}\p{N}])/u, 'ARS'],
  [/\bIngresos[^\S\n]+Brutos\b|\bResp(?:onsable|\.)[^\S\n]*Inscripto\b/i, 'ARS'],
  [placeEndingAddress(placeNames('Argentina', 'Buenos Aires', 'Mendoza', 'Mar del Plata', 'Bariloche')), 'ARS'],
  // Chile: a RUT as Chile writes it (76.123.456-K), the country or a town ending an address.
  [/\bR\.?U\.?T\.?[^\S\n]*(?::[^\S\n]*)?\d{1,2}\.\d{3}\.\d{3}-[\dkK](?![\p{L}\p{N}])/u, 'CLP'],
  [placeEndingAddress(placeNames('Chile', 'Santiago', 'Providencia', 'Las Condes', 'Valpara[ií]so', 'Vi[ñn]a del Mar')), 'CLP'],
  // Colombia: its revenue service (DIAN), a NIT with its check digit: a company's nine digits (900.123.456-7), or the
  // cédula of a shopkeeper trading in their own name, in groups of three after a dot ("Nit. 43.512.908-1", "1.036.602.417-3";
  // undotted, "1234567-8" is a Guatemalan NIT as well). The country or a city ending an address.
  [/\bDIAN\b|\b(?:NIT|Nit)\b[^\S\n]*(?:[:.#][^\S\n]*)?(?:\d{3}\.?\d{3}\.?\d{3}|\d{1,3}(?:\.\d{3}){1,3})-\d(?!\d)/, 'COP'],
  [placeEndingAddress(placeNames('Colombia', 'Bogot[aá]', 'Medell[ií]n', 'Cali', 'Barranquilla', 'Bucaramanga'), String.raw`D\.?${BLANKS}?C\.?`), 'COP'],
  // Uruguay: a RUT of twelve digits, the country or a city ending an address.
  [/\bRUT\b[^\S\n]*(?::[^\S\n]*)?\d{12}(?!\d)/, 'UYU'],
  [placeEndingAddress(placeNames('Uruguay', 'Montevideo', 'Punta del Este')), 'UYU'],
  // The Dominican Republic: its VAT (ITBIS), the country or a city ending an address.
  [/\bITBIS\b/, 'DOP'],
  [placeEndingAddress(placeNames('Rep[uú]blica Dominicana', 'Santo Domingo', 'Punta Cana')), 'DOP'],
  // Hong Kong: the territory or a district ending an address.
  [placeEndingAddress(placeNames('Hong Kong', 'Kowloon', 'New Territories', 'Tsim Sha Tsui', 'Mong Kok', 'Causeway Bay', 'Wan Chai', 'Sheung Wan'), 'SAR'), 'HKD'],
  // Taiwan: its uniform invoice and business number (統一發票, 統一編號), a city or county in Chinese, or in Latin letters
  // ending an address.
  [/統一(?:發票|編號)|統編|電子發票|(?:[台臺][北中南東]|新北|高雄|桃園|基隆|新竹|嘉義|花蓮|宜蘭)[市縣]/u, 'TWD'],
  [
    placeEndingAddress(
      placeNames('Taiwan', '(?:New )?Taipei', 'Taichung', 'Tainan', 'Kaohsiung', 'Taoyuan', 'Hsinchu', 'Keelung', 'Hualien', 'Taitung', 'Chiayi', 'Yilan'),
      String.raw`City(?:${BLANKS}+\d{3,6})?|County|\d{3,6}`,
    ),
    'TWD',
  ],
  // Kenya: M-PESA (its mobile money), a KRA PIN ("PIN: P051234567X"), a Kenyan town.
  [/\bM-?PESA\b|\bKenya\b|\bPIN\b(?:[^\S\n]*:)?[^\S\n]*[AP]\d{9}[A-Z]\b|\b(?:Nairobi|Mombasa|Kisumu|Nakuru|Eldoret|Thika)\b/i, 'KES'],
  // Nigeria: the country, its dialling code, a tax number as its revenue service writes it (12345678-0001), a Nigerian town
  // or district (not Lagos in Portugal, after its postcode).
  [
    /\bNigeria\b|\+234(?!\d)|\bTIN\b[^\S\n]*(?:[:#.][^\S\n]*)?\d{8}-\d{4}\b|(?<!\d{4}-\d{3}[^\S\n]?)\bLagos\b|\b(?:Abuja|Ibadan|Port[^\S\n]+Harcourt|Ikeja|Lekki|Ikoyi|Surulere|Enugu|Kaduna|Onitsha|Owerri)\b/i,
    'NGN',
  ],
  // Ghana: the levies only it charges (NHIL, GETFund), the country, its dialling code, a Ghanaian city.
  [/\b(?:NHIL|GETFund|Ghana|Accra|Kumasi|Takoradi)\b|\+233(?!\d)/i, 'GHS'],
  // Egypt: the country or its cities, in Latin or Arabic letters ("Alexandria" is in Virginia too).
  [/\b(?:Egypt|Cairo|Giza|Hurghada|Sharm[^\S\n]?El[^\S\n-]?Sheikh)\b|مصر|القاهرة|الجيزة/i, 'EGP'],
  // Pakistan: its national tax number (NTN), sales-tax registration (STRN), revenue board (FBR), dialling code, cities.
  [/\b(?:NTN|STRN|FBR)\b|\+92(?!\d)|\b(?:Pakistan|Karachi|Lahore|Islamabad|Rawalpindi|Faisalabad|Peshawar|Multan)\b/i, 'PKR'],
  // Bangladesh: its VAT forms ("Mushak-6.3"), business number (BIN 000123456-0101), dialling code, the country, its cities.
  [/\bMushak\b|\bBIN\b[^\d\n]{0,12}\d{9}-\d{4}\b|\+880(?!\d)|\b(?:Bangladesh|Dhaka|Chittagong|Chattogram|Sylhet)\b/i, 'BDT'],
  // The Philippines: the revenue bureau's permit (BIR), "VATable Sales", a tax number written 123-456-789-000, its cities.
  [
    /\bBIR\b[^\S\n]+(?:Permit|Accr|PTU|No)|\bVATable[^\S\n]+Sales\b|\bTIN\b[^\d\n]{0,12}\d{3}-\d{3}-\d{3}-\d{3,5}\b|\b(?:Philippines|Manila|Makati|Quezon[^\S\n]+City|Cebu|Davao|Taguig|Pasig)\b/i,
    'PHP',
  ],
  // Indonesia: its tax number (NPWP), VAT with its rate ("PPN 11%"), a street ("Jl. Sudirman"), the country or a city.
  [/\bNPWP\b|\bPPN\b[^\S\n]*\(?\d{1,2}[^\S\n]?%|\bJl\.[^\S\n]|\b(?:Indonesia|Jakarta|Bandung|Surabaya|Denpasar|Yogyakarta)\b/i, 'IDR'],
  [/\b(?:Malaysia|Kuala[^\S\n]+Lumpur|Petaling[^\S\n]+Jaya|Shah[^\S\n]+Alam|Johor[^\S\n]+Bahru|Selangor|Penang|Pulau[^\S\n]+Pinang)\b/i, 'MYR'],
  // Poland: a fiscal receipt's heading, its VAT (PTU) by rate letter, a tax number (NIP 123-456-78-90), the country or a city.
  [
    /(?<![\p{L}\p{N}])(?:PARAGON[^\S\n]+FISKALNY|SUMA[^\S\n]+PTU|PTU[^\S\n]+[A-G][^\S\n]+\d|NIP[^\S\n]*:?[^\S\n]*(?:PL)?\d{3}-?\d{3}-?\d{2}-?\d{2}(?!\d)|Polska|Warszawa|Kraków|Wrocław|Poznań|Gdańsk|Łódź)(?![\p{L}\p{N}])/iu,
    'PLN',
  ],
  // Israel: Hebrew letters, the country or its cities in Latin letters.
  [/[\u05D0-\u05EA]|\b(?:Israel|Tel[^\S\n-]?Aviv|Haifa|Eilat)\b/i, 'ILS'],
  // Ukraine: the letters only Ukrainian writes (ї, є, ґ), its VAT (ПДВ), the country or its cities.
  [/[їєґЇЄҐ]|(?<![\p{L}\p{N}])(?:ПДВ|Україна|Київ|Львів|Харків|Одеса|Ukraine|Kyiv|Kiev|Lviv|Kharkiv|Odesa)(?![\p{L}\p{N}])/u, 'UAH'],
  [/\bEFTPOS\b|\bincl(?:udes|uded|uding|\.)?[^\S\n]*GST\b|\bGST[^\S\n]+incl/i, 'AUD'],
  [/^NETS\b/m, 'SGD'],
  // Turkey: KDV (its VAT, "TOPKDV" its sum), the tax office ("KONAK V.D.") and number (VKN), or a Turkish city, however
  // cased: İ and ı fold to no ASCII letter.
  [/(?<![\p{L}\p{N}])(?:(?:TOP)?KDV|V\.[^\S\n]?D\.|VKN|T[üÜ]rkiye|TÜRKİYE)(?![\p{L}\p{N}])/u, 'TRY'],
  [
    /(?<!\p{L})(?:[İI]stanbul|[İI]STANBUL|[İI]zmir|[İI]ZM[İI]R|Ankara|ANKARA|Antalya|ANTALYA|Bursa|BURSA|Adana|ADANA|Konya|KONYA|Gaziantep|GAZ[İI]ANTEP|Kayseri|KAYSER[İI]|Eski[şs]ehir|ESK[İI][ŞS]EH[İI]R|Mersin|MERS[İI]N|Trabzon|TRABZON)(?!\p{L})/u,
    'TRY',
  ],
];
/** With a "$" only: IVA, the value-added tax of Mexico and the peso countries, which the US does not levy. */
const DOLLAR_CLUES: [RegExp, string][] = [[/\bIVA\b/, 'MXN']];
/**
 * Marks several countries print: where the receipt was printed (COUNTRY_CLUES, then the mark's own clues) names one of its
 * currencies, else the first. The rupee's abbreviation before the "$", as a "$" in a rupee receipt is rarer than the reverse.
 */
const SHARED_MARKS: { mark: RegExp; currencies: string[]; clues: [RegExp, string][] }[] = [
  { mark: RUPEE, currencies: RUPEE_CURRENCIES, clues: [] },
  { mark: DOLLAR, currencies: DOLLAR_CURRENCIES, clues: DOLLAR_CLUES },
];
/**
 * Bare amounts with "." decimals and a VAT line: the US levies no VAT, so its rate says where ("VAT @20%" British, 23% or
 * 13.5% Irish, 21% Dutch, Spanish or Belgian). Other rates are left to the default.
 */
const VAT_RATE = /\bVAT\b(?:[^\S\n]*(?:@|at\b|rate\b))?[^\S\n]*\(?(\d{1,2}(?:\.\d{1,2})?)[^\S\n]?%|(?<![\d.])(\d{1,2}(?:\.\d{1,2})?)[^\S\n]?%[^\S\n]*VAT\b/i;
const VAT_RATES = new Map([[20, 'GBP'], [23, 'EUR'], [13.5, 'EUR'], [21, 'EUR'], [7.5, 'NGN']]);
/**
 * Currencies priced in whole units, where "980" on a line is a price and not a quantity or a code: the Chilean peso has no
 * cents at all (ISO 4217 gives it none), as the yen and the won.
 */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'VND', 'CLP']);
/**
 * When nothing on the receipt names a currency we report USD, the most common currency of receipts
 * using "." decimals, or EUR when amounts use comma decimals ("12,50"), the most common currency
 * written that way; the Markdown says the currency was not printed.
 */
const DEFAULT_CURRENCY = 'USD';
const DEFAULT_COMMA_CURRENCY = 'EUR';
const COMMA_DECIMALS = /(?<![\d.,])\d{1,3}(?:\.\d{3})*,\d{2}(?![\d,])/;

const MARK = String.raw`(?:[A-Z]{1,2}\$|\$|\bNTD\b|${YUAN_CHARACTER}|R[sS]\.?(?=\s?\d)|${RUPIAH}|${RINGGIT}|R(?=\s?\d)|€|E£|£|CN¥|JP¥|¥|₹|₩|₽|₺|₪|₱|฿|₫|₦|G[Hh]?[₵¢]|₵|৳|₴|VNĐ|zł|Kč|\bTL\b|\b${KENYAN_SHILLING}|${NAIRA_N}|${TAKA}|\b(?:${CODES})\b)`;
/**
 * Thousands groups (1,234.56 / 1.234,56 / 1'234.50 / 1 234,56 with a no-break space) or plain numbers with at most two
 * decimals. A plain space groups thousands only before comma decimals ("1 686,43", as Czech, Polish, French and Nordic
 * tills print): "2 350.00" is a count and a price. Such a number starts only after no digit and blank, so a run of
 * space-parted digits without the decimals is scanned once, not again from each of its groups. After a currency mark it
 * groups them before "." decimals too ("R2 430.25", as South African invoices print it): a mark starts no count. So does
 * a currency a label names, in brackets or not, before the blanks of the amount's column ("TOTAL (ZAR)      1 118.50",
 * "Amount due ZAR    2 064.90"): up to 40 blanks, tried only where a digit follows. Not after a unit-price mark ("@ R380
 * 760.00", "2 x R450 900.00"), where a unit price without cents is followed by the amount.
 */
const MARKED = String.raw`(?<!(?:[@×]|(?<![\p{L}\p{N}])(?:[xX]|at))[^\S\n]{0,3})${MARK}\)?[^\S\n]{0,40}`;
const NUMBER =
  String.raw`\d{1,3}(?:[.,'\u00A0\u202F]\d{3})+(?:[.,]\d{1,2})?|(?<!\d[ \u00A0\u202F])\d{1,3}(?: \d{3})+,\d{2}|` +
  String.raw`(?=\d)(?<=${MARKED})\d{1,3}(?: \d{3})+\.\d{2}|\d+(?:[.,]\d{1,2})?`;
/**
 * A quantity measured, not paid: "27.4 km", "42.35L", "0.94kg", "500ml", "8h", "12.5 cm" (either case: MONEY's codes must
 * stay upper case). Lengths that are also words ("1.88IN", "1.5m") only glued to the number: "5.00 in cash" is money. The
 * unit ends where no letter follows, not at \b, which ends a word only at an ASCII letter: "2,50 Gâteau" is no 2.50 g.
 */
const UNIT = String.raw`(?:\s?(?:%|(?:${['km', 'mi', 'miles?', 'kg', 'g', 'lbs?', 'oz', 'l', 'ml', 'cl', 'gal', 'kwh', 'h', 'hrs?', 'mins?', 'cm', 'mm', 'cc', 'ft'].map(anyCase).join('|')})(?![\p{L}\p{N}]))|(?:${['in', 'm'].map(anyCase).join('|')})(?![\p{L}\p{N}]))`;
/**
 * An amount with cents ("14.50", "3,99"), which no currency priced in whole units prints ("45.000" is forty-five thousand);
 * a measure is none ("콜라 1.25L").
 */
const CENTS = new RegExp(String.raw`\d[.,]\d{2}(?!\d)(?!${UNIT})`, 'u');
/** What Chinese, Japanese and Korean count things with, after the count: "2コ", "3個", "2ケ", "5点", "2个", "1件", "2개" ("点数" is a label). */
const CJK_COUNTER = '[コ個ケ点个件개](?!数)';
/** A price with its cents ahead, glued to the "x" before it: "2 x24,99", "1x15,00" ("2x4" is a size). */
const CENTS_AHEAD = String.raw`(?=\d+[.,]\d\d(?!\d))`;
// Numbers joined by hyphens ("2-10", "03-1234-5678") are an address or a phone number, whatever the currency; one
// followed by a slash and digits ("12.345.678/0001-90", a Brazilian CNPJ) is an identifier. A number glued to a letter is
// part of a word ("H614"), unless the letter is the "x" of a count before a unit price with its cents ("2 x24,99") or
// the "単" (unit price) a Japanese count line prints before it ("2コ×単140"). One followed by a letter and a digit is part
// of a code ("H2T 1R2", a Canadian postal code), one followed by a CJK counter a count ("2コ", "3個", "2개"), one followed by
// an ordinal's ending a day or a rank ("on the 14th", "2nd floor"), which in yen or won would read as money.
const ORDINAL_ENDING = String.raw`(?:${['st', 'nd', 'rd', 'th'].map(anyCase).join('|')})(?![\p{L}\p{N}])`;
/**
 * The end of a card number's masked digits ("****-****-****-1187", "XXXX XXXX 3391", "••••0042"): the digits after it are the
 * card's last ones, no amount, and its hyphen no minus (in won or yen "-1187" read as money taken off).
 */
const CARD_MASK = String.raw`[*•Xx]{3}(?:[-‐–]|[^\S\n])?`;
const MONEY = new RegExp(
  String.raw`(?:(?<![\p{L}\p{N}.,])|(?<=(?:^|[\s\d])[xX])${CENTS_AHEAD}|(?<=単価?))(?<!\p{N}[-‐–])(?<!${CARD_MASK})(-\s?)?(${MARK}\s?)?(${NUMBER})` +
    String.raw`(?![\p{N}]|[.,]\d|[-‐–/]\p{N}|(?![xX×])\p{L}\p{N}|[^\S\n]?${CJK_COUNTER}|${ORDINAL_ENDING})(?!${UNIT})(\s?${MARK})?`,
  'gu',
);

/**
 * An amount with cents in which a scanner read a 0 as the letter O ("£5.5O", "3.O8", "1O.5O"): one digit at least, and
 * nothing glued on either side, so names keep their letters ("BOX 2OO", "NO.05").
 */
const AMOUNT_WITH_LETTER_O = /(?<![\p{L}\p{N}.,])[\dOo]+(?:[.,][\dOo]{3})*[.,][\dOo]{2}(?![\p{L}\p{N}])/gu;
/** The text with those amounts' O's read as the 0's they are, letter for digit, so the amounts stay where they were. */
function withMisreadZeros(text: string): string {
  return text.replace(AMOUNT_WITH_LETTER_O, (amount) => (/\d/.test(amount) ? amount.replace(/[Oo]/g, '0') : amount));
}

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
// "2024年5月14日", "2024년 5월 14일": Chinese, Japanese and Korean dates, whose digits would otherwise read as yen or won.
const DATE = new RegExp(
  String.raw`\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{1,2}\s+${MONTH},?\s+\d{4}\b|\b${MONTH}\s+\d{1,2},?\s+\d{4}\b|` +
    String.raw`(?<!\d)\d{1,4}[年년][^\S\n]?\d{1,2}[月월][^\S\n]?\d{1,2}[日일]`,
  'gi',
);
// Blanks, not line breaks, before "am"/"pm": a time ending its line must not join the next line to it.
const TIME = /\b\d{1,2}:\d{2}(?::\d{2})?[^\S\n]*(?:am|pm)?\b/gi;
/**
 * A day and month without the year opening a line, with the full stop after each ("12.03.  Frühstück  18,00"): the date
 * column of a hotel folio or an account statement, which would read as 12.03 in cents. A price printed before its name has
 * no full stop after it ("4.50 Croissant"), and one whose cents are no month ("12.45.") is no date. With a slash, in either
 * order ("04/09  Room Charge  ¥13,200", "18/6" alone), one of the two has two digits, which no fraction opening a name has
 * ("1/2 Chicken"); in yen or dong its digits would read as an amount, and the name before them as none.
 */
const DAY_AND_MONTH =
  /^([^\S\n]*)(?:(?:0?[1-9]|[12]\d|3[01])\.(?:0?[1-9]|1[0-2])\.|(?=\d\d|\d\/\d\d)(?:0?[1-9]|[12]\d|3[01])\/(?:0?[1-9]|[12]\d|3[01])(?![\d/]))(?=[^\S\n]|$)/gm;

// The total and subtotal words are shared with the offline model, which reads a message as a receipt by them.
const SUBTOTAL = SUBTOTAL_WORDS;
/**
 * A tip or a service charge, however abbreviated ("Svc Chg", "Serv. Charge", "S/C", "Service 10%", "Phí phục vụ" in
 * Vietnamese); "Room service" with no rate is an item.
 */
const TIP = new RegExp(
  String.raw`\b(?:tip|gratuity|trinkgeld|pourboire|propina|mancia|bedienung|s/c|svc)\b|` +
    String.raw`\b(?:service|serv|svc|srv|svce)\.?\s*(?:charge|chrg|chg|ch)\b|` +
    String.raw`\b(?:service|servicio|servizio|serviço)\s*\(?\d{1,2}(?:[.,]\d{1,3})?\s?%|服务费|服務費|サービス料|봉사료|` +
    apart(withOrWithoutMarks(String.raw`phí\s+phục\s+vụ`)),
  'iu',
);
// "Disc 10%": the abbreviation only before the amount or a rate ("Disc brake pads" is an item). "Desconto" (Portuguese),
// "Descuento" (Spanish), "Sconto" (Italian); "Giảm giá", "Chiết khấu": Vietnamese; "할인" (Korean: "회원할인", a member's),
// "割引", "値引" (Japanese), "折扣", "优惠" (Chinese), glued to the words before them. Each word in the plural too, as tills
// sum several reductions on one line ("Descontos", "Descuentos", "Discounts", "Coupons", "Rabatte", "Remises", "Sconti").
const DISCOUNT = new RegExp(
  String.raw`\b(?:discounts?|coupons?|promos?|vouchers?|rabatte?|remises?|savings?|descontos?|descuentos?|scont[oi])\b|^disc\.?(?![^\S\n]*\p{L})|` +
    apart(withOrWithoutMarks(String.raw`giảm\s+giá|chiết\s+khấu`)) +
    '|할인|割引|値引|折扣|优惠|優惠',
  'iu',
);
// "TOPKDV": a Turkish till's sum of its KDV (VAT) lines. "Kwota A 23,00%": a Polish till's tax ("kwota", the amount) of rate
// class A. "Thuế GTGT": Vietnamese VAT (unaccented, "thue" is also rent).
// "ITBIS": the Dominican Republic's VAT. "ภาษี": Thai tax ("ภาษีมูลค่าเพิ่ม", VAT; the tax ID that also spells it is read
// before, as BUSINESS_ID). The abbreviations stand apart by letters, not by \b, which ends a word at "ü": "Frühstück" holds no HST.
const TAX = new RegExp(
  apart(String.raw`tax|vat|[csiu]?gst|hst|pst|qst|tps|tvq|sst|mwst|ust|tva|iva|itbis|btw|moms|mva|alv|ptu|dph|(?:top)?kdv|gtgt|kwota[^\S\n]+(?:ptu[^\S\n]+)?[a-g]`) +
    '|thuế|消費税|[内外]税|税额|税額|稅額|税金|增值税|부가세|부가가치세|ภาษี',
  'iu',
);
/**
 * Tax contained in the prices, not added to them: "incl."/"inkl."/"enth."/"enthalten" (German), "dont"/"incluse" (French),
 * "davon" (German), "incluido/a" (Spanish, Portuguese), "varav"/"heraf" (Nordic), "inbegrepen" (Dutch); 内/税込 (Japanese),
 * 含税 (Chinese), 포함 (Korean); the share of a total that is tax: "GST component", "tax portion", "of which VAT",
 * "thereof", "w tym" (Polish), "waarvan" (Dutch); a total "with tax", "after tax", "inc GST". The abbreviations end in a
 * dot, after which \b would not match.
 */
const TAX_INCLUDED = new RegExp(
  /\b(?:incl|inkl|enth|sis)\.|\b(?:incl(?:uded|udes|uding|usive)?|inkl(?:usive)?|enthalten\w*|enthält|inclus[aeo]?|inclu[ií]d[ao]s?|compris[e]?|dont|davon|varav|heraf|herav|inbegrepen)\b|内消費税|内税|税込|含税|포함|/.source +
    /\b(?:component|portion|of\s+which|thereof|hiervon|darin|w\s+tym|waarvan|joista|(?:with|after)\s+(?:tax|vat|gst)|inc\.?\s+(?:gst|vat|tax))\b/.source,
  'i',
);
const TOTAL = TOTAL_WORDS;
/** The sum of a Polish till's tax lines: "Podatek PTU", "Łączna kwota PTU" (as "SUMA PTU", which TOTAL_WORDS reads). */
const TAX_SUM = new RegExp(apart(String.raw`podatek[^\S\n]+ptu|łączna[^\S\n]+kwota[^\S\n]+ptu`), 'iu');
/** "Net Amount": a subtotal (SUBTOTAL_WORDS) unless it holds the tax or follows another subtotal or the tax lines. */
const NET_AMOUNT = /^net\s+amount\b/i;
/** What this payer paid, below the bill's total (cash tendered is not it). */
const PAID = PAID_WORDS;
const NOT_A_TOTAL = /\btotal\s+(?:items?|qty|quantity|count|savings)\b/i;
/**
 * The amount the tax is reckoned on, printed beside the tax: "Taxable 20.00", "Netto 16,81", "Total excl. VAT",
 * "Total HT", "SPRZEDAŻ OPODATK. A", "Sprzed. opod. PTU A" (Polish taxable sales), "Base imponible", "Základ DPH" (Czech),
 * "과세물품가액"/"공급가액" (Korean), "税抜" (Japanese), "มูลค่าสินค้า" (Thai: the goods' value before VAT); not "Net à payer", "Netto a pagare", the
 * amount to pay (TOTAL_WORDS). It restates the items' sum with or without the tax: no item, no tax, no total.
 */
const TAXABLE_BASE = new RegExp(
  apart(
    String.raw`(?:non-?)?taxable|netto(?!\s+(?:a|da)\s+pagare)|opodatk\p{L}*|opod\.|sprzedaż\s+(?:opodatk|zwoln)\p{L}*|sprzed\.\s+(?:opod|zwol)\p{L}*\.?|excl(?:uding|usive)?\.?|exkl(?:usive)?\.?|` +
      String.raw`ex\.?\s+(?:vat|gst|tax|mwst)|before\s+tax|pre-?tax|ohne\s+(?:mwst|ust)|hors\s+taxes?|ht|sin\s+iva|base\s+imponible|` +
      String.raw`imponibile|base\s+tribut[áa]vel|steuerpflichtig|momsunderlag|underlag|základ(?:\s+(?:daně|dane|dph))?`,
  ) + String.raw`|^net(?![\p{L}\p{N}])(?!\s*(?:wt|weight|payable|à\s+payer|a\s+payer))|과세|공급가액|면세물품|課税|税抜|不含税|税前|มูลค่าสินค้า|ก่อนภาษี|ไม่รวมภาษี`,
  'iu',
);
/**
 * A row of a VAT table, which breaks the total down by rate, read without its amounts: "A 7% 16,10 1,13 17,23", "B 19,0 %
 * 0,18 + 0,97 = 1,15", "A= 7,0% 9,35 0,65 10,00" (a class, alone or with "=" or ":" glued to it as German tills print it,
 * its rate, then net, tax and gross in any order). The tax is in the prices: no item, no tax. Anchored, so the class's
 * two ways of ending (blanks, or a mark between blanks) are tried once, from the line's start.
 */
const VAT_TABLE_ROW = /^(?:\p{Lu}\d?(?:[^\S\n]+|[^\S\n]*[=:][^\S\n]*))?\d{1,2}(?:[.,]\d{1,3})?[^\S\n]?%[\s=+*]*$/u;
/**
 * The taxes a Brazilian receipt says its prices contain, printed by law (Lei 12.741): "Tributos aprox. R$ 9,87", "Val. aprox.
 * tributos", "Valor total aproximado dos tributos", "Tributos totais incidentes (Lei Federal 12.741/2012)", "Fonte: IBPT".
 * Tax inside the prices: no item, no total (whatever "total" it says), nothing to add.
 */
const APPROXIMATE_TAXES = new RegExp(
  apart(
    String.raw`(?:tributos|trib\.|impostos)\s+(?:aprox\p{L}*|totais|incidentes)|aprox\p{L}*\.?\s+(?:d[oe]s?\s+)?(?:tributos|impostos)|` +
      String.raw`lei\s+(?:federal\s+)?(?:n[º°o]?\.?\s*)?12[.,]?741|ibpt`,
  ),
  'iu',
);
/**
 * A business's registration or tax number, its label before the number: "CNPJ 12.345.678/0001-90", "IE: 114.992.018.115" (a
 * Brazilian state's registration, Inscrição Estadual), "VAT No. 123.456.789",
 * "VAT Reg No GB 123 4567 89", "Org.nr 556677-1234", "CIF: B12345678", "KONAK V.D. 1234567890" (a Turkish tax office), "사업자번호",
 * "MST: 0101234567", "เลขประจำตัวผู้เสียภาษี" (a Thai tax ID).
 * An identifier, not money.
 */
const BUSINESS_ID = new RegExp(
  apart(
    String.raw`cnpj|cpf|ie|i\.e\.|inscri[çc][ãa]o\s+(?:estadual|municipal)|nip|regon|nif|cif|ruc|rut|rfc|abn|acn|uen|gstin|siret|siren|cvr|kvk|ičo|dič|y-tunnus|orgnr|org\.?\s?(?:nr|nummer)|` +
      String.raw`ust-?id(?:-?nr)?|steuer-?nr|steuernummer|st\.?-?nr|p\.?\s?iva|partita\s+iva|v\.\s?[dn]\.|vkn|mersis(?:\s+no)?|` +
      String.raw`(?:vat|gst|tax|btw|moms|mva|tva|iva)[\s.-]*(?:no|nr|number|reg(?:istration)?|id)\.?(?:[\s.-]*(?:no|nr|number)\.?)?|` +
      // Vietnamese: the tax code ("MST: 0101234567").
      String.raw`mst|mã\s+số\s+thuế`,
  ) + String.raw`(?=[^\S\n]*[:#.]?[^\S\n]*\p{L}{0,2}[^\S\n]?\d)|사업자|統一編號|税号|登録番号|เลขประจำตัวผู้เสียภาษี|เลขผู้เสียภาษี`,
  'iu',
);
/**
 * How the bill was paid, beyond IGNORED's English: "Forma de pagamento: PIX", "Forma de pago", "Método de pago", "Pagado con
 * Bizum", "Karta płatnicza", "Kartenzahlung", "Betalt med Swish", "Betaald met iDEAL", "Platba kartou", "KREDİ KARTI", "NAKİT",
 * "신용카드", "支付宝", "Tiền khách đưa" and "Tiền thừa" (Vietnamese: the cash given and the change), "เงินสด" and "เงินทอน" (Thai). Names that may start an
 * item ("Ideal Protein bar", "Tarjeta regalo", "생일카드") count only alone before the amount.
 */
const PAYMENT = new RegExp(
  apart(
    String.raw`forma\s+de\s+pag(?:amento|o)|m[ée]todo\s+de\s+pago|(?:meio|modo)\s+de\s+pagamento|pagamento|pagado|pago\s+con|pagato|` +
      String.raw`zahlungsart|zahlart|kartenzahlung|girocard|(?:ec|kredit)-?karte|bezahlt|mode\s+de\s+paiement|paiement|carte\s+(?:bancaire|bleue|cb)|` +
      String.raw`betalt|betaald|betalning\p{L}*|betaling\p{L}*|betalkort|maksettu|płatno\p{L}*|płatnicz\p{L}*|kartą|zapłacono|` +
      String.raw`apple\s+pay|google\s+pay|paypal|alipay|wechat\s+pay|platb\p{L}*|hotovost\p{L}*|` +
      // Turkish: credit card, bank card, cash, change (İ and ı fold to no ASCII letter).
      String.raw`(?:kred[iİı]|banka)\s+kart\p{L}*|nak[iİı]t|para\s+üst\p{L}*|` +
      // Vietnamese: the cash the customer gave, the change (thừa, thối, trả lại), cash.
      withOrWithoutMarks(String.raw`(?:tiền\s+)?khách\s+(?:đưa|trả)|tiền\s+(?:thừa|thối|mặt)|trả\s+lại`),
  ) +
    String.raw`|^(?:pix|bizum|swish|vipps|mobilepay|ideal|twint|blik|tarjeta|cart[ãa]o|carte|karte|karta|kort|card|카드)(?![\p{L}\p{N}])(?![^\S\n]*\p{L})` +
    '|(?:신용|체크)카드|카드\\s?결제|電子マネー|支付宝|微信支付|刷卡|' +
    // Thai: cash, change, a credit card, PromptPay.
    'เงินสด|เงินทอน|ทอนเงิน|บัตรเครดิต|พร้อมเพย์',
  'iu',
);
/**
 * A document's own number: "Ticket nº 0042", "Nota fiscal nº 12.345", "Paragon nr 4521", "Kvitto nr 18842", "FİŞ NO: 0087", "영수증번호",
 * "승인번호" (approval), "Số HĐ: 000871" (Vietnamese). In won, yen and dong its digits would read as money.
 */
const DOCUMENT_NUMBER = new RegExp(
  apart(
    String.raw`cupom|nota\s+fiscal|nfc-?e|paragon|factura|facture|fattura|scontrino|boleta|ticket|kassenbon|beleg|bon|kvitto|kvittering|kuitti|f[iİı]ş|` +
      String.raw`reçu|recibo|ricevuta|quittung|rechnung|nyugta`,
  ) +
    String.raw`[^\S\n]*(?:fiscal[^\S\n]*)?(?:n[º°o]?\.?|nr\.?|#|number|nummer|n[úu]mero|numéro)[^\S\n]*:?[^\S\n]*\d|(?:영수증|승인|거래)\s?번호|レシート番号|取引番号|承認番号|` +
    apart(String.raw`số\s+(?:hđ|h(?:óa|oá)\s+đơn|phiếu)|hđ\s+số`),
  'iu',
);
/**
 * A Korean street address, whose house number reads as won: "서울특별시 마포구 와우산로 21", "서울 강남구 테헤란로 152" (a
 * district, then a road and its number). Japanese and Chinese ones glue their numbers to ideographs, which no amount follows.
 */
const KOREAN_DISTRICT = /[가-힣][시도구군읍면동](?:\s|$)/u;
const KOREAN_ROAD = /[가-힣\d][로길]\s?\d/u;
/**
 * A Vietnamese street address, whose house number reads as dong: "27 Hàng Hành, Hoàn Kiếm, Hà Nội", "12 Lý Tự Trọng, Quận 1":
 * a district, ward or province, or a city ending the line after a comma ("Bia Hà Nội 20.000" is a beer).
 */
const VIETNAMESE_ADDRESS = new RegExp(
  apart(String.raw`quận|phường|huyện|tỉnh|thành\s+phố`) +
    String.raw`|,${BLANKS}*` +
    apart(withOrWithoutMarks(String.raw`hà\s+nội|(?:tp\.?\s*)?(?:hồ\s+chí\s+minh|hcm)|đà\s+nẵng|hải\s+phòng|cần\s+thơ|huế|nha\s+trang|đà\s+lạt|hội\s+an|việt\s+nam`)) +
    String.raw`${BLANKS}*$`,
  'iu',
);
const isAddress = (line: string): boolean => (KOREAN_DISTRICT.test(line) && KOREAN_ROAD.test(line)) || VIETNAMESE_ADDRESS.test(line);
/**
 * Payment, contact and bookkeeping lines: they carry numbers but are not items. "Table" is a label before its number
 * ("Table 12", "Table: 7", "TABLE NO. 4"), not in a restaurant's name ("SAFFRON TABLE", "Table & Vine").
 */
const IGNORED = new RegExp(
  String.raw`^change\b|\bchange\s+(?:due|given)\b|\b(?:cash|tendered|visa|mastercard|amex|debit|credit|paid|payment|balance|thanks?|tel|phone|fax|www\.|https?|` +
    String.raw`(?:invoice|receipt|order)\s*(?:no|#|number)|(?:credit|debit|gift|loyalty|bank)\s+card|card\s+(?:payment|ending|no\b|number|#)|table(?=[^\S\n]*(?:[:#]|no\b|n[º°]|\d))|server|cashier|terminal|(?:reg(?:ister)?|till|lane)\s*(?:no\.?|#|:)?\s*\d{1,4}|auth|approval|ref|transaction)\b|[*•]{3,}\s*\d{2,4}|` +
    // Money handed over and handed back, and how: "Gegeben BAR", "Geg. BAR", "Rückgeld" (or "Ruckgeld", "Rueckgeld" from a
    // till or scanner without the umlaut), "Espèces", "Efectivo", "EFTPOS", "Interac".
    String.raw`\b(?:given|gegeben|erhalten|r(?:ü|u|ue)ckgeld|wechselgeld|rendu|espèces|efectivo|entregado|contanti|wisselgeld|contant|växel|kontant|eftpos|interac|paynow)\b|\bgeg\.|` +
    // Words that are items too ("Bar snacks", "Cambio de aceite", "Porte-monnaie") only alone before the amount: joined to
    // more words by a dash, a slash or an ampersand, they name a charge ("Bar - Restaurant", "Bar / Lounge", "Bar & Grill").
    String.raw`^(?:bar|bargeld|cambio|vuelto|resto|monnaie|nets|upi)\b(?![^\S\n]*(?:[-–—/&+][^\S\n]*)?[a-z])|` +
    // Chinese, Japanese and Korean: tendered, change, cash, card, the taxable base (対象), item count, the phone number.
    String.raw`お預り|お預かり|預り|預かり|お釣|おつり|釣銭|現金|クレジット|対象|点数|找零|找赎|找贖|实收|實收|收款|现金|받은\s?금액|받은\s?돈|거스름돈|현금|電話|电话|전화|` +
    // The register's and the staff's numbers, which read as yen or won: "レジ#2", "レジ 0004", "責No.051", "担当:12", "포스 02",
    // "계산원 1017" ("レジ袋", a shopping bag, is an item).
    String.raw`(?:レジ(?:番号)?|責(?:任者)?|担当(?:者)?|포스|계산원|판매원|담당자)[^\S\n]*(?:(?:#|＃|No\.?|:|：)[^\S\n]*)?\d|` +
    // Vietnamese: the phone, the cashier, the staff; the table and the guests before their number ("Bàn chải" is a brush).
    apart(String.raw`điện\s+thoại|đt|sđt|hotline|thu\s+ngân|nhân\s+viên`) +
    String.raw`|^(?:bàn|số\s+khách)(?:\s+số)?(?![^\S\n]*\p{L})`,
  'iu',
);
/**
 * "Extract this receipt from Joe's Cafe:" — the request before the receipt, with the merchant when it names one.
 * The merchant starts at its first non-blank character: were blanks allowed in it too, the blanks after "from",
 * the merchant and the blanks before the line's end would share every run of blanks, and "receipt from", 20,000
 * spaces and a line of letters took 85 s to fail. "from" and blanks alone ("from \t\n") match as they did, with
 * no merchant (it was the blank).
 */
const INSTRUCTION = new RegExp(
  String.raw`^\s*(?:please\s+)?(?:(?:can|could)\s+you\s+)?(?:extract|parse|read|scan|process|log|record|analy[sz]e|itemi[sz]e|` +
    String.raw`add|file|track|digiti[sz]e|split|check|summari[sz]e|review|here(?:'s|\s+is|\s+are))\b[^\n:]*?\b(?:receipts?|bills?|invoices?|expenses?)\b` +
    String.raw`(?:\s+(?:data|details|info(?:rmation)?|lines|items))?(?:\s+(?:from|at|for)(?:\s+(?=[^\s:])([^\n:]{1,60}?)|\s\n*[^\S\n]))?\s*(?::|\n|$)`,
  'i',
);
/** A line describing the receipt ("receipt from Tokyo trip", "Beleg / receipt") rather than printed on it. */
const DESCRIPTION_LINE = /\b(?:receipts?|bills?|invoices?|kassenbon|beleg|kvitto|quittung|recibo|ricevuta|expenses?)\b/i;
/**
 * The kind of document a till prints near the shop's name: "CUPOM NÃO FISCAL", "NOTA FISCAL", "PARAGON FISKALNY", "TICKET
 * DE CAISSE", "Factura simplificada", "Kassenbon", "Scontrino", "영수증", "領収書", "HÓA ĐƠN BÁN LẺ", "ใบเสร็จรับเงิน" (Thai). Above the merchant's name, not it.
 */
const RECEIPT_HEADING = new RegExp(
  apart(
    String.raw`cupom|cupão|nota\s+fiscal|nfc-?e|paragon|fiskalny|factura|fattura|scontrino|documento\s+commerciale|boleta|ticket|tiquete|` +
      String.raw`kassenbon|kassenbeleg|bon\s+fiscal|kvitto|kvittering|kuitti|nyugta|účtenka|reçu|quittung|tax\s+invoice|sales\s+receipt|` +
      withOrWithoutMarks(String.raw`h(?:óa|oá)\s+đơn|phiếu\s+(?:thanh\s+toán|tính\s+tiền)`),
  ) + '|영수증|領収書|領収証|レシート|小票|收据|收據|发票|發票|ใบเสร็จ|ใบกำกับภาษี',
  'iu',
);
/**
 * A sentence written to us above the receipt ("Does this add up? I think they charged me too much."): a question ("?"
 * anywhere: "Kun je deze bon even uitlezen? Is voor de kerk."), a line of five words or more that speaks as "I" or to
 * "you", or one of six words or more ending in a full stop after a lower-case word. A merchant's name does none of these
 * ("Acme Holdings Corp." ends on a capital). A note that starts in lower case, as a printed name does not, counts when it
 * speaks as "my" or thanks us ("for my BAS, cheers"), or runs to five words or more ("sorting the farm accounts, this
 * one's from last week").
 */
const USERS_SENTENCE =
  /[?¿？]|^(?=(?:\S+\s+){4})[^\n]*\b(?:I|I'm|I've|me|my|you|your|please|pls)\b|^[a-z][^\n]*\b(?:i|me|my|we|our|you|your|please|pls|plz|thanks|thx|cheers|ta|merci|danke|bitte|gracias|grazie)\b|^(?=\p{Ll})(?:\S+\s+){4}\S|^(?=(?:\S+\s+){5})[^\n]*(?<![\p{L}\p{N}])\p{Ll}{2,}\.\s*$/u;
/**
 * "I", "me", "my", "you", "can you", "please" in the languages receipts come in (Czech, Slovak, Polish, Dutch, German,
 * French, Spanish, Italian, Portuguese): "Tankoval jsem cestou ke klientovi, potřebuju to rozepsat", "Ich brauche das für
 * meine Steuer". Short and common words ("je", "mi", "ma"), so they count only in a sentence: see usersSentence.
 */
const SPEAKER_WORDS = new RegExp(
  apart(
    String.raw`jsem|jsme|potřebuj\p{L}*|můj|moje|mně|mi|můžeš|můžete|prosím|som|potrebujem|ik|jij|je|mijn|mij|kun|kunt|graag|` +
      String.raw`ich|mir|mich|mein\p{L}*|du|kannst|können|bitte|j|moi|mon|ma|mes|peux|pouvez|svp|yo|me|mis|necesito|puedes|` +
      String.raw`io|mio|mia|puoi|potresti|jestem|mój|moja|mnie|potrzebuj\p{L}*|możesz|proszę|eu|meu|minha|preciso|você|podes`,
  ),
  'iu',
);
/**
 * A sentence to us in Chinese, Japanese or Korean, which put no spaces between words: one with a full stop or an
 * exclamation mark ("これは出張の分です。"), or one asking ("読み取ってください", "帮我记一下", "정리해 주세요") or ending
 * politely ("経費精算用です", "영수증입니다"), or in Thai ("ช่วยบันทึกให้หน่อยนะคะ"). A shop's printed name does none of these ("請求書" is an invoice's heading).
 */
const USERS_SENTENCE_CJK =
  /[。！]|ください|下さい|お願い|して(?:ほしい|欲しい)|(?:です|ます)(?:[、，\s]|$)|请|請(?!求)|帮我|幫我|麻烦|麻煩|谢谢|謝謝|주세요|부탁|해\s?줘|(?:입니다|합니다|해요)(?:[\s,.!]|$)|ค่ะ|นะคะ|ครับ|ช่วย/u;
/**
 * A casual ask to us in Japanese, Chinese or Korean, with no polite ending: a request form ending the line ("入れといて",
 * "記録しておいて", "メモして", "つけてね", "よろしく"), an ask to note it down ("记一下", "给我记上", "적어줘", "정리해 둬", "기록해놔"),
 * or the household book or the accounts it goes in ("家計簿", "账本", "记账", "가계부"). A shop's printed name ends in a
 * kanji, a katakana brand or 店 and names no book. Linear: the tail after a て holds no て, so no two tries share it.
 */
const USERS_ASK_CJK = new RegExp(
  // Japanese: a verb's て form after a hiragana, "…て" plus "くれ", "ちょうだい", "ね", ending the line; "頼む", "よろしく".
  String.raw`(?:\p{sc=Hiragana}て(?:くれ|ちょうだい|頂戴|もらえる|ほしい|欲しい)?|頼む|頼みます|たのむ|よろしく)[ねよなぇー〜~]{0,3}[\s!！。.…]*$|` +
    String.raw`家計簿|帳簿に|経費(?:に|で)(?:\p{sc=Hiragana}|$)|` +
    // Chinese: "give me", "note it down", "X it a moment", the account book ("李记上海生煎" is a shop: 记 names many).
    String.raw`给我|給我|[记記](?:一下|下来|下來)|(?:录|錄|登记|登記|整理|算|加|存|放|报|報|核对|核對)一下|记账|記賬|记帐|記帳|账本|帳本|账上|帳上|` +
    // Korean: a verb's "-어/-아/-해" with "줘", "줄래", "둬", "놔"; the household book.
    String.raw`[어아여해워]\s?(?:줘|줄래|주라|둬|놔|놓아|두세요|놔요|둬요)|가계부`,
  'u',
);
/** Whether a line is a sentence or an ask to us in Chinese, Japanese or Korean: USERS_SENTENCE_CJK or USERS_ASK_CJK. */
const cjkSentence = (line: string): boolean => USERS_SENTENCE_CJK.test(line) || USERS_ASK_CJK.test(line);
/**
 * A sentence ending inside the line after a lower-case word, the next one starting with a capital: "Offsite supplies,
 * charging the project. Picked them up on Main". Tried only at a word's start (the lookbehind).
 */
const SENTENCE_ENDS_INSIDE = /(?<![\p{L}\p{N}])\p{Ll}{2,}[.!;]\s+\p{Lu}/u;
/**
 * Whether a line is the user's: USERS_SENTENCE or cjkSentence, or a sentence of five words or more, three of them
 * in lower case as a printed name's are not, that speaks as the sender in another language, or a note of six words or
 * more written as sentences (SENTENCE_ENDS_INSIDE), most of its words in lower case: a printed name with a full stop
 * between its parts capitalises most of its words ("Café de la gare. Depuis 1920"). Or a note that says something
 * about the purchase, capitalised only as a sentence is (saysSomething).
 */
function usersSentence(line: string): boolean {
  if (USERS_SENTENCE.test(line) || cjkSentence(line)) return true;
  const words = line.split(/\s+/).filter(Boolean);
  const lowerCase = words.filter((word) => /^\p{Ll}/u.test(word)).length;
  if (words.length >= 6 && lowerCase * 2 > words.length && SENTENCE_ENDS_INSIDE.test(line)) return true;
  if (words.length >= 5 && lowerCase >= 3 && SPEAKER_WORDS.test(line)) return true;
  if (POINTS_AT_WHAT_FOLLOWS.test(line) || (words.length >= 3 && lowerCase >= 2 && PRESENTS_WHAT_FOLLOWS.test(line))) return true;
  return saysSomething(words.length, lowerCase, line);
}
/** A hand or an arrow pointing at what follows ("the taxi one 👇", "Parking ⬇️"): the sender's, as no till prints one. */
const POINTS_AT_WHAT_FOLLOWS = /[\u{1F447}\u{1F449}\u{2B07}\u{2935}\u{1F53D}]/u;
/**
 * A line presenting what follows, as senders write in other languages: "Aquí está …", "Te paso …", "Ahí va …", "Segue …",
 * "Voici …", "Ecco …", "Ti mando …", "Hier ist …", "Anbei …". Counted in a sentence of three words or more, two of them in
 * lower case: a shop's name capitalises its words ("Hier & Jetzt Café").
 */
const PRESENTS_WHAT_FOLLOWS = new RegExp(
  String.raw`^(?:aqu[ií]\s+(?:est[aá]n?|va|van|tienes|ten[eé]s|te\s+(?:dejo|paso|mando))|ah[ií]\s+(?:va|van|te\s+va)|(?:te|le|les|os)\s+(?:paso|mando|env[ií]o|dejo|reenv[ií]o)|` +
    String.raw`aqui\s+(?:est[aá]|vai|v[aã]o)|segue(?:m)?|vai\s+a[ií]|voici|voil[aà]|ci-joint|je\s+(?:te|vous)\s+(?:envoie|transmets|joins)|` +
    String.raw`ecco(?:lo|la|li|le|ti)?|ti\s+(?:mando|invio|giro|passo)|hier\s+(?:ist|sind|kommt|kommen)|anbei)(?![\p{L}\p{N}])`,
  'iu',
);
/**
 * A note that says something about the purchase, though it starts with a capital and speaks as no one: four words or
 * more, most of them and at least three in lower case, with a verb ("Parking went on the company card, this one is the
 * lunch", "It's the ink for the office", "Tickets were separate so only the snacks here"). A shop's printed name
 * capitalises its words, whether or not one reads as a verb ("Grab & Go", "Save on Foods", "SHOP RITE"), and one with
 * words in lower case names a place, not what happened ("Café de la gare"). The verb is read last, by wink-nlp, on the
 * line's first 300 characters only.
 */
function saysSomething(wordCount: number, lowerCase: number, line: string): boolean {
  return wordCount >= 4 && lowerCase >= 3 && lowerCase * 2 > wordCount && hasVerb(line);
}
/** Whom a sentence speaks to or as: a question, "I", "my", "we", "you", "please". */
const SPEAKS_TO_US = /[?¿？]|\b(?:I|I'm|I've|me|my|we|our|you|your|please|pls)\b/i;
/**
 * A sentence to us that names an amount, above the receipt: "Could you log this? I paid 61.00 but the lines come to 55",
 * "Me cobraron 23,40, ¿me lo apuntas?". Read without its amounts, it is the user's (usersSentence) and speaks to us or as
 * the sender: a line of lower-case words with a price and no one speaking ("large pepperoni pizza with extra cheese
 * 14.00") is an item.
 */
function usersSentenceWithAmount(line: string): boolean {
  const words = line.replace(MONEY, ' ');
  return usersSentence(words) && (SPEAKS_TO_US.test(words) || SPEAKER_WORDS.test(words) || cjkSentence(words));
}
/** "Booking ID: A-7XK2", "Pick-up: Siam Paragon", "Vehicle: GrabCar": a label and its value, never the merchant's name. */
const LABELLED_LINE = /^\p{L}[^:\n]{0,30}:[^\S\n]+\S/u;
/**
 * The merchant named in an e-mail's header or greeting: "From: John Lewis", "Thanks for your order at Thalia", "Vielen Dank
 * für Ihre Bestellung bei Thalia!", "Thank you for visiting Kew Gardens" (not "us"), or in an e-mailed receipt's heading:
 * "Your receipt from Hollow Creek Alpacas", "Receipt from Acme", "Your order at Thalia", "Ihr Einkauf bei dm".
 */
const NAMED_IN_HEADER = new RegExp(
  String.raw`^(?:from|von|de|sender|seller|sold\s+by|merchant|store|shop)\s*:\s*(\S.{0,80})$|` +
    String.raw`^(?:thanks?|thank\s+you|vielen\s+dank|danke|merci|gracias|grazie)\b[^\n]{0,60}?\b(?:(?:order|purchase|shopping|dining|` +
    String.raw`bestellung|einkauf|commande|compra|pedido|acquisto)\s+(?:at|from|with|bei|chez|en|da|in)|visiting|choosing)\s+(?!us\b|our\b)(\S.{0,80})$|` +
    String.raw`^(?:(?:your|ihre?|votre|tu|su|seu|sua|din|uw)\s+)?(?:receipt|order|purchase|beleg|quittung|bestellung|einkauf|reçu|commande|recibo|` +
    String.raw`pedido|compra|ricevuta|ordine|kvitto|kvittering|bestelling)\s+(?:from|at|von|bei|chez|från|hos|fra|van|bij|presso)\s+(\S.{0,80})$`,
  'i',
);
/**
 * What a mail client writes around a forwarded or quoted e-mail ("---------- Forwarded message ---------",
 * "-----Original Message-----", "Begin forwarded message:", "To: me", "Subject: ...") is not the merchant: the sender is.
 * (The dashes before it were stripped with the line's bullets.)
 */
const MAIL_CLIENT_LINE = new RegExp(
  String.raw`^(?:(?:begin\s+)?forwarded\s+(?:message|e-?mail)|original\s+message|(?:anfang\s+der\s+)?weitergeleitete(?:n)?\s+nachricht|` +
    String.raw`ursprüngliche\s+nachricht|original-nachricht|(?:début\s+du\s+)?message\s+(?:transféré|réexpédié|d'origine)|` +
    String.raw`mensaje\s+(?:reenviado|original)|messaggio\s+(?:inoltrato|originale)|(?:doorgestuurd|oorspronkelijk)\s+bericht)(?!\p{L})|` +
    String.raw`^(?:to|an|à|para|cc|bcc|sent|gesendet|envoyé|enviado|date|datum|subject|betreff|objet|asunto|oggetto|reply-to)\s*:`,
  'iu',
);
/** A sender's role, not its name: "Steam Support", "Uber Receipts", "no-reply". */
const SENDER_ROLE = /(?:^|(?<!\s)\s+)(?:support|team|customer\s+(?:service|care|support)|receipts?|billing|orders?|notifications?|no-?reply|accounts?|payments?|sales|help(?:desk)?|kundenservice|kundendienst|service\s+client|atención\s+al\s+cliente)$/i;
/** The part of a mail address that names no business: "no-reply@orders.example", "receipts@mail.shop.example". */
const GENERIC_HOST = /^(?:orders?|receipts?|e?-?mails?|mailer|no-?reply|notifications?|notify|info|billing|support|accounts?|payments?|service|news(?:letter)?|alerts?|messages?|example|co|com)$/i;
/** What a mail client writes before an e-mail's subject, which may name the merchant as a heading does. */
const SUBJECT_LABEL = /^(?:subject|betreff|objet|asunto|oggetto|onderwerp|assunto|ämne|emne|aihe|temat|předmět)[^\S\n]*:[^\S\n]*/i;
/**
 * An e-mailed receipt's heading naming its brand before the word: "Your Grab E-Receipt", "Your Uber receipt", "Bolt
 * receipt". Tried only on a short line (the name is at most 60 characters).
 */
const BRAND_RECEIPT = /^(your\s+)?(\S[^\n]{0,60}?)[\s-]+(?:e-?)?receipt$/i;
/** Words that name what a receipt is for, not whose it is: "Your Trip Receipt", "Your Order Receipt", "Tuesday receipt". */
const NOT_A_BRAND = /^(?:e|digital|electronic|order|trip|ride|payment|purchase|delivery|booking|tax|sales|final|official|cash|card|customer|gift|the|this|my|a|an|our|lunch|dinner|breakfast|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$/i;
/** The merchant a header line names: from the sender's address alone it may give way to a subject or heading below. */
type Named = { name: string; fromAddress?: boolean };
function namedInHeader(line: string, text: string): Named | undefined {
  // "Subject: Your receipt from Pho Saigon 88": the subject names the merchant as the e-mail's heading would.
  const heading = line.replace(SUBJECT_LABEL, '');
  const printedBelow = text.slice(text.indexOf(line) + line.length);
  const header = NAMED_IN_HEADER.exec(heading);
  if (!header) return brandHeading(heading, printedBelow);
  // A heading is printed capitalised, with a name: "receipt from lunch:", "receipt from Tokyo trip" are the user's notes.
  // Without "your" it may be the user's too ("Receipt from Dublin" above "The Brazen Head"): then the name must be printed
  // again below, as a shop's name is in an e-mail's footer.
  const from = header[3];
  if (from !== undefined) {
    const printedAgain = (name: string): boolean => printedBelow.toLowerCase().includes(name.toLowerCase());
    if (/^\p{Ll}/u.test(heading) || /^\p{Ll}/u.test(from) || /:\s*$/.test(from)) return undefined;
    if (!/^(?:your|ihre?|votre|tu|su|seu|sua|din|uw)\s/i.test(heading) && !printedAgain(from.replace(/[!.]+$/, '').trim())) return undefined;
  }
  let named = header[1] ?? header[2] ?? from;
  // "From: Steam Support <noreply@steampowered.com>": the name the sender gives, without its role, before its address.
  const bracket = named?.indexOf('<') ?? -1;
  // The quotes around the name go ("\"Apple\"", "'Harbour Books'"), an apostrophe in it stays ("Nonna's Kitchen").
  const display = named === undefined || bracket < 0 ? '' : named.slice(0, bracket).trim().replace(/^'(.*)'$/, '$1').replace(/"/g, '').trim();
  const name = display.includes('@') ? '' : display.replace(SENDER_ROLE, '').trim();
  if (/\p{L}/u.test(name)) return { name };
  if (named !== undefined && bracket >= 0) named = named.slice(bracket);
  const host = named === undefined ? undefined : /@([\p{L}\p{N}.-]{3,200})/u.exec(named)?.[1];
  if (host === undefined) return named === undefined ? undefined : { name: named };
  // "From: receipts@zoomride.co.za": the sender's domain, spelled as the receipt spells it ("ZoomRide"); a mail host's
  // own part ("mail.", "orders.example") names no one, and a role ("Orders <no-reply@orders.example>") no merchant.
  const domain = host.split('.').slice(0, -1).find((part) => part.length >= 2 && !GENERIC_HOST.test(part));
  if (!domain) return undefined;
  const spelled = new RegExp(String.raw`(?<![\p{L}\p{N}@.])${domain}(?![\p{L}\p{N}])`, 'iu').exec(text)?.[0];
  return { name: spelled ?? domain.charAt(0).toUpperCase() + domain.slice(1), fromAddress: true };
}
/**
 * "Your Grab E-Receipt" → Grab. Without "your" ("Grab receipt") it may be the user's note ("Tim Hortons receipt"): then a
 * line below must start with the name, as an e-receipt's footer does.
 */
function brandHeading(heading: string, printedBelow: string): Named | undefined {
  const brand = heading.length <= 90 ? BRAND_RECEIPT.exec(heading) : null;
  const name = brand?.[2]?.trim();
  if (!brand || !name || /^\p{Ll}/u.test(heading) || /^\p{Ll}/u.test(name) || NOT_A_BRAND.test(name)) return undefined;
  const lower = name.toLowerCase();
  const startsLine = (below: string): boolean => below.trim().toLowerCase().startsWith(lower) && !/^[\p{L}\p{N}]/u.test(below.trim().slice(name.length));
  return brand[1] || printedBelow.split('\n').some(startsLine) ? { name } : undefined;
}
/**
 * The name printed above a store's number when a mark says it is one: "Walgreens #04512", "Tesco Store No. 2231" → the
 * name. A bare number stays ("Shell Station 4471"): it may be part of the name.
 */
function merchantName(line: string): string {
  const printed = cleanName(line);
  // "EAST COAST CRAB & CO.": the full stop of an abbreviated business form is printed as part of the name; a sentence's is not.
  const lastWord = printed.slice(printed.lastIndexOf(' ') + 1).replace(/!+$/, '');
  const name = ABBREVIATED_BUSINESS_FORM.test(lastWord) ? printed.replace(/!+$/, '') : printed.replace(/[!.]+$/, '');
  return name.replace(/\s+(?:(?:store|branch|shop|filiale)\s*)?(?:#|no\.?|nr\.?)\s*\d{2,}$/i, '') || name;
}
/** A business form abbreviated with a full stop, as a name's last word: "Co.", "Inc.", "Ltd.", "Pte.", "Bros.", "S.A.", "S.p.A.". */
const ABBREVIATED_BUSINESS_FORM = /^(?:co|inc|ltd|corp|bros|pte|pty|cie|cía|ltda|bhd|llc|plc)\.$|^(?:\p{L}\.){2,}$/iu;
/**
 * The words of a column heading above the items: "Item  Qty  Price", "Description  Qty  Amount", "Artikel  Menge  Preis",
 * "Tên món  SL  Đ.giá  T.tiền" (Vietnamese: name, count, unit price, amount), "# COD DESC QTD UN VL UN VL ITEM" (Portuguese:
 * code, unit, unit value, item value). A line of them alone names no merchant or item.
 */
const COLUMN_WORD = new RegExp(
  apart(
    String.raw`items?|descriptions?|desc|products?|articles?|artikel|bezeichnung|désignation|descripción|descrição|articolo|` +
      String.raw`qty|quantity|qté|quantité|menge|anzahl|cant|cantidad|qtd|quantidade|ilość|price|unit\s+price|rate|each|` +
      String.raw`cod|c[óo]digo|un|vl(?:\s+(?:un|unit|item|total))?|` +
      String.raw`prix(?:\s+unitaire)?|preis|einzelpreis|precio|preço|prezzo|cena|amount|amt|total|montant|betrag|importe|valor|importo|` +
      withOrWithoutMarks(String.raw`stt|tên\s+(?:món|hàng)|mặt\s+hàng|món|sl|số\s+lượng|đvt|đơn\s+giá|đ\.\s?giá|đg|thành\s+tiền|t\.\s?tiền|tt`),
  ),
  'giu',
);
const isColumnHeading = (line: string): boolean => (line.match(COLUMN_WORD)?.length ?? 0) >= 2 && !/\p{L}/u.test(line.replace(COLUMN_WORD, ''));
/** Header words that are not the merchant's name. */
const LABEL_ONLY = /^(?:date|time|datum|fecha|receipt|sales\s+receipt|invoice|tax\s+invoice|bill|order|customer\s+copy)\b\W*$/i;
const MAX_LINES = 2_000;

type Sums = {
  subtotal?: number;
  total?: number;
  /** "Amount paid" below the total: what this payer paid (their split of the bill, with the tip added after it). */
  paid?: number;
  tax: number;
  taxIncluded: number;
  tip: number;
  /** A tip added below the stated total: part of what was paid, not of the bill the items add up to. */
  tipAfterTotal: number;
  /** Tax printed below a total that closes the items ("GST component", "부가세"): a breakdown of that total, unless a later total adds it. */
  taxAfterTotal: number;
  discount: number;
  /** Money taken off below a total ("합계 57,000 / 회원할인 -5,700 / 받을금액 51,300"): the bill's, when a later total closes it. */
  discountAfterTotal: number;
};

interface Money {
  value: number;
  index: number;
  length: number;
}

/** Reads the receipt: from the newest attached text file, PDF or image when there is one, else from the text. */
export async function extractReceiptData(input: ExtractReceiptDataInput, services: ToolServices): Promise<AssetDraft> {
  const attachment = services.attachments.findLast((file) => file.mediaType.startsWith('image/') || isDocument(file));
  const text = input.text ?? '';
  let receipt: Receipt;
  try {
    receipt = parseReceipt(attachment ? await attachmentText(attachment, services) : text);
  } catch (error) {
    // An unreadable attachment is forgiven when the message itself holds the receipt lines.
    if (!attachment || !(error instanceof ToolInputError)) throw error;
    try {
      receipt = parseReceipt(text);
    } catch {
      throw error;
    }
  }
  return { title: receiptTitle(receipt), content: renderReceipt(receipt), metadata: receiptMetadata(receipt) };
}

async function attachmentText(file: Attachment, services: ToolServices): Promise<string> {
  if (!file.mediaType.startsWith('image/')) return documentText(file, 'receipt');
  if (!services.readImageText) {
    throw new ToolInputError('The offline model cannot read images. Paste the receipt text into the chat or attach it as a PDF.');
  }
  return services.readImageText(file, services.abortSignal);
}

/**
 * Parses receipt text into items, summary lines, currency and total. A receipt with a printed total and no item priced in cents
 * (a market stall's note: "Mango 3 kg   105" over "TOTAL $291.00") is read again with whole numbers as prices, and read so
 * only when its lines then add up to that total.
 */
export function parseReceipt(text: string): Receipt {
  const receipt = readReceipt(text, false);
  if (receipt.items.length > 0 || !receipt.totalStated || ZERO_DECIMAL.has(receipt.currency)) return receipt;
  const inWholeNumbers = readReceipt(text, true);
  return inWholeNumbers.items.length > 0 && !inWholeNumbers.totalMismatch ? inWholeNumbers : receipt;
}

/** A receipt read with whole numbers as money (wholePrices), or as its currency reads them. */
function readReceipt(text: string, wholePrices: boolean): Receipt {
  let merchant: string | undefined;
  let merchantFromAddress = false;
  // A chat export's time stamps and senders ("[09/05/2024, 17:32] Dave: ") are no part of the receipt, nor its merchant.
  const message = withoutChatPrefixes(text);
  const instruction = INSTRUCTION.exec(message);
  let body = instruction ? message.slice(instruction[0].length) : message;
  if (instruction?.[1]) merchant = instruction[1].trim();

  // "£5.5O": the amount printed, before the O a scanner read for its 0 reads as a letter glued to it.
  body = withMisreadZeros(body);
  const date = body.match(DATE)?.[0];
  // Dates and times look like prices ("12.03") to the money pattern.
  body = body.replace(DATE, ' ').replace(TIME, ' ').replace(DAY_AND_MONTH, '$1 ');
  const currency = detectCurrency(body);
  const integersAreMoney = wholePrices || ZERO_DECIMAL.has(currency.code);

  const items: ReceiptItem[] = [];
  const ambiguous = new Set<ReceiptItem>();
  const sums: Sums = { tax: 0, taxIncluded: 0, tip: 0, tipAfterTotal: 0, taxAfterTotal: 0, discount: 0, discountAfterTotal: 0 };
  let pendingName: string | undefined;
  // A bare amount above the first item, named only by the line before it: an item, or the total an e-mail repeats at its top.
  let leadingAmount: ReceiptItem | undefined;
  // The item read on the line before, and a count with its unit price printed alone on the line before: a count line
  // ("2 AD X 45,00", "2 Stk x 1,29") prices the item above or below it, an amount alone is the line total of the one above.
  // Below a name ("Brezel" over "2 x 1,29") it prices that name, unless the next line is an item it adds up to: then the
  // name was an address or a label ("Kadıköy / İSTANBUL" over "3 AD X 12,50" over "EKMEK *37,50").
  let itemAbove: NonNullable<ParsedItem> | undefined;
  let countAbove: (Count & { named?: ReceiptItem }) | undefined;
  const counts = (item: ReceiptItem, count: Count): boolean => item.quantity === 1 && Math.abs(item.amount - count.amount) < 0.011;
  // The items read before the last total: what follows it (a split, the card, "Suica ¥680") is how the bill was paid.
  let itemsAtTotal = 0;
  // Items priced by a bare whole number, with no mark, thousands or cents: in whole units, what a stall's, a room's or a
  // register's number above the items reads as too ("Chợ Hội An - sạp 27", "Room 807").
  const pricedBare = new Set<ReceiptItem>();
  // Lines named like money taken off but priced as a charge, with no minus ("Car wash voucher 8.00", "Gift voucher 25.00"):
  // read as a discount, they are bought when the total counts them so. Each with the number of items read before it.
  const chargedAsDiscount: { item: ReceiptItem; at: number }[] = [];
  let chargedAtTotal = 0;
  // A total line: the bill so far, with any tip above it (an e-mail may state its total twice, before and after the lines).
  const stateTotal = (amount: number): void => {
    sums.total = amount;
    sums.tip += sums.tipAfterTotal;
    sums.tax += sums.taxAfterTotal;
    sums.discount += sums.discountAfterTotal;
    sums.tipAfterTotal = 0;
    sums.taxAfterTotal = 0;
    sums.discountAfterTotal = 0;
    itemsAtTotal = items.length;
    chargedAtTotal = chargedAsDiscount.length;
  };
  const addTax = (amount: number, included: boolean): void => {
    if (included) sums.taxIncluded += amount;
    else if (sums.total !== undefined && itemsAtTotal > 0) sums.taxAfterTotal += amount;
    else sums.tax += amount;
  };

  for (const line of splitLines(body, integersAreMoney).slice(0, MAX_LINES)) {
    // What the line says, with the letters a scanner read as digits ("T0TAL"); its names are kept as printed.
    const read = readMisreadLetters(line);
    const money = findMoney(line, integersAreMoney);
    const last = money[money.length - 1];
    const [above, counted] = [itemAbove, countAbove];
    [itemAbove, countAbove] = [undefined, undefined];
    if (!last) {
      // A merchant read from the sender's address gives way to one a subject or heading names before the items.
      const header: Named | undefined = (!merchant || merchantFromAddress) && items.length === 0 ? namedInHeader(line, body) : undefined;
      const named: Named | undefined = header && !(merchant && header.fromAddress) ? header : undefined;
      if (named) [merchant, merchantFromAddress] = [merchantName(named.name), named.fromAddress === true];
      else if (MAIL_CLIENT_LINE.test(read)) continue;
      // Before the first item, a line about the receipt, or a sentence to us, is the user's, not the merchant's.
      else if (items.length === 0 && !merchant && (DESCRIPTION_LINE.test(read) || RECEIPT_HEADING.test(read) || LABELLED_LINE.test(line) || usersSentence(line))) continue;
      else if (/\p{L}/u.test(line) && !TOTAL.test(read) && !IGNORED.test(read) && !PAYMENT.test(read) && !BUSINESS_ID.test(read) && !LABEL_ONLY.test(read) && !isColumnHeading(read)) {
        if (!merchant && items.length === 0) merchant = merchantName(line);
        // A label and its value ("FİŞ NO: 0214", "TARİH:   SAAT:") names no item priced on the next line.
        // A pump's label and its fuel ("Zapfsäule 3: Diesel") do name the volume pumped below it.
        else if ((!LABELLED_LINE.test(line) || fuelNamed(line)) && !DOCUMENT_NUMBER.test(read)) pendingName = cleanName(withoutItemNumber(line, integersAreMoney));
      }
      continue;
    }
    // Above the merchant and the first item, a sentence to us that names an amount ("the card was charged 61.00") is the user's.
    if (items.length === 0 && !merchant && usersSentenceWithAmount(line)) continue;
    const amount = last.value;
    const count = countLine(line, money);
    if (above?.unitPriceOnly && money.length === 1 && !/\p{L}/u.test(line.replace(MONEY, ''))) {
      // "VİDA 4X40   2 AD X 45,00" over "*90,00": the amount alone below a count and unit price is that line's total.
      above.item.amount = round(amount);
    } else if (count) {
      // "Brezel 2,58" over "2 Stk x 1,29": the count of the item above it adds up to.
      if (above && counts(above.item, count)) Object.assign(above.item, { quantity: count.count, unitPrice: count.unitPrice });
      else {
        // "Pump 04  Diesel" over "30.00 L @ 1.80  54.00": a volume is of the fuel the line above names.
        const name = pendingName && VOLUME_OPENING.test(line) ? (fuelNamed(pendingName) ?? pendingName) : pendingName;
        const named = name ? { name, quantity: count.count, unitPrice: count.unitPrice, amount: count.amount } : undefined;
        if (named) items.push(named);
        countAbove = { ...count, named };
      }
    } else if (BUSINESS_ID.test(read)) {
      // A business's registration number: no amount at all.
    } else if (APPROXIMATE_TAXES.test(read)) addTax(amount, true);
    else if (PAID.test(read) && sums.total !== undefined && amount > 0) sums.paid = amount;
    // "Gross 180.00 / Disc -18.00 / Net Amount (incl GST) 162.00": a net amount below a subtotal or the tax lines, or holding
    // the tax, is the total.
    else if (NET_AMOUNT.test(read) && (sums.subtotal !== undefined || sums.tax > 0 || TAX_INCLUDED.test(read))) stateTotal(amount);
    else if (SUBTOTAL.test(read)) sums.subtotal = amount;
    else if (TIP.test(read)) sums[sums.total === undefined ? 'tip' : 'tipAfterTotal'] += amount;
    else if (DISCOUNT.test(read)) {
      sums.discount += Math.abs(amount);
      const charged = amount > 0 ? parseItem(line, integersAreMoney, pendingName)?.item : undefined;
      if (charged) chargedAsDiscount.push({ item: charged, at: items.length });
    }
    else if (TAXABLE_BASE.test(read) || (money.length > 1 && VAT_TABLE_ROW.test(line.replace(MONEY, '')))) {
      // The base the tax is reckoned on, or a VAT table's row, restates the items: neither an item nor a sum of its own.
    } else if (TOTAL.test(read) && TAX_INCLUDED.test(read) && !NOT_A_TOTAL.test(read)) {
      // "Total includes GST $7.73" below "TOTAL $85.00": the tax the stated total holds, less than it, is no total of its own
      // ("Total incl. VAT 48.00" above it, or beneath a smaller total without the tax, is).
      if (TAX.test(read) && sums.total !== undefined && amount < sums.total) addTax(amount, true);
      else stateTotal(amount);
    }
    // "SUMA PTU", "Podatek PTU", "Total tax", "GST total": the sum of the tax lines above it, a tax only when none was printed.
    else if ((TOTAL.test(read) || TAX_SUM.test(read)) && TAX.test(read)) {
      if (sums.tax + sums.taxIncluded + sums.taxAfterTotal === 0) addTax(amount, false);
    } else if (TAX.test(read)) addTax(amount, TAX_INCLUDED.test(read));
    // "Balance due 0.00" after the card line is what is left to pay, not what was paid.
    else if (TOTAL.test(read)) {
      if (!NOT_A_TOTAL.test(read) && !(amount === 0 && sums.total)) stateTotal(amount);
    }
    // Money taken off under any name ("Loyalty card - free coffee -£3.40") is a discount: above the total, or below a total
    // that closes the items when a later one (the amount to pay) closes the bill.
    else if (amount < 0) sums[sums.total !== undefined && itemsAtTotal > 0 ? 'discountAfterTotal' : 'discount'] += Math.abs(amount);
    // A line of 0.00 (free delivery) is no purchase.
    else if (amount !== 0 && !IGNORED.test(read) && !PAYMENT.test(read) && !DOCUMENT_NUMBER.test(read) && !isAddress(line)) {
      const item = parseItem(line, integersAreMoney, pendingName);
      // "2 AD X 45,00" over "VİDA *90,00": the count of the item below it adds up to.
      if (item && counted && counts(item.item, counted)) {
        Object.assign(item.item, { quantity: counted.count, unitPrice: counted.unitPrice });
        if (counted.named) items.splice(items.indexOf(counted.named), 1);
      }
      itemAbove = item;
      if (item) {
        if (items.length === 0 && pendingName !== undefined && !/\p{L}/u.test(line.replace(MONEY, ''))) leadingAmount = item.item;
        if (/^\d+$/.test(line.slice(last.index, last.index + last.length))) pricedBare.add(item.item);
        items.push(item.item);
        if (item.ambiguous) ambiguous.add(item.item);
      }
    }
    pendingName = undefined;
  }
  // With items above the last total, lines below it are the payment; an e-mail that opens on its total lists the items after it.
  if (itemsAtTotal > 0) {
    items.splice(itemsAtTotal);
    chargedAsDiscount.splice(chargedAtTotal);
  }

  if (items.length === 0 && sums.total === undefined && sums.subtotal === undefined) {
    throw new ToolInputError(
      'No receipt lines found: paste the receipt text with one item and its price per line, or attach it as a PDF.',
    );
  }

  // Tax printed below the last total, with no later total adding it, is that total's breakdown.
  sums.taxIncluded += sums.taxAfterTotal;
  const addsUpFrom = (itemsSum: number, withTax: boolean): boolean =>
    sums.total !== undefined && Math.abs(round(itemsSum - sums.discount + sums.tip + (withTax ? sums.tax : 0)) - sums.total) < 0.011;
  const addsUp = (lines: readonly ReceiptItem[], withTax: boolean): boolean => addsUpFrom(sum(lines), withTax);
  // A bare amount at the top that the total repeats, when the items below it add up to that total, is the total (an
  // e-mail's "$75.13" under the shop's name and town), not an item ("Large pizza / 14.00" is one).
  if (leadingAmount && items[0] === leadingAmount && items.length > 1 && near(leadingAmount.amount, sums.total ?? Number.NaN)) {
    const below = items.slice(1);
    if (addsUp(below, true) || addsUp(below, false)) items.shift();
  }
  // Lines named like a discount but charged, when the total counts them as bought and not as taken off, are items
  // ("Cafe gift voucher £25.00" bought with a ferry crossing): in their place among the items.
  if (chargedAsDiscount.length > 0 && !addsUp(items, true) && !addsUp(items, false)) {
    const discount = sums.discount;
    sums.discount = round(discount - sum(chargedAsDiscount.map(({ item }) => item)));
    const bought = [...items];
    for (const { item, at } of [...chargedAsDiscount].reverse()) bought.splice(at, 0, item);
    if (addsUp(bought, true) || addsUp(bought, false)) items.splice(0, items.length, ...bought);
    else sums.discount = discount;
  }
  // Bare numbers opening the items that the total does not count, when the items below them add up to it, were the
  // numbers of a stall, a room or a register above the items, not prices (the fewest that make it add up).
  if (!addsUp(items, true) && !addsUp(items, false)) {
    const firstPriced = items.findIndex((item) => !pricedBare.has(item));
    const leadingBare = Math.min(firstPriced < 0 ? items.length : firstPriced, items.length - 1);
    let below = sum(items);
    for (let dropped = 1; dropped <= leadingBare; dropped++) {
      below -= items[dropped - 1]?.amount ?? 0;
      if (addsUpFrom(below, true) || addsUpFrom(below, false)) {
        items.splice(0, dropped);
        break;
      }
    }
  }
  // Tax that the items add up to the stated total without is contained in their prices, whatever its line says
  // ("PTU A 23%" above "SUMA PLN", a "Netto / MwSt / Brutto" table).
  if (sums.tax > 0 && items.length > 0 && !addsUp(items, true) && addsUp(items, false)) {
    sums.taxIncluded += sums.tax;
    sums.tax = 0;
  }

  const tax = sums.tax + sums.taxIncluded;
  // "2 x Coffee 3.50" reads as a line total; if the stated totals only add up with 3.50 as the unit price, use that.
  const expected = sums.subtotal ?? (sums.total === undefined ? undefined : sums.total - sums.tax - sums.tip + sums.discount);
  if (expected !== undefined && ambiguous.size > 0 && !near(sum(items), expected)) {
    const asUnit = items.map((item) =>
      ambiguous.has(item) ? { ...item, unitPrice: item.amount, amount: round(item.amount * item.quantity) } : item,
    );
    if (near(sum(asUnit), expected)) items.splice(0, items.length, ...asUnit);
  }

  // Without a total line: the items (or the stated subtotal) plus tax and tip not already included.
  const computed = (sums.subtotal ?? sum(items) - sums.discount) + sums.tax + sums.tip;
  const [tip, discount] = [sums.tip + sums.tipAfterTotal || undefined, sums.discount || undefined];
  const bill = round(sums.total ?? computed);
  const totalStated = sums.total !== undefined;
  // The stated total is what was paid, so it is kept; a total the items do not add up to is flagged, not trusted silently.
  const fromItems = round(sum(items) - sums.discount + sums.tax + sums.tip);
  const totalMismatch = totalStated && items.length > 0 && Math.abs(fromItems - bill) > 0.011 ? { stated: bill, computed: fromItems } : undefined;
  const total = sums.paid === undefined ? bill : round(sums.paid);
  return {
    merchant,
    date,
    currency: currency.code,
    currencyStated: currency.stated,
    items,
    subtotal: sums.subtotal,
    tax: tax || undefined,
    tip,
    discount,
    total,
    totalStated,
    totalMismatch,
  };
}

/**
 * An explicit ISO code wins over a symbol; with several, the most frequent one; a "$", an "Rs" or nothing is read from where
 * the receipt was printed; else inferred from the decimals.
 */
export function detectCurrency(text: string): { code: string; stated: boolean } {
  const codes = text.match(new RegExp(`\\b(?:${CODES})\\b`, 'g')) ?? [];
  if (codes.length > 0) {
    const counts = new Map<string, number>();
    for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
    return { code: [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? DEFAULT_CURRENCY, stated: true };
  }
  const [, marked, printedElsewhere] = CURRENCY_MARKS.find(([pattern]) => pattern.test(text)) ?? [];
  // "元" in Taipei: a mark another country prints for its own currency names that one where the receipt was printed there.
  const elsewhere = printedElsewhere && COUNTRY_CLUES.find(([pattern, code]) => printedElsewhere.includes(code) && pattern.test(text))?.[1];
  if (marked) return { code: elsewhere || marked, stated: true };
  // A "$", "Rs" or a bare amount: where the receipt was printed says which (a shared mark only names a currency of the
  // countries printing it, an amount with cents no whole-unit one: "Phở tái 14.50" was sold outside Vietnam).
  const shared = SHARED_MARKS.find(({ mark }) => mark.test(text));
  const cents = CENTS.test(text);
  const clue = COUNTRY_CLUES.find(
    ([pattern, code]) => (!shared || shared.currencies.includes(code)) && !(cents && ZERO_DECIMAL.has(code)) && pattern.test(text),
  )?.[1];
  if (clue) return { code: clue, stated: Boolean(shared) };
  if (shared) return { code: shared.clues.find(([pattern]) => pattern.test(text))?.[1] ?? shared.currencies[0] ?? DEFAULT_CURRENCY, stated: true };
  if (COMMA_DECIMALS.test(text)) return { code: DEFAULT_COMMA_CURRENCY, stated: false };
  const vat = VAT_RATE.exec(text);
  return { code: (vat && VAT_RATES.get(Number(vat[1] ?? vat[2]))) ?? DEFAULT_CURRENCY, stated: false };
}

/** "1.234,56" and "1,234.56" → 1234.56, "3,50" → 3.5, "1,200" → 1200: three digits after the last separator are thousands. */
export function parseAmount(raw: string): number {
  const cleaned = raw.replace(/['\u00A0\u202F\s]/g, '');
  const separator = Math.max(cleaned.lastIndexOf('.'), cleaned.lastIndexOf(','));
  if (separator === -1) return Number(cleaned);
  const decimals = cleaned.length - separator - 1;
  if (decimals === 3) return Number(cleaned.replace(/[.,]/g, ''));
  return Number(`${cleaned.slice(0, separator).replace(/[.,]/g, '')}.${cleaned.slice(separator + 1)}`);
}

/** A whole number padded with zeros ("POS 01", "No. 0041877"): a register's or a document's number, which no till prints money as. */
const ZERO_PADDED = /^0\d+$/;

function findMoney(line: string, integersAreMoney: boolean): Money[] {
  return [...line.matchAll(MONEY)]
    .filter((match) => !ZERO_PADDED.test(match[3] ?? ''))
    // A bare integer is a quantity, code or year unless a currency mark sits next to it or the currency has no cents.
    .filter((match) => Boolean(match[2] || match[4]) || integersAreMoney || /[.,]\d{1,2}$|[.,'\u00A0\u202F]\d{3}/.test(match[3] ?? ''))
    .map((match) => ({
      value: (match[1] ? -1 : 1) * parseAmount(match[3] ?? '0'),
      index: match.index,
      length: match[0].length,
    }));
}

/** Text pasted on one line ("Latte 4.50 Muffin 3.00 Total 7.50") is split after each price. */
function splitLines(body: string, integersAreMoney: boolean): string[] {
  const lines = body.split(/\r?\n/);
  const oneLine = lines.filter((line) => line.trim()).length === 1;
  const source = oneLine ? lines.flatMap((line) => splitAfterPrices(line, integersAreMoney)) : lines;
  // "Pret A Manger, Latte £3.20, ...": on one line, a name before the first item's comma is the merchant's.
  const leading = oneLine ? merchantBeforeComma(source[0] ?? '') : undefined;
  if (leading) source.splice(0, 1, ...leading);
  return source.map((line) => line.replace(/^[\s,;•*-]+/, '').trim().replace(CLASS_MARK, '')).filter(Boolean);
}

/**
 * The VAT class a till prints after a price, ending its line: "24,99A", "12.00 B", "5.99 T", "3.49 *". Dropped, so
 * that "4,99G" or "9,99L" does not read as grams or litres. A measured quantity goes on ("40.00L @ 1.80/L $72.00").
 */
const CLASS_MARK = /(?<=\d[.,]\d{2})[^\S\n]?[A-Z*]$/;

/**
 * "Pret A Manger, Latte £3.20" → ["Pret A Manger", "Latte £3.20"]: the text before the first comma when it has a letter
 * and no digit, and the rest from its first non-blank character when that is on one line. A loop, not
 * /^([^,\d]*\p{L}[^,\d]*),\s*(\S.*)$/u, whose two runs of [^,\d]* retried each other over a line without a comma.
 */
function merchantBeforeComma(line: string): [string, string] | undefined {
  const comma = line.indexOf(',');
  if (comma === -1) return undefined;
  const name = line.slice(0, comma);
  const rest = line.slice(comma + 1).replace(/^\s+/, '');
  if (/\d/.test(name) || !/\p{L}/u.test(name) || !rest || /[\n\r\u2028\u2029]/.test(rest)) return undefined;
  return [name, rest];
}

function splitAfterPrices(line: string, integersAreMoney: boolean): string[] {
  const parts: string[] = [];
  let start = 0;
  for (const money of findMoney(line, integersAreMoney)) {
    const end = money.index + money.length;
    if (/^[\s,;]+\p{L}/u.test(line.slice(end)) && !/^\s*@/.test(line.slice(end))) {
      parts.push(line.slice(start, end));
      start = end;
    }
  }
  parts.push(line.slice(start));
  return parts;
}

const QUANTITY_LABEL = /\b(?:qty|quantity|menge|anzahl|qté|quantité|cantidad|cant\.)\s*[:.]?\s*(\d{1,3})\b/i;
/**
 * A count's unit printed after it, either case: "2 AD" (Turkish adet), "1 ks" (Czech), "3 Stk", "2 szt", "4 pcs", "2 db", "2 UN"
 * (Portuguese unidade), "1 ud" (Spanish unidad), a CJK counter ("2コ").
 */
const COUNT_UNIT = String.raw`(?:${['adet', 'ad', 'pcs', 'pc', 'ks', 'stk', 'st', 'szt', 'kpl', 'db', 'unid', 'und', 'un', 'uds', 'ud'].map(anyCase).join('|')}|шт|${CJK_COUNTER})\.?`;
const WEIGHT_UNIT = String.raw`(?:${['kg', 'g', 'lbs?', 'oz', 'l', 'ml'].map(anyCase).join('|')})\.?`;
/** A weighed quantity with its decimals and unit: "0,500 KG", "1.25 lb". */
const WEIGHT = String.raw`(\d{1,4}[.,]\d{1,3})[^\S\n]*${WEIGHT_UNIT}`;
/**
 * A count in a column of its own, its unit after it glued or after blanks ("Cold Brew      1     260.00", "ESCOVA DENTAL
 * 2  UN   12,45   24,90"). Tried only where a run of blanks starts (the lookbehind), so no run is rescanned from each of
 * its blanks.
 */
const QUANTITY_COLUMN = new RegExp(String.raw`(?<=\S)\s{2,}(\d{1,3})(?:[^\S\n]*${COUNT_UNIT})?\s{2,}$`, 'u');
/** A weight in a column of its own before the unit price, its unit after it glued or after blanks: "BANANA   1,235  KG   ". */
const WEIGHT_COLUMN = new RegExp(String.raw`(?<=\S)\s{2,}${WEIGHT}\s+$`, 'u');
/**
 * A size after an "x" ("Screws 8g x 40mm", "10G X 65MM", "Schrauben 4 x 40 mm", "Krepp 30mm x 50m"): a measure (UNIT), which
 * is part of the name, never the unit price or the count the "x" would mark. The number's digits and decimals are read to
 * their end before the unit, so no shorter reading of them is retried.
 */
const SIZE_AHEAD = String.raw`(?![^\S\n]*\d+(?:[.,]\d+)?(?![\d.,])${UNIT})`;
/**
 * What marks the unit price: "@", "at", or "x"/"×" before a price ("2 nights x $129.00 $258.00"); "à"/"je" in French and
 * German ("2 x Brezel à 0,95 1,90"), before a price with its sign or code ("12 x ARS 1.500,00"); "X" after a count or a
 * weight ("2 AD X 45,00", "1,235 KG X 5,99"; "iPhone X 999.00" is a name); "*" apart from the price ("*135,00" is how Turkish tills print an amount); an "x" glued between a count and a price with cents ("1x15,00").
 * Not before a size ("8g x 40mm", SIZE_AHEAD), which no price is.
 * Starts only where a run of blanks starts: the same match, found without rescanning the run from each of its blanks.
 */
const UNIT_PRICE_MARK = new RegExp(
  String.raw`(?<!\s)(?:\s*(?:@|\bat\b)|\s+(?:[x×]|(?<=\d(?:\s*(?:${COUNT_UNIT}|${WEIGHT_UNIT}))?\s+)X|\*(?!\d)|à|je)(?=\s*(?:(?:[$€£¥₺]|(?:${CODES})(?![\p{L}\p{N}]))\s*)?\d)${SIZE_AHEAD}|` +
    String.raw`(?<=(?:^|\s)\d{1,3})[x×X]${CENTS_AHEAD})`,
  'u',
);
/** A count after an "x" or a "*" ("Coffee x2 7.00", "Flat white x 2 9.00"); a size after it ("4 x 40 mm", SIZE_AHEAD) is no count. */
const TRAILING_COUNT = new RegExp(String.raw`\s(?:[x×]|\*(?!\d))${SIZE_AHEAD}\s?(\d{1,3})(?=\s|$)`, 'u');
/**
 * A count before the unit-price mark, with its unit: "VİDA 4X40   2 AD" before "X 45,00"; in brackets after the name too
 * ("Empanadas (12" before "x ARS 1.500,00)").
 */
const COUNT_BEFORE_MARK = new RegExp(String.raw`(?:^|\s)\(?(\d{1,3})(?:\s*${COUNT_UNIT})?\s*$`, 'u');
/** A weight before an "x" ("TOMATE  0,850 KG" before "X 7,90"); before "@" a measure stays in the name ("Diesel 40.00L @ 1.80/L"). */
const WEIGHT_BEFORE_X = new RegExp(String.raw`(?:^|\s)${WEIGHT}\s*$`, 'u');
/**
 * A line of a quantity and its unit price ("2 AD X 45,00", "2 Stk x 1,29", "2 UN x 5,49", "0,500 KG x 16,90", "2コ×単140"): the text
 * before its unit price. A count is group 1, a weight group 2.
 */
const QUANTITY_ONLY = new RegExp(String.raw`^(?:(\d{1,3})[^\S\n]*(?:${COUNT_UNIT}[^\S\n]*)?|${WEIGHT}[^\S\n]*)[x×X*@][^\S\n]*(?:単価?[^\S\n]*)?$`, 'u');
/**
 * The unit a count line's unit price is priced by, after the price: "/kg", "EUR/kg", "€ / Stk", "per lb" (a currency code or
 * mark the amount did not take, then "/" or "per" and a weight or count unit). The blanks before the code are optional only
 * inside the group the code starts, so the two runs of blanks never share theirs.
 */
const PER_UNIT = new RegExp(
  String.raw`^[^\S\n]*(?:(?:${CODES}|[€$£¥])[^\S\n]*)?(?:\/|per(?![\p{L}\p{N}]))[^\S\n]*(?:${WEIGHT_UNIT}|${COUNT_UNIT})[^\S\n]*$`,
  'u',
);
/** A count, or else a weight: a weight's decimals after a comma are decimals, never thousands ("0,500 KG" is half a kilo). */
const quantityOf = (count: string | undefined, weight: string | undefined): number =>
  count === undefined ? Number(weight?.replace(',', '.')) : Number(count);

/**
 * An item's number and product code opening its line, as fiscal tills print them ("001 1001 PAO FRANCES", "003 CAFE"): a
 * zero-padded number, or a number before a code of four digits or more. They count nothing and name nothing.
 */
const ITEM_NUMBER = /^(?:0\d{1,3}[^\S\n]+(?:\d{4,14}[^\S\n]+)?|\d{1,3}[^\S\n]+\d{4,14}[^\S\n]+)(?=\p{L})/u;
/**
 * A product code alone before the name ("7891058 DIPIRONA 500MG", "40231 LIXA"): five digits or more, which no count is
 * and, without cents, no price. A number glued to letters ("7UP") or of four digits ("1664 BLANC") is part of the name.
 */
const PRODUCT_CODE = /^\d{5,14}[^\S\n]+(?=\p{L})/u;
/** In whole units a number before the name may be its price ("35000 Bún chả"): only an EAN's eight or thirteen digits are a code. */
const EAN = /^(?:\d{13}|\d{8})[^\S\n]+(?=\p{L})/u;
/** A line without the item's number and product code opening it: they name nothing. */
const withoutItemNumber = (line: string, integersAreMoney: boolean): string =>
  line.replace(ITEM_NUMBER, '').replace(integersAreMoney ? EAN : PRODUCT_CODE, '');
/**
 * A volume opening a line ("42.18 L @ 1.899  80.10", "12.000 gal"): what a pump measured, with the fuel named on the line
 * above when the line names nothing else.
 */
const VOLUME_OPENING = new RegExp(String.raw`^(\d{1,4}(?:[.,]\d{1,3})?)[^\S\n]*(?:${['l', 'lt', 'ltr', 'litres?', 'liters?', 'gal', 'gallons?'].map(anyCase).join('|')})\.?(?![\p{L}\p{N}])`, 'u');
/** A pump and its number: "Pump 04", "Zapfsäule 3", "Pompe n° 2", "Surtidor #5". It names no fuel. */
const PUMP = new RegExp(
  apart(String.raw`pump|pumpe|zapfsäule|säule|pompe|surtidor|bomba|dispenser`) + String.raw`[^\S\n]*(?:(?:no|nr|n[º°o])\.?|#)?[^\S\n]*\d{1,3}(?![\p{L}\p{N}])`,
  'giu',
);
/** The fuels a pump sells, in the languages receipts come in. */
const FUEL = new RegExp(
  apart(
    String.raw`diesel|biodiesel|unleaded|petrol|gasoline|benzin|benzina|gasolina|gas[oó]leo|gazole|gasoil|nafta|super(?:\s+plus)?|` +
      String.raw`premium|regular|e5|e10|e85|sp9[58]|ulp|pulp|lpg|autogas|adblue|v-power|ultimate|kerosene`,
  ),
  'iu',
);
/**
 * The fuel a line names, without its pump's number or its label: "Pump 04  Diesel" → "Diesel", "Zapfsäule 3: Super E10" →
 * "Super E10"; undefined when it names no fuel ("Pump 04").
 */
function fuelNamed(line: string): string | undefined {
  const unpumped = line.replace(PUMP, ' ');
  const fuel = cleanName(unpumped.slice(unpumped.lastIndexOf(':') + 1));
  return FUEL.test(fuel) ? fuel : undefined;
}
/**
 * The readings of a fuel's price a litre besides the amount read: "1.899", read as thousands, may be 1.899 (a fuel's price
 * has three decimals); "189.9 c/L" is in cents. The one the volume makes the amount with is the price.
 */
function pricesPerLitre(line: string, price: Money): number[] {
  const digits = /(?<![\d.,])(\d{1,3})[.,](\d{3})(?![\d.,])/.exec(line.slice(price.index, price.index + price.length));
  const inCents = /^[^\S\n]*(?:c|¢)(?![\p{L}\p{N}])/u.test(line.slice(price.index + price.length));
  return [price.value, ...(digits ? [Number(`${digits[1]}.${digits[2]}`)] : []), ...(inCents ? [price.value / 100] : [])];
}
/** What stands between a unit-price mark and the line's amount when the unit price is printed without cents: "2 x  95  190.00". */
const WHOLE_UNIT_PRICE = /^\s*(\d{1,6})\s*$/;

/** An item; unitPriceOnly when its line printed a unit price and no amount ("2 AD X 45,00"), which may follow alone. */
type ParsedItem = { item: ReceiptItem; ambiguous: boolean; unitPriceOnly?: boolean } | undefined;

/** A quantity (a count or a weight), its unit price and the amount they make. */
type Count = { count: number; unitPrice: number; amount: number };
/**
 * "2 AD X 45,00" → 2 at 45, "0,500 KG x 16,90   8,45" → 0.5 at 16.90 for 8.45: a quantity and unit price printed on a line
 * of their own, above or below the item's line, with the amount they make or without it. A second amount they do not make
 * is no line total (the line is left to parseItem).
 */
function countLine(line: string, money: readonly Money[]): Count | undefined {
  const [price, printed] = money;
  const last = money[money.length - 1];
  if (money.length > 2 || !price || !last || (printed && /\S/.test(line.slice(last.index + last.length)))) return undefined;
  // After the unit price only the unit it is priced by, if anything: "0,865 kg x 1,49 EUR/kg", "3 Stk x 0,45 €/Stk  1,35".
  const afterPrice = line.slice(price.index + price.length, printed?.index ?? line.length);
  if (/\S/.test(afterPrice) && !PER_UNIT.test(afterPrice)) return undefined;
  const quantity = QUANTITY_ONLY.exec(line.slice(0, price.index));
  if (!quantity) return undefined;
  const count = quantityOf(quantity[1], quantity[2]);
  // The amount they make, to the cent a weighed line is rounded to ("0,312 KG x 42,00" → 13,10).
  if (printed && Math.abs(count * price.value - printed.value) >= 0.011) return undefined;
  return { count, unitPrice: price.value, amount: printed?.value ?? round(count * price.value) };
}

/** One item line: "2 x Coffee 7.00", "Coffee x2 7.00", "2 Coffee @ 3.50", "2 @ 3.99 AVOCADO" or "Coffee 3.50". */
function parseItem(line: string, integersAreMoney: boolean, pendingName?: string): ParsedItem {
  let quantity: number | undefined;
  // "001 1001 PAO FRANCES 8,45", "7891058 DIPIRONA 12,90": an item's number and code are no count and no part of its name.
  const unnumbered = withoutItemNumber(line, integersAreMoney);
  // A labelled quantity anywhere on the line: "Mug 350ml   Qty: 2   £36.00".
  const labelled = QUANTITY_LABEL.exec(unnumbered);
  if (labelled) quantity = Number(labelled[1]);
  let rest = labelled ? unnumbered.slice(0, labelled.index) + unnumbered.slice(labelled.index + labelled[0].length) : unnumbered;
  // "2 x 0,69" under its name: the "x" marks the unit price and starts no name.
  const leading = /^(\d{1,3})(?:\s*[x×X*]\s+|\s+)(?=\p{L})(?![xX][\s\d])/u.exec(rest);
  if (leading && quantity === undefined) {
    quantity = Number(leading[1]);
    rest = rest.slice(leading[0].length);
  }
  // "*" glued to digits is an amount's mark, not a count's ("*90,00").
  const trailing = TRAILING_COUNT.exec(rest);
  if (trailing && quantity === undefined && !unitPriceAfterCount(rest, trailing, integersAreMoney)) {
    quantity = Number(trailing[1]);
    rest = rest.slice(0, trailing.index) + rest.slice(trailing.index + trailing[0].length);
  }
  const at = UNIT_PRICE_MARK.exec(rest);
  let prices = withoutBracketed(rest, findMoney(rest, integersAreMoney));
  let unitPrice: number | undefined;
  let name: string;
  if (at && prices.some((price) => price.index >= at.index)) {
    name = rest.slice(0, at.index);
    const countBeforeAt = COUNT_BEFORE_MARK.exec(name);
    const weightBeforeAt = countBeforeAt || !/[x×X]/.test(at[0]) ? null : WEIGHT_BEFORE_X.exec(name);
    const before = countBeforeAt ?? weightBeforeAt;
    if (before && quantity === undefined) {
      quantity = quantityOf(countBeforeAt?.[1], weightBeforeAt?.[1]);
      name = name.slice(0, before.index);
    }
    prices = prices.filter((price) => price.index >= at.index);
    // "2 x  95   190.00": a unit price without cents, which alone reads as no money, when with the count it makes the amount.
    const markEnd = at.index + at[0].length;
    const [lineAmount] = prices;
    const whole = prices.length === 1 && lineAmount ? WHOLE_UNIT_PRICE.exec(rest.slice(markEnd, lineAmount.index)) : null;
    if (whole && lineAmount && near(Number(whole[1]) * (quantity ?? 1), lineAmount.value)) {
      prices = [{ value: Number(whole[1]), index: markEnd, length: lineAmount.index - markEnd }, lineAmount];
    }
    unitPrice = prices[0]?.value;
  } else {
    const weighed = integersAreMoney || quantity !== undefined ? undefined : weightColumn(rest, prices);
    if (weighed) [quantity, unitPrice, prices] = [weighed.weight, weighed.prices[0]?.value, weighed.prices];
    const counted = integersAreMoney && quantity === undefined ? wholeUnitCount(prices) : undefined;
    if (counted) [quantity, prices] = [counted.count, counted.prices];
    name = rest.slice(0, weighed?.index ?? counted?.index ?? prices[0]?.index ?? rest.length);
    // A quantity column between the name and the price, set apart by runs of blanks: "Cold Brew      1     260.00".
    const column = integersAreMoney ? undefined : QUANTITY_COLUMN.exec(name);
    if (column && quantity === undefined) {
      quantity = Number(column[1]);
      name = name.slice(0, column.index);
    }
  }
  // Some tills print the name after the price ("2 @ 3.99 AVOCADO"), or between the unit price and the amount ("2 @ 4.90 Bitter 9.80").
  const lastPriceEnd = (prices[prices.length - 1]?.index ?? 0) + (prices[prices.length - 1]?.length ?? 0);
  if (!/\p{L}/u.test(name)) name = rest.slice(lastPriceEnd);
  const [unitPriced, lastPriced] = [prices[0], prices[prices.length - 1]];
  if (!/\p{L}/u.test(name) && prices.length > 1 && unitPriced && lastPriced) name = rest.slice(unitPriced.index + unitPriced.length, lastPriced.index);
  name = cleanName(name);
  // "Pump 04  Diesel" over "42.18 L @ 1.899  80.10": a volume and nothing else is so many litres of the fuel named above.
  const volume = VOLUME_OPENING.exec(rest);
  const fuel = volume && pendingName && (!name || name === cleanName(volume[0])) ? fuelNamed(pendingName) : undefined;
  if (volume?.[1] && fuel) {
    name = fuel;
    const litres = Number(volume[1].replace(',', '.'));
    const [perLitre, paid] = prices;
    const read =
      prices.length === 2 && perLitre && paid
        ? pricesPerLitre(rest, perLitre).find((price) => Math.abs(litres * price - paid.value) < 0.011)
        : undefined;
    if (read !== undefined) [quantity, unitPrice] = [litres, read];
  }
  name = name || pendingName || '';
  if (!name || prices.length === 0) return undefined;

  const count = quantity ?? 1;
  const lastPrice = prices[prices.length - 1]?.value ?? 0;
  if (unitPrice !== undefined) {
    const amount = prices.length > 1 ? lastPrice : unitPrice * count;
    return { item: { name, quantity: count, unitPrice, amount: round(amount) }, ambiguous: false, unitPriceOnly: prices.length === 1 };
  }
  // "2 x Coffee 3.50 7.00": unit price and line total.
  const secondLast = prices[prices.length - 2]?.value;
  if (secondLast !== undefined && near(secondLast * count, lastPrice)) {
    return { item: { name, quantity: count, unitPrice: secondLast, amount: lastPrice }, ambiguous: false };
  }
  return { item: { name, quantity: count, unitPrice: round(lastPrice / count), amount: lastPrice }, ambiguous: count > 1 };
}

/**
 * "1 UN X 27,90 (4,12) 27,90": an amount in brackets beside others is what the item holds of something (the tax a Brazilian
 * till prints by law), no price of its own. Alone it is the line's amount.
 */
function withoutBracketed(line: string, prices: Money[]): Money[] {
  const open = prices.filter((price) => !(line.charAt(price.index - 1) === '(' && line.charAt(price.index + price.length) === ')'));
  return open.length > 0 ? open : prices;
}

/**
 * "BANANA PRATA   1,235  KG   6,99   8,63": a weight in its column before the unit price, which with it makes the amount
 * (to the cent a weighed line is rounded to). Its unit after blanks, it may have read as an amount ("0,640  KG"): what is
 * left are the unit price and the amount. The name ends before the weight.
 */
function weightColumn(rest: string, prices: readonly Money[]): { weight: number; index: number; prices: Money[] } | undefined {
  const [unitPrice, amount] = prices.slice(-2);
  if (!unitPrice || !amount) return undefined;
  const column = WEIGHT_COLUMN.exec(rest.slice(0, unitPrice.index));
  const weight = Number(column?.[1]?.replace(',', '.'));
  if (!column || !(Math.abs(weight * unitPrice.value - amount.value) < 0.011)) return undefined;
  return { weight, index: column.index, prices: [unitPrice, amount] };
}

/**
 * "Beer 1 x 110 110.00": after a count, the number after the "x" is the unit price, not a count, when with the count it
 * makes the line's amount ("Eggs 12 x 2 7.00" stays two of them).
 */
function unitPriceAfterCount(rest: string, afterMark: RegExpExecArray, integersAreMoney: boolean): boolean {
  const countBefore = COUNT_BEFORE_MARK.exec(rest.slice(0, afterMark.index));
  if (!countBefore) return false;
  const amount = findMoney(rest, integersAreMoney).at(-1);
  return amount !== undefined && near(Number(countBefore[1]) * Number(afterMark[1]), amount.value);
}

/**
 * In whole units a count column reads as an amount too: of a line's last three amounts, a count and a unit price in either
 * order that multiply to the last ("Trà đá  3  5.000  15.000", "コーヒー 480 2 960"). The smaller is the count; the name ends
 * before the first ("Bia 333  4  18.000  72.000").
 */
function wholeUnitCount(prices: readonly Money[]): { count: number; index: number; prices: Money[] } | undefined {
  const [first, second, amount] = prices.slice(-3);
  if (!first || !second || !amount || !near(first.value * second.value, amount.value)) return undefined;
  const [count, unitPrice] = first.value <= second.value ? [first, second] : [second, first];
  if (!Number.isInteger(count.value) || count.value < 1 || count.value > 999) return undefined;
  return { count: count.value, index: first.index, prices: [unitPrice, amount] };
}

/**
 * Drops leader dots ("Coffee ....... 3.50"), bullets and dangling separators. The trailing ones are counted back from
 * the end: /[\s:=@-]+$/ would scan a run of blanks to its end from each of its characters.
 */
function cleanName(text: string): string {
  const dotless = text.replace(/[.\-_·…]{2,}/g, ' ');
  const start = /^[\s:•*#-]+/.exec(dotless)?.[0].length ?? 0;
  let end = dotless.length;
  // "*" too: the mark a Turkish till prints before an amount ("SİLİKON   *135,00").
  while (end > start && /[\s:=@*-]/.test(dotless.charAt(end - 1))) end--;
  return dotless.slice(start, end).replace(/\s+/g, ' ').trim().slice(0, 120);
}

const sum = (items: readonly ReceiptItem[]): number => items.reduce((total, item) => total + item.amount, 0);
const near = (a: number, b: number): boolean => Math.abs(a - b) < 0.005;
const round = (value: number): number => Math.round(value * 100) / 100;
const formatMoney = (value: number, currency: string): string => value.toFixed(ZERO_DECIMAL.has(currency) ? 0 : 2);

export function receiptMetadata(receipt: Receipt): Record<string, unknown> {
  const metadata: Record<string, unknown> = { total: round(receipt.total), currency: receipt.currency, itemCount: receipt.items.length };
  if (receipt.totalMismatch) metadata.totalMismatch = receipt.totalMismatch;
  return metadata;
}

function receiptTitle(receipt: Receipt): string {
  const merchant = receipt.merchant ? ` — ${receipt.merchant}` : '';
  return `Receipt${merchant}: ${receipt.currency} ${formatMoney(receipt.total, receipt.currency)}`.slice(0, 100);
}

export function renderReceipt(receipt: Receipt): string {
  const { currency } = receipt;
  const cell = (text: string): string => text.replace(/\|/g, '\\|');
  const amount = (value: number): string => formatMoney(value, currency);
  const header = [
    `# ${receipt.merchant ? cell(receipt.merchant) : 'Receipt'}`,
    [receipt.date ? `**Date:** ${receipt.date}` : '', `**Currency:** ${currency}${receipt.currencyStated ? '' : ' (not printed; assumed)'}`]
      .filter(Boolean)
      .join(' · '),
  ];
  const items =
    receipt.items.length > 0
      ? [
          '| Item | Qty | Unit price | Amount |',
          '|---|---:|---:|---:|',
          ...receipt.items.map((item) => `| ${cell(item.name)} | ${item.quantity} | ${amount(item.unitPrice)} | ${amount(item.amount)} |`),
        ].join('\n')
      : '_No item lines were found; only the totals below._';
  const summary = [
    '| | |',
    '|---|---:|',
    ...(receipt.subtotal === undefined ? [] : [`| Subtotal | ${amount(receipt.subtotal)} |`]),
    ...(receipt.discount === undefined ? [] : [`| Discount | -${amount(receipt.discount)} |`]),
    ...(receipt.tax === undefined ? [] : [`| Tax | ${amount(receipt.tax)} |`]),
    ...(receipt.tip === undefined ? [] : [`| Tip | ${amount(receipt.tip)} |`]),
    `| **Total${receipt.totalStated ? '' : ' (computed)'}** | **${amount(receipt.total)} ${currency}** |`,
  ].join('\n');
  const mismatch = receipt.totalMismatch
    ? [
        `> **Check the total:** the receipt says ${amount(receipt.totalMismatch.stated)}, but its items, discount, tax and tip ` +
          `add up to ${amount(receipt.totalMismatch.computed)}.`,
      ]
    : [];
  return [...header, items, summary, ...mismatch].join('\n\n');
}

export const extractReceiptDataTool: AssetTool<typeof extractReceiptDataInput> = {
  name: 'extract_receipt_data',
  description:
    'Extracts the merchant, date, items (quantity, unit price, amount), tax, tip, total and currency from a receipt ' +
    'given as text or attached as a text file, PDF or image. Saves an itemized receipt asset.',
  assetType: 'receipt',
  inputSchema: extractReceiptDataInput,
  run: (input, services) => extractReceiptData(input, services),
};
