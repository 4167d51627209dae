import type { TLanguage } from '@residency/shared';

/**
 * Everything an invoice page shows, already decided and in the invoice's language: the folio
 * service builds it from a reservation's folio, the PDF renderer only lays it out. Amounts are
 * Taka (numbers, rounded to the paisa); the renderer formats them (Bengali digits on a Bengali
 * invoice).
 */
export interface InvoiceView {
  /** A tax invoice (Mushak-6.3), a credit note cancelling one, or a proforma (no number taken). */
  kind: 'invoice' | 'credit_note' | 'proforma';
  language: TLanguage;
  /** The series number, e.g. "INV-2026-27-000042"; null on a proforma. */
  number: string | null;
  /** When it was issued (a proforma: when it was printed). */
  issuedAt: Date;
  /** The invoice a credit note cancels. */
  creditsNumber?: string;
  seller: {
    legalName: string;
    /** The hotel's BIN; null when HOTEL_BIN is not set (the invoice then says so). */
    bin: string | null;
    address: string;
    phone: string;
    email: string;
  };
  buyer: {
    name: string;
    company?: string | null;
    bin?: string | null;
    address?: string | null;
    phone?: string | null;
  };
  /** The reservation: its reference, stay dates (ISO) and rooms ("Deluxe King 101"). */
  reservation: { reference: string; checkIn: string; checkOut: string; rooms: string[] };
  lines: InvoiceLine[];
  totals: {
    /** Sum of the lines' amounts before discount. */
    subtotal: number;
    discount: number;
    serviceCharge: number;
    vat: number;
    /** subtotal − discount + service charge + VAT. */
    total: number;
    paid: number;
    refunded: number;
    /** total − paid + refunded. */
    balance: number;
  };
  payments: { at: Date; method: string; reference: string | null; amount: number; refund: boolean }[];
}

/** One line: a room's nights at one price, a meal, a charge. */
export interface InvoiceLine {
  /** In the invoice's language, e.g. "Deluxe King 101, room night" and its dates. */
  description: string;
  /** ISO date of the service, or the first of a group of nights. */
  serviceDate: string;
  quantity: number;
  unitPrice: number;
  /** quantity × unit price. */
  amount: number;
  discount: number;
  serviceCharge: number;
  /** Percent, e.g. 15. */
  vatRate: number;
  vatAmount: number;
  /** amount − discount + service charge + VAT. */
  total: number;
}
