import type { TLanguage } from '@residency/shared';

/**
 * Everything an invoice page shows, already decided and in the invoice's language: the invoices
 * service builds it from an invoice's frozen content (or, for a proforma, the folio as it is);
 * the PDF renderer only lays it out. Amounts are Taka (numbers, rounded to the paisa); the
 * renderer formats them (Bengali digits on a Bengali invoice).
 */
export interface InvoiceView {
  /** A tax invoice (Mushak-6.3), a credit note cancelling one (Mushak-6.7), or a proforma (no number taken). */
  kind: 'invoice' | 'credit_note' | 'proforma';
  language: TLanguage;
  /** The series number, e.g. "INV-2026-27-000042"; null on a proforma. */
  number: string | null;
  /** When it was issued (a proforma: when it was printed). */
  issuedAt: Date;
  /** The tax invoice a credit note cancels: its number and when it was issued (Mushak-6.7). */
  credits?: { number: string; issuedAt: Date };
  /** Why a credit note was issued: the nature of the adjustment (Mushak-6.7). */
  reason?: string;
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
  /**
   * Who signs for the seller (Mushak-6.3's officer-in-charge): a tax invoice and a credit note;
   * a part that is null is left blank, to be written by hand.
   */
  signatory?: { name: string | null; title: string | null };
  lines: InvoiceLine[];
  totals: {
    /** Sum of the lines' values before tax (quantity × unit price). */
    subtotal: number;
    discount: number;
    serviceCharge: number;
    /** Supplementary duty. */
    sd: number;
    vat: number;
    /** subtotal − discount + service charge + SD + VAT. */
    total: number;
  };
  /**
   * The money received, on an invoice and a proforma. A credit note says nothing about payments
   * or a balance: it cancels the charges, the money stays where it is (issue 31).
   */
  money?: {
    paid: number;
    refunded: number;
    /** total − paid + refunded. */
    balance: number;
    payments: { at: Date; method: string; reference: string | null; amount: number; refund: boolean }[];
  };
}

/** One line: a room's nights at one price, a meal, a charge. On a credit note, what it reduces. */
export interface InvoiceLine {
  /** 1, 2, 3… down the invoice (Mushak-6.3's column 1). */
  serial: number;
  /** In the invoice's language, e.g. "Room 101 (Deluxe King), room nights" and its dates. */
  description: string;
  /** The unit of supply in the invoice's language: night, piece, trip… */
  unit: string;
  /** ISO date of the service, or the first of a group of nights. */
  serviceDate: string;
  quantity: number;
  unitPrice: number;
  /** The value before tax: quantity × unit price. */
  amount: number;
  discount: number;
  serviceCharge: number;
  /** Supplementary duty, percent (0 is still printed). */
  sdRate: number;
  sdAmount: number;
  /** Percent, e.g. 15. */
  vatRate: number;
  vatAmount: number;
  /** amount − discount + service charge + SD + VAT. */
  total: number;
}
