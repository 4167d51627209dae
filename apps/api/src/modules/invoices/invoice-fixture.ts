import type { TLanguage } from '@residency/shared';
import { formatShortDate } from '@residency/shared/display';
import type { InvoiceLine, InvoiceView } from './invoice-view.ts';

/*
 * A folio as the folio service would hand it to the renderer, made up for the renderer's tests,
 * samples and bench: `rooms` rooms for `nights` nights, a breakfast per room and night, a few
 * extras, a deposit and a refund.
 */

const WORDS = {
  en: {
    rooms: ['Deluxe King 101', 'Premier Twin 204', 'Executive Suite 1203'],
    night: 'room night',
    breakfast: 'Breakfast buffet, 2 persons',
    laundry: 'Laundry and pressing service, express same-day delivery (shirts, trousers and one suit)',
    transfer: 'Airport transfer, Hazrat Shahjalal International Airport to the hotel',
    method: ['Card', 'bKash'],
    units: { night: 'night', day: 'day', piece: 'piece', trip: 'trip' },
  },
  bn: {
    rooms: ['ডিলাক্স কিং 101', 'প্রিমিয়ার টুইন 204', 'এক্সিকিউটিভ স্যুট 1203'],
    night: 'কক্ষ ভাড়া',
    breakfast: 'সকালের নাশতা (বুফে), ২ জন',
    laundry: 'লন্ড্রি ও ইস্ত্রি সেবা, একই দিনে ডেলিভারি (শার্ট, প্যান্ট ও একটি স্যুট)',
    transfer: 'বিমানবন্দর থেকে হোটেলে স্থানান্তর, হযরত শাহজালাল আন্তর্জাতিক বিমানবন্দর',
    method: ['কার্ড', 'বিকাশ'],
    units: { night: 'রাত', day: 'দিন', piece: 'পিস', trip: 'ট্রিপ' },
  },
} as const;

const round = (n: number) => Math.round(n * 100) / 100;
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function line(description: string, unit: string, serviceDate: string, quantity: number, unitPrice: number, discount = 0): Omit<InvoiceLine, 'serial'> {
  const amount = round(quantity * unitPrice);
  const serviceCharge = round((amount - discount) * 0.1);
  const vatAmount = round((amount - discount + serviceCharge) * 0.15);
  return {
    description,
    unit,
    serviceDate,
    quantity,
    unitPrice,
    amount,
    discount,
    serviceCharge,
    sdRate: 0,
    sdAmount: 0,
    vatRate: 15,
    vatAmount,
    total: round(amount - discount + serviceCharge + vatAmount),
  };
}

export function sampleInvoice(options: { language?: TLanguage; nights?: number; rooms?: number; kind?: InvoiceView['kind']; bin?: string | null } = {}): InvoiceView {
  const { language = 'en', nights = 3, rooms = 1, kind = 'invoice' } = options;
  const words = WORDS[language];
  const checkIn = '2026-12-20';
  const drafts: Omit<InvoiceLine, 'serial'>[] = [];
  for (let r = 0; r < rooms; r += 1) {
    for (let n = 0; n < nights; n += 1) {
      const day = addDays(checkIn, n);
      drafts.push(line(`${words.rooms[r % 3]}, ${words.night}, ${formatShortDate(day, language)}`, words.units.night, day, 1, 8500 + r * 1500, n === 0 ? 850 : 0));
    }
  }
  const breakfastLines = Math.min(nights, 5);
  for (let n = 0; n < breakfastLines; n += 1) drafts.push(line(words.breakfast, words.units.day, addDays(checkIn, n), rooms, 1200));
  drafts.push(line(words.laundry, words.units.piece, addDays(checkIn, 1), 3, 450.5));
  drafts.push(line(words.transfer, words.units.trip, checkIn, 1, 3500));
  const lines: InvoiceLine[] = drafts.map((d, i) => ({ serial: i + 1, ...d }));
  const sum = (pick: (l: InvoiceLine) => number) => round(lines.reduce((total, l) => total + pick(l), 0));
  const total = sum((l) => l.total);
  const paid = round(Math.floor(total * 0.6));
  const refunded = 1500;
  return {
    kind,
    language,
    number: kind === 'proforma' ? null : kind === 'credit_note' ? 'CN-2026-27-000007' : 'INV-2026-27-000042',
    issuedAt: new Date('2026-12-24T05:30:00Z'),
    ...(kind === 'credit_note' ? { credits: { number: 'INV-2026-27-000041', issuedAt: new Date('2026-12-23T12:10:00Z') }, reason: 'Wrong company name on the invoice' } : {}),
    seller: {
      legalName: 'Residency Hotels Ltd.',
      bin: options.bin === undefined ? '000123456-0101' : options.bin,
      address: language === 'bn' ? 'বাড়ি 12, সড়ক 7, গুলশান 1, ঢাকা 1212' : 'House 12, Road 7, Gulshan 1, Dhaka 1212',
      phone: '+880 2 5505 1234',
      email: 'billing@residency.example',
    },
    buyer: {
      name: language === 'bn' ? 'রাফিদ হাসান চৌধুরী' : 'Rafid Hasan Chowdhury',
      company: language === 'bn' ? 'মেঘনা টেক্সটাইলস লিমিটেড' : 'Meghna Textiles Ltd.',
      bin: '004567891-0202',
      address: language === 'bn' ? 'আগ্রাবাদ, চট্টগ্রাম 4100' : 'Agrabad, Chattogram 4100',
      phone: '+880 1711 223344',
    },
    reservation: { reference: 'RSV-7K3F9Q2M', checkIn, checkOut: addDays(checkIn, nights), rooms: words.rooms.slice(0, rooms) },
    ...(kind === 'proforma' ? {} : { signatory: { name: language === 'bn' ? 'ফারহানা রহমান' : 'Farhana Rahman', title: language === 'bn' ? 'অর্থ ব্যবস্থাপক' : 'Finance Manager' } }),
    lines,
    totals: {
      subtotal: sum((l) => l.amount),
      discount: sum((l) => l.discount),
      serviceCharge: sum((l) => l.serviceCharge),
      sd: sum((l) => l.sdAmount),
      vat: sum((l) => l.vatAmount),
      total,
    },
    // A credit note says nothing about money.
    ...(kind === 'credit_note'
      ? {}
      : {
          money: {
            paid,
            refunded,
            balance: round(total - paid + refunded),
            payments: [
              { at: new Date('2026-12-18T10:00:00Z'), method: words.method[0], reference: 'AUTH 448812', amount: paid, refund: false },
              { at: new Date('2026-12-23T16:45:00Z'), method: words.method[1], reference: '8N7A6D5F2K', amount: refunded, refund: true },
            ],
          },
        }),
  };
}
