import { sumsUpReceipt } from './receipt-words.js';

describe('sumsUpReceipt', () => {
  it.each(['Total 12.00', 'Subtotal 9.00', 'Amount paid 12.00', 'SUMA PLN 34,98'])('reads %j as summing a receipt up', (line) => {
    expect(sumsUpReceipt(line)).toBe(true);
  });

  it.each(['T0TAL  12,40 €', 'SUBT0TAL 9.00', 'Tota1 4.00', 'T0PLAM 45,00', '5UBTOTA1 18.40', 'TOTA1 9,20'])('reads %j, a total word a scanner misread with digits, all the same', (line) => {
    expect(sumsUpReceipt(line)).toBe(true);
  });

  it.each(['Tổng cộng: 205.000', 'TONG TIEN 65.000', 'Thanh toán 30.000', 'Tạm tính 90.000'])('reads %j, a Vietnamese total or subtotal, accented or not, as summing a receipt up', (line) => {
    expect(sumsUpReceipt(line)).toBe(true);
  });

  it.each(['Surnme EUR 9,20', 'Zwischensurnme 8,10', 'Gesarntbetrag 4,00'])('reads %j, a total word with an "m" a scanner read as "rn", all the same', (line) => {
    expect(sumsUpReceipt(line)).toBe(true);
  });

  it.each(['合   計  ¥2,480', '합  계  32,000', '소   계  12,000', '[ 合 計 ]  ¥900'])('reads %j, a total word a till spaced out between its characters, all the same', (line) => {
    expect(sumsUpReceipt(line)).toBe(true);
  });

  it.each(['รวมเงิน 320.00', 'ยอดสุทธิ 89.00', 'Total bruto de itens 45,10'])('reads %j, a Thai total or a Brazilian gross sum, as summing a receipt up', (line) => {
    expect(sumsUpReceipt(line)).toBe(true);
  });

  it.each(['Valor a Pagar R$ 84,41', 'Total a pagar 27,00', 'Net à payer 14,40', 'Netto a pagare 9,00', 'Zu zahlen 12,00 €'])('reads %j, the amount to pay, as summing a receipt up', (line) => {
    expect(sumsUpReceipt(line)).toBe(true);
  });

  it.each(['종합 계란 5,000', 'Kernseife 2,99', 'Item 10 4.00', 'Totalizer 3.00', 'R2D2 figure 4.00', 'Toner T0 9.00', 'Thành tiền 90.000', 'Pagar Café 3,00', 'Zahlenschloss 8,99'])('reads %j as no total', (line) => {
    expect(sumsUpReceipt(line)).toBe(false);
  });
});
