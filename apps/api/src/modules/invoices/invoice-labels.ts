import type { TLanguage } from '@residency/shared';

/**
 * The fixed words of an invoice page, in both languages. The forms' numbers are the NBR's
 * (Mushak-6.3 a tax invoice, Mushak-6.7 a credit note); a proforma is no form at all.
 */
interface InvoiceLabels {
  title: { invoice: string; credit_note: string; proforma: string };
  form: { invoice: string; credit_note: string };
  proformaMark: string;
  cancels: string;
  seller: string;
  buyer: string;
  bin: string;
  binNotSet: string;
  company: string;
  address: string;
  phone: string;
  email: string;
  number: { invoice: string; credit_note: string };
  issued: string;
  reservation: string;
  stay: string;
  rooms: string;
  columns: { description: string; quantity: string; unitPrice: string; discount: string; vatRate: string; vat: string; total: string };
  subtotal: string;
  discount: string;
  serviceCharge: string;
  vat: string;
  total: string;
  payments: string;
  noPayments: string;
  paymentColumns: { date: string; method: string; reference: string; amount: string };
  refund: string;
  balance: string;
  /** "Page 1 of 2"; the numbers come already written in the invoice's digits. */
  page: (page: string, pages: string) => string;
}

const en: InvoiceLabels = {
  title: { invoice: 'Tax invoice', credit_note: 'Credit note', proforma: 'Proforma invoice' },
  form: { invoice: 'Mushak-6.3', credit_note: 'Mushak-6.7' },
  proformaMark: 'PROFORMA — not a tax invoice',
  cancels: 'Cancels tax invoice',
  seller: 'Seller',
  buyer: 'Buyer',
  bin: 'BIN',
  binNotSet: 'BIN not set',
  company: 'Company',
  address: 'Address',
  phone: 'Phone',
  email: 'E-mail',
  number: { invoice: 'Invoice no.', credit_note: 'Credit note no.' },
  issued: 'Issued',
  reservation: 'Reservation',
  stay: 'Stay',
  rooms: 'Rooms',
  columns: { description: 'Description', quantity: 'Qty', unitPrice: 'Unit price', discount: 'Discount', vatRate: 'VAT rate', vat: 'VAT', total: 'Total' },
  subtotal: 'Subtotal',
  discount: 'Discount',
  serviceCharge: 'Service charge',
  vat: 'VAT',
  total: 'Total',
  payments: 'Payments',
  noPayments: 'No payment yet',
  paymentColumns: { date: 'Date', method: 'Method', reference: 'Reference', amount: 'Amount' },
  refund: 'Refund',
  balance: 'Balance due',
  page: (page, pages) => `Page ${page} of ${pages}`,
};

const bn: InvoiceLabels = {
  title: { invoice: 'কর চালানপত্র', credit_note: 'ক্রেডিট নোট', proforma: 'প্রোফর্মা চালান' },
  form: { invoice: 'মূসক-৬.৩', credit_note: 'মূসক-৬.৭' },
  proformaMark: 'প্রোফর্মা — কর চালানপত্র নয়',
  cancels: 'বাতিলকৃত কর চালানপত্র',
  seller: 'বিক্রেতা',
  buyer: 'ক্রেতা',
  bin: 'বিআইএন',
  binNotSet: 'বিআইএন দেওয়া হয়নি',
  company: 'প্রতিষ্ঠান',
  address: 'ঠিকানা',
  phone: 'ফোন',
  email: 'ই-মেইল',
  number: { invoice: 'চালানপত্র নম্বর', credit_note: 'ক্রেডিট নোট নম্বর' },
  issued: 'ইস্যুর তারিখ ও সময়',
  reservation: 'রিজার্ভেশন',
  stay: 'অবস্থান',
  rooms: 'কক্ষ',
  columns: { description: 'বিবরণ', quantity: 'সংখ্যা', unitPrice: 'একক মূল্য', discount: 'ছাড়', vatRate: 'ভ্যাটের হার', vat: 'ভ্যাট', total: 'মোট' },
  subtotal: 'উপমোট',
  discount: 'ছাড়',
  serviceCharge: 'সার্ভিস চার্জ',
  vat: 'ভ্যাট',
  total: 'সর্বমোট',
  payments: 'পরিশোধ',
  noPayments: 'এখনো কোনো পরিশোধ হয়নি',
  paymentColumns: { date: 'তারিখ', method: 'পদ্ধতি', reference: 'রেফারেন্স', amount: 'পরিমাণ' },
  refund: 'ফেরত',
  balance: 'বকেয়া',
  page: (page, pages) => `পৃষ্ঠা ${page} / ${pages}`,
};

export function invoiceLabels(language: TLanguage): InvoiceLabels {
  return language === 'bn' ? bn : en;
}
