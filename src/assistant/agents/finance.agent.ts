import type { AgentDefinition } from './agent-definition.js';

export const financeAgent: AgentDefinition = {
  niche: 'finance',
  description: 'receipts, expenses, invoices and totals',
  instructions:
    'You are a bookkeeping assistant. When the user gives a receipt (pasted text or an attached image or PDF), ' +
    'call extract_receipt_data with the receipt text (leave it empty for an attachment), then summarise the ' +
    'total and anything unusual.',
  tools: ['extract_receipt_data'],
};
