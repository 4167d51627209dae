import type { TLanguage } from '@residency/shared';

/**
 * The fixed words of an invoice page, in both languages. The forms are the NBR's (Mushak-6.3 a
 * tax invoice, Mushak-6.7 a credit note; a proforma is no form at all), and the words follow the
 * forms' own: the Bengali ones are the forms' Bengali (মূসক, সম্পূরক শুল্ক, বিআইএন).
 */
interface InvoiceLabels {
  title: { invoice: string; credit_note: string; proforma: string };
  form: { invoice: string; credit_note: string };
  government: string;
  board: string;
  /** The rule under which the form is issued. */
  rule: { invoice: string; credit_note: string };
  proformaMark: string;
  seller: string;
  buyer: string;
  name: string;
  bin: string;
  binNotSet: string;
  notGiven: string;
  company: string;
  address: string;
  phone: string;
  email: string;
  number: { invoice: string; credit_note: string };
  printed: string;
  dateOfIssue: string;
  timeOfIssue: string;
  original: string;
  originalIssued: string;
  reason: string;
  reservation: string;
  stay: string;
  rooms: string;
  columns: {
    serial: string;
    description: string;
    unit: string;
    quantity: string;
    unitPrice: string;
    amount: string;
    discount: string;
    serviceCharge: string;
    sdRate: string;
    sd: string;
    vatRate: string;
    vat: string;
    total: string;
  };
  /** A credit note's columns of what it reduces. */
  reduced: { caption: string; amount: string; sd: string; vat: string; total: string };
  totalRow: string;
  subtotal: string;
  discount: string;
  serviceCharge: string;
  sd: string;
  vat: string;
  total: string;
  totalReduced: string;
  payments: string;
  noPayments: string;
  paymentColumns: { date: string; method: string; reference: string; amount: string };
  refund: string;
  paid: string;
  refunded: string;
  balance: string;
  signatory: { heading: string; name: string; title: string; signature: string; seal: string };
  /** "Page 1 of 2"; the numbers come already written in the invoice's digits. */
  page: (page: string, pages: string) => string;
}

const en: InvoiceLabels = {
  title: { invoice: 'Tax invoice', credit_note: 'Credit note', proforma: 'Proforma invoice' },
  form: { invoice: 'Mushak-6.3', credit_note: 'Mushak-6.7' },
  government: "Government of the People's Republic of Bangladesh",
  board: 'National Board of Revenue',
  rule: { invoice: '[See clauses (c) and (f) of sub-rule (1) of rule 40]', credit_note: '[See section 52 of the Value Added Tax and Supplementary Duty Act, 2012]' },
  proformaMark: 'PROFORMA — not a tax invoice',
  seller: 'Seller (registered person)',
  buyer: 'Buyer (purchaser)',
  name: 'Name',
  bin: 'BIN',
  binNotSet: 'BIN not set',
  notGiven: 'not given',
  company: 'Company',
  address: 'Address',
  phone: 'Phone',
  email: 'E-mail',
  number: { invoice: 'Invoice no.', credit_note: 'Credit note no.' },
  printed: 'Printed',
  dateOfIssue: 'Date of issue',
  timeOfIssue: 'Time of issue',
  original: 'Original tax invoice no.',
  originalIssued: 'Original invoice issued',
  reason: 'Reason',
  reservation: 'Reservation',
  stay: 'Stay',
  rooms: 'Rooms',
  columns: {
    serial: 'SL',
    description: 'Description of goods or services',
    unit: 'Unit of supply',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Value (qty × unit price)',
    discount: 'Discount',
    serviceCharge: 'Service charge',
    sdRate: 'SD rate',
    sd: 'SD',
    vatRate: 'VAT rate',
    vat: 'VAT',
    total: 'Total incl. all duties and taxes',
  },
  reduced: {
    caption: 'Supplies reduced by this credit note: the figures of the invoice it cancels',
    amount: 'Value reduced',
    sd: 'SD reduced',
    vat: 'VAT reduced',
    total: 'Total reduced',
  },
  totalRow: 'Total',
  subtotal: 'Value before tax',
  discount: 'Discount',
  serviceCharge: 'Service charge',
  sd: 'Supplementary duty (SD)',
  vat: 'VAT',
  total: 'Total',
  totalReduced: 'Total reduced',
  payments: 'Payments',
  noPayments: 'No payment yet',
  paymentColumns: { date: 'Date', method: 'Method', reference: 'Reference', amount: 'Amount' },
  refund: 'Refund',
  paid: 'Paid',
  refunded: 'Refunded',
  balance: 'Balance due',
  signatory: { heading: 'Authorised signatory (officer-in-charge)', name: 'Name', title: 'Designation', signature: 'Signature', seal: 'Seal' },
  page: (page, pages) => `Page ${page} of ${pages}`,
};

