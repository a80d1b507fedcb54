/**
 * The words a receipt sums itself up with. One list, read by the receipt parser (which line is the total, the subtotal,
 * what was paid) and by the offline model deciding whether a message holds a receipt at all, so that every total the
 * parser knows also makes a message read as a receipt.
 *
 * Words stand apart by letters and digits, not by \b, which in JavaScript ends a word only at an ASCII letter
 * ("Yhteensä 12,00", "Összesen"). CJK labels stand alone: ideographs and Hangul have no spaces between words.
 */

/** Words standing apart by letters and digits; the receipt parser reads its own words the same way. */
export const apart = (words: string): string => String.raw`(?<![\p{L}\p{N}])(?:${words})(?![\p{L}\p{N}])`;

/**
 * Vietnamese words as printed or without their marks, as tills without Vietnamese letters print them: "tổng cộng" →
 * "t[ổo]ng c[ộo]ng", which reads "Tổng cộng" and "TONG CONG" alike. For a pattern's source of words, blanks and escapes.
 */
export function withOrWithoutMarks(words: string): string {
  return [...words]
    .map((letter) => {
      const bare = letter.normalize('NFD').replace(/\p{M}/gu, '').replace('đ', 'd').replace('Đ', 'D');
      return bare === letter ? letter : `[${letter}${bare}]`;
    })
    .join('');
}

/**
 * The line with the bill's total, in the languages receipts come in: "Total", "Order total", "Summe", "Gesamtbetrag",
 * "SUMMA SEK", "SUMA PLN", "Razem", "Do zapłaty", "Celkem", "Összesen", "Toplam", "Итого", "합계", "合計", "Net Payable" and
 * "Amount Payable" (Indian tills), the amount to pay after a discount ("Valor a pagar", "Total a pagar", "Net à payer",
 * "Netto a pagare", "Zu zahlen"), "Tổng cộng", "Tổng tiền", "Thanh toán" (Vietnamese; "Thành tiền" is a line's amount
 * column), "รวมเงิน" (Thai). "Sum" alone only opens a line ("Dim sum 8.50" is an item).
 */
export const TOTAL_WORDS = new RegExp(
  apart(
    String.raw`total[et]?|grand\s+total|amount\s+due|balance\s+due|to\s+pay|summe|gesamt\p{L}*|montant|importe|betrag|summa|suma|razem|` +
      String.raw`do\s+zapłaty|att\s+betala|å\s+betale|i\s+alt|totaal|te\s+betalen|yhteensä|maksettava|celkem|celkom|k\s+úhradě|összesen|` +
      String.raw`fizetendő|toplam|итого|к\s+оплате|σύνολο|net\s+payable|(?:amount|bill)\s+payable|payable\s+amount|` +
      String.raw`a\s+pagar|à\s+payer|(?:a|da)\s+pagare|zu\s+zahlen|` +
      withOrWithoutMarks(String.raw`tổng\s+(?:cộng|tiền)|thanh\s+toán`),
  ) +
    String.raw`|^\s*sum(?![\p{L}\p{N}])|合計|合计|总计|總計|总额|總額|应付|應付|应收|應收|합계|총액|결제\s?금액|받을\s?금액|` +
    // Thai: "รวมเงิน" (the money in all), "ยอดรวม", "รวมทั้งสิ้น", "ยอดสุทธิ" (net total), "ยอดชำระ" (to pay).
    'รวมเงิน|ยอดรวม(?!ย่อย)|รวมทั้งสิ้น|ยอดสุทธิ|ยอดชำระ',
  'iu',
);

/**
 * The sum of the items before tax, tip and discount: "Subtotal", "Zwischensumme", "Sous-total", "Delsumma", "小計", "소계",
 * "Tạm tính" and "Tổng tiền hàng" (Vietnamese: "the goods' total", which TOTAL_WORDS would read as the total), "Total bruto
 * de itens" (Brazilian: the items' gross sum, before the discount), "ยอดรวมย่อย" (Thai);
 * "Gross", "Gross Amount" opening a line, as Indian tills print it above the discount ("Gross wt" is a weight).
 */
