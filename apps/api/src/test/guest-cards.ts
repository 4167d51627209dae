import type { TGuestCardInput } from '@residency/shared';

/** A complete registration card of a Bangladeshi adult (NID), as the guest or the desk fills it. */
export const BANGLADESHI_CARD: TGuestCardInput = {
  kind: 'adult',
  fullName: 'Rahim Uddin',
  guardianName: 'Karim Uddin',
  address: 'House 5, Road 2, Dhanmondi, Dhaka',
  nationality: 'BD',
  dateOfBirth: '1988-04-12',
  phone: '01712345678',
  idType: 'nid',
  idNumber: '1987654321',
  purpose: 'Business',
  arrivingFrom: 'Chattogram',
  goingTo: 'Chattogram',
};
