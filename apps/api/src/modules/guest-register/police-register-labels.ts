import type { TIdType, TLanguage } from '@residency/shared';

/**
 * The fixed words of the police register and of a registration card, in both languages. The
 * fields are the Dhaka Metropolitan Police directive's (decision 0022); the Bengali is the
 * words a Bengali police form uses (পিতা/স্বামীর নাম, জাতীয়তা, আগমনের উদ্দেশ্য).
 */
export interface RegisterLabels {
  title: string;
  subtitle: string;
  cardTitle: string;
  range: string;
  generatedAt: string;
  bangladeshis: string;
  foreigners: string;
  incomplete: string;
  none: string;
  erased: string;
  columns: {
    serial: string;
    room: string;
    guest: string;
    address: string;
    nationality: string;
    id: string;
    phone: string;
    arrival: string;
    departure: string;
    passport: string;
    visa: string;
    visaExpiry: string;
    entered: string;
    note: string;
  };
  fields: {
    fullName: string;
    guardianName: string;
    address: string;
    nationality: string;
    dateOfBirth: string;
    age: string;
    phone: string;
    idType: string;
    idNumber: string;
    purpose: string;
    arrivingFrom: string;
    goingTo: string;
    passportCountry: string;
    visaType: string;
    visaNumber: string;
    visaExpiry: string;
    enteredBangladesh: string;
  };
  stay: string;
  hotel: string;
  room: string;
  reservation: string;
  arrival: string;
  departure: string;
  checkedIn: string;
  checkedOut: string;
  portrait: string;
  document: string;
  noPhoto: string;
  photoDeleted: string;
  verified: string;
  notGiven: string;
  child: (age: string) => string;
  adult: string;
  dateOfBirth: string;
  idTypes: Record<TIdType, string>;
  visaBeforeCheckOut: string;
  signature: string;
  /** "Page 1 of 2"; the numbers come already written in the page's digits. */
  page: (page: string, pages: string) => string;
}

const en: RegisterLabels = {
  title: 'Guest register',
  subtitle: 'Kept for the police under the Dhaka Metropolitan Police directive to residential hotels',
  cardTitle: 'Guest registration card',
  range: 'Nights',
  generatedAt: 'Generated',
  bangladeshis: 'Bangladeshi guests',
  foreigners: 'Foreign guests',
  incomplete: 'Rooms checked in without complete cards',
  none: 'None.',
  erased: 'Entry erased under the retention rule',
  columns: {
    serial: 'SL',
    room: 'Room · reservation',
    guest: "Guest · father's or husband's name",
    address: 'Address',
    nationality: 'Nationality',
    id: 'ID document',
    phone: 'Phone',
    arrival: 'Arrival',
    departure: 'Departure',
    passport: 'Passport · issued by',
    visa: 'Visa type · number',
    visaExpiry: 'Visa expiry',
    entered: 'Entered Bangladesh',
    note: 'Why not complete',
  },
  fields: {
    fullName: 'Full name',
    guardianName: "Father's or husband's name",
    address: 'Address',
    nationality: 'Nationality',
    dateOfBirth: 'Date of birth',
    age: 'Age',
    phone: 'Phone',
    idType: 'ID document',
    idNumber: 'Document number',
    purpose: 'Purpose of the visit',
    arrivingFrom: 'Arriving from',
    goingTo: 'Going to',
    passportCountry: 'Passport issued by',
    visaType: 'Visa type',
    visaNumber: 'Visa number',
    visaExpiry: 'Visa expiry',
    enteredBangladesh: 'Entered Bangladesh',
  },
  stay: 'Stay',
  hotel: 'Hotel',
  room: 'Room',
  reservation: 'Reservation',
  arrival: 'Arrival',
  departure: 'Departure',
  checkedIn: 'Checked in',
  checkedOut: 'Checked out',
  portrait: 'Photo of the guest',
  document: 'ID document',
  noPhoto: 'No photo yet',
  photoDeleted: 'Deleted after the retention period',
  verified: 'verified',
  notGiven: 'not given',
  child: (age) => `child, age ${age}`,
  adult: 'adult',
  dateOfBirth: 'born',
  idTypes: { nid: 'NID', passport: 'Passport', driving_licence: 'Driving licence', birth_certificate: 'Birth certificate' },
  visaBeforeCheckOut: 'The visa expires before check-out',
  signature: "Guest's signature",
  page: (page, pages) => `Page ${page} of ${pages}`,
};