export const SUBTOTAL_WORDS = new RegExp(
  apart(
    String.raw`sub[\s-]?total[e]?|zwischensumme|sous[\s-]total|net\s+(?:total|amount)|delsumma|subtotaal|välisumma|mezisoučet|` +
      String.raw`részösszeg|ara\s+toplam|suma\s+częściowa|total\s+bruto(?:\s+d[eo]s?\s+itens)?|` +
      withOrWithoutMarks(String.raw`tạm\s+tính|(?:tổng|cộng)\s+tiền\s+hàng`),
  ) + String.raw`|^\s*gross(?:\s+(?:amount|total|value))?(?![\p{L}\p{N}])(?!\s*(?:wt|weight))|小計|小计|소계|ยอดรวมย่อย|รวมย่อย`,
  'iu',
);

/** What this payer paid, opening its line below the bill's total: "Amount paid 69.66", "You paid $12.00". */
export const PAID_WORDS = /^\s*(?:amount\s+(?:paid|charged)|total\s+(?:paid|charged)|you\s+paid|paid\s+amount)\b/i;

/**
 * A 0, 1 or 5 a scanner read for a letter inside a word: between two letters ("T0TAL", "PA1D"), or a 5 opening a word of
 * Latin letters ("5UBTOTAL"). Beside another digit ("A10", "1.10") or before one letter ("5L") it is a digit.
 */
const MISREAD_INSIDE_WORD = /(?<=\p{L})[015](?=\p{L})|(?<![\p{L}\p{N}])5(?=\p{sc=Latin}{2})/gu;
/**
 * A 1 a scanner read for a letter ending a word after three letters ("Tota1"), read once the letters inside the word are
 * ("T0TA1"); after fewer letters ("T1", "G01") it is a digit.
 */
const MISREAD_WORD_ENDING = /(?<=\p{L}{3})1(?![\p{L}\p{N}])/gu;
/** The letter a scanner read as the digit at offset in text: in the case of the letter before it, or after it opening a word. */
function misreadLetter(digit: string, offset: number, text: string): string {
  const beside = offset > 0 && /\p{L}/u.test(text.charAt(offset - 1)) ? text.charAt(offset - 1) : text.charAt(offset + 1);
  const upper = beside === beside.toUpperCase();
  if (digit === '0') return upper ? 'O' : 'o';
  if (digit === '5') return upper ? 'S' : 's';
  // A 1 ending a word is an L: the words a receipt sums itself up with end in L ("TOTAL"), none in I. Inside one it is an I
  // among capitals ("PA1D"), an l among small letters.
  if (!/[\p{L}\p{N}]/u.test(text.charAt(offset + 1))) return upper ? 'L' : 'l';
  return upper ? 'I' : 'l';
}
/** An "rn" a scanner read for an "m" ("Surnme", "Gesarntbetrag"): no word a receipt sums itself up with spells "rn". */
const MISREAD_M = /rn/g;
/**
 * Single Chinese, Japanese or Korean characters a till spaced out to fill a column ("合  計", "お  釣", "합    계",
 * "[영 수 증]"): each stands alone, with no such character glued before or after it, so two words that meet ("종합 계란")
 * stay apart.
 */
const CJK = String.raw`[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]`;
const SPACED_OUT = new RegExp(String.raw`(?<!${CJK})${CJK}(?:[^\S\n]+${CJK}(?!${CJK}))+`, 'gu');
/**
 * A line as a scanner or a till meant it: text recognition reads the letter O as the digit 0, l or I as 1, S as 5
 * ("T0TAL TTC", "SUBT0TAL", "Tota1", "PA1D", "5UBT0TA1") and m as rn ("Surnme"); a till spaces a CJK label's characters
 * out ("合  計"). For reading what a line is, not for printing it back or finding its amounts (its length may change).
 */
export function readMisreadLetters(line: string): string {
  return line
    .replace(MISREAD_INSIDE_WORD, misreadLetter)
    .replace(MISREAD_WORD_ENDING, misreadLetter)
    .replace(MISREAD_M, 'm')
    .replace(SPACED_OUT, (label) => label.replace(/[^\S\n]+/g, ''));
}

/** Whether a line sums a receipt up: its total, its subtotal or what was paid, however a scanner misread its letters. */
export function sumsUpReceipt(line: string): boolean {
  const read = readMisreadLetters(line);
  return TOTAL_WORDS.test(read) || SUBTOTAL_WORDS.test(read) || PAID_WORDS.test(read);
}