const bn: InvoiceLabels = {
  title: { invoice: 'কর চালানপত্র', credit_note: 'ক্রেডিট নোট', proforma: 'প্রোফর্মা চালান' },
  form: { invoice: 'মূসক-৬.৩', credit_note: 'মূসক-৬.৭' },
  government: 'গণপ্রজাতন্ত্রী বাংলাদেশ সরকার',
  board: 'জাতীয় রাজস্ব বোর্ড',
  rule: { invoice: '[বিধি ৪০ এর উপ-বিধি (১) এর দফা (গ) ও দফা (চ) দ্রষ্টব্য]', credit_note: '[মূল্য সংযোজন কর ও সম্পূরক শুল্ক আইন, ২০১২ এর ধারা ৫২ দ্রষ্টব্য]' },
  proformaMark: 'প্রোফর্মা — কর চালানপত্র নয়',
  seller: 'বিক্রেতা (নিবন্ধিত ব্যক্তি)',
  buyer: 'ক্রেতা',
  name: 'নাম',
  bin: 'বিআইএন',
  binNotSet: 'বিআইএন দেওয়া হয়নি',
  notGiven: 'দেওয়া হয়নি',
  company: 'প্রতিষ্ঠান',
  address: 'ঠিকানা',
  phone: 'ফোন',
  email: 'ই-মেইল',
  number: { invoice: 'চালানপত্র নম্বর', credit_note: 'ক্রেডিট নোট নম্বর' },
  printed: 'মুদ্রণ',
  dateOfIssue: 'ইস্যুর তারিখ',
  timeOfIssue: 'ইস্যুর সময়',
  original: 'মূল কর চালানপত্র নম্বর',
  originalIssued: 'মূল চালানপত্র ইস্যুর তারিখ ও সময়',
  reason: 'কারণ',
  reservation: 'রিজার্ভেশন',
  stay: 'অবস্থান',
  rooms: 'কক্ষ',
  columns: {
    serial: 'ক্রম',
    description: 'পণ্য বা সেবার বর্ণনা',
    unit: 'সরবরাহের একক',
    quantity: 'সংখ্যা',
    unitPrice: 'একক মূল্য',
    amount: 'মোট মূল্য (সংখ্যা × একক মূল্য)',
    discount: 'ছাড়',
    serviceCharge: 'সার্ভিস চার্জ',
    sdRate: 'সম্পূরক শুল্কের হার',
    sd: 'সম্পূরক শুল্ক',
    vatRate: 'মূসকের হার',
    vat: 'মূসক',
    total: 'সকল প্রকার শুল্ক ও করসহ মূল্য',
  },
  reduced: {
    caption: 'এই ক্রেডিট নোটে হ্রাসকৃত সরবরাহ: বাতিলকৃত চালানপত্রের অঙ্ক',
    amount: 'হ্রাসকৃত মূল্য',
    sd: 'হ্রাসকৃত সম্পূরক শুল্ক',
    vat: 'হ্রাসকৃত মূসক',
    total: 'মোট হ্রাসকৃত',
  },
  totalRow: 'মোট',
  subtotal: 'করপূর্ব মূল্য',
  discount: 'ছাড়',
  serviceCharge: 'সার্ভিস চার্জ',
  sd: 'সম্পূরক শুল্ক',
  vat: 'মূসক',
  total: 'সর্বমোট',
  totalReduced: 'মোট হ্রাসকৃত',
  payments: 'পরিশোধ',
  noPayments: 'এখনো কোনো পরিশোধ হয়নি',
  paymentColumns: { date: 'তারিখ', method: 'পদ্ধতি', reference: 'রেফারেন্স', amount: 'পরিমাণ' },
  refund: 'ফেরত',
  paid: 'পরিশোধিত',
  refunded: 'ফেরত দেওয়া',
  balance: 'বকেয়া',
  signatory: { heading: 'প্রতিষ্ঠানের দায়িত্বপ্রাপ্ত ব্যক্তি', name: 'নাম', title: 'পদবি', signature: 'স্বাক্ষর', seal: 'সিল' },
  page: (page, pages) => `পৃষ্ঠা ${page} / ${pages}`,
};

export function invoiceLabels(language: TLanguage): InvoiceLabels {
  return language === 'bn' ? bn : en;
}