const bn: RegisterLabels = {
  title: 'অতিথি নিবন্ধন খাতা',
  subtitle: 'আবাসিক হোটেলের প্রতি ঢাকা মেট্রোপলিটন পুলিশের নির্দেশনা অনুযায়ী সংরক্ষিত',
  cardTitle: 'অতিথি নিবন্ধন কার্ড',
  range: 'রাত',
  generatedAt: 'প্রস্তুতের সময়',
  bangladeshis: 'বাংলাদেশি অতিথি',
  foreigners: 'বিদেশি অতিথি',
  incomplete: 'নিবন্ধন কার্ড অসম্পূর্ণ রেখে চেক-ইন করা কক্ষ',
  none: 'কেউ নেই।',
  erased: 'সংরক্ষণের মেয়াদ শেষে এই তথ্য মুছে ফেলা হয়েছে',
  columns: {
    serial: 'ক্রম',
    room: 'কক্ষ · রিজার্ভেশন',
    guest: 'অতিথি · পিতা/স্বামীর নাম',
    address: 'ঠিকানা',
    nationality: 'জাতীয়তা',
    id: 'পরিচয়পত্র',
    phone: 'ফোন',
    arrival: 'আগমন',
    departure: 'প্রস্থান',
    passport: 'পাসপোর্ট · প্রদানকারী দেশ',
    visa: 'ভিসার ধরন · নম্বর',
    visaExpiry: 'ভিসার মেয়াদ',
    entered: 'বাংলাদেশে প্রবেশ',
    note: 'অসম্পূর্ণ থাকার কারণ',
  },
  fields: {
    fullName: 'পূর্ণ নাম',
    guardianName: 'পিতা/স্বামীর নাম',
    address: 'ঠিকানা',
    nationality: 'জাতীয়তা',
    dateOfBirth: 'জন্ম তারিখ',
    age: 'বয়স',
    phone: 'ফোন',
    idType: 'পরিচয়পত্র',
    idNumber: 'পরিচয়পত্রের নম্বর',
    purpose: 'আগমনের উদ্দেশ্য',
    arrivingFrom: 'কোথা থেকে আগমন',
    goingTo: 'কোথায় গমন',
    passportCountry: 'পাসপোর্ট প্রদানকারী দেশ',
    visaType: 'ভিসার ধরন',
    visaNumber: 'ভিসা নম্বর',
    visaExpiry: 'ভিসার মেয়াদ',
    enteredBangladesh: 'বাংলাদেশে প্রবেশের তারিখ',
  },
  stay: 'অবস্থান',
  hotel: 'হোটেল',
  room: 'কক্ষ',
  reservation: 'রিজার্ভেশন',
  arrival: 'আগমন',
  departure: 'প্রস্থান',
  checkedIn: 'চেক-ইন',
  checkedOut: 'চেক-আউট',
  portrait: 'অতিথির ছবি',
  document: 'পরিচয়পত্রের ছবি',
  noPhoto: 'এখনো ছবি নেই',
  photoDeleted: 'সংরক্ষণের মেয়াদ শেষে মুছে ফেলা হয়েছে',
  verified: 'যাচাইকৃত',
  notGiven: 'দেওয়া হয়নি',
  child: (age) => `শিশু, বয়স ${age}`,
  adult: 'প্রাপ্তবয়স্ক',
  dateOfBirth: 'জন্ম',
  idTypes: { nid: 'জাতীয় পরিচয়পত্র', passport: 'পাসপোর্ট', driving_licence: 'ড্রাইভিং লাইসেন্স', birth_certificate: 'জন্ম নিবন্ধন সনদ' },
  visaBeforeCheckOut: 'চেক-আউটের আগেই ভিসার মেয়াদ শেষ হবে',
  signature: 'অতিথির স্বাক্ষর',
  page: (page, pages) => `পৃষ্ঠা ${page} / ${pages}`,
};

export function registerLabels(language: TLanguage): RegisterLabels {
  return language === 'bn' ? bn : en;
}
