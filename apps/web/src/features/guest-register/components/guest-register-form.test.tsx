import type { TGuestCard, TGuestRegistration } from '@residency/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { json, stubApi } from '../../../test/api-stub';
import { initTestI18n } from '../../../test/i18n';
import { renderWithStore } from '../../../test/render';
import { GuestRegisterForm } from './guest-register-form';

/* The registration cards (issue 34): what a foreigner adds, the visa warning, what a card still lacks. */

const photo = (kind: 'document' | 'portrait') => ({ _id: `p-${kind}`, kind, width: 800, height: 600, bytes: 5000, createdAt: '2026-11-30T10:00:00Z' });

function card(overrides: Partial<TGuestCard>): TGuestCard {
  return {
    _id: 'c1',
    kind: 'adult',
    fullName: null,
    guardianName: null,
    address: null,
    nationality: null,
    dateOfBirth: null,
    age: null,
    phone: null,
    phoneVerified: false,
    idType: null,
    idNumber: null,
    purpose: null,
    arrivingFrom: null,
    goingTo: null,
    passportCountry: null,
    visaType: null,
    visaNumber: null,
    visaExpiry: null,
    enteredBangladesh: null,
    photos: { document: null, portrait: null },
    erased: false,
    missing: [],
    visaExpiresBeforeCheckOut: false,
    ...overrides,
  };
}

/** The cards' ids the server gives (uuids, as the contract checks). */
const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

let registration: TGuestRegistration;
let puts: unknown[];
let refusal: { status: number; body: unknown } | null;

beforeEach(() => {
  installAntdDom({ desktop: true });
  registration = { bookingId: 'b1', adults: 2, children: 1, checkIn: '2026-12-01', checkOut: '2026-12-05', guests: [], complete: false, missing: [], registrationNote: null, editable: true };
  puts = [];
  refusal = null;
  // The photos are fetched as blobs with the token: jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
  stubApi(async (request, pathname) => {
    if (request.method === 'GET' && pathname === '/api/bookings/b1/guests') return json(200, { success: true, data: registration });
    if (request.method === 'GET' && pathname.includes('/photos/')) return new Response(new Blob(['jpeg']), { status: 200, headers: { 'content-type': 'image/jpeg' } });
    if (request.method === 'PUT' && pathname === '/api/bookings/b1/guests') {
      const body = (await request.json()) as { guests: { kind: 'adult' | 'child'; fullName?: string | null }[] };
      puts.push(body);
      if (refusal) return json(refusal.status, refusal.body);
      registration = { ...registration, guests: body.guests.map((g, i) => card({ _id: uuid(i + 1), kind: g.kind, fullName: g.fullName ?? null })) };
      return json(200, { success: true, data: registration });
    }
    return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

async function open(lng: 'en' | 'bn' = 'en') {
  await initTestI18n(lng);
  renderWithStore(<GuestRegisterForm bookingId="b1" audience="guest" />, { antd: true });
  const form = await screen.findByTestId('guest-register-form');
  return { form, cards: within(form).getAllByTestId('guest-card') };
}

async function chooseCountry(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: string, name: string) {
  const box = within(scope).getByRole('combobox', { name: label });
  fireEvent.mouseDown(box);
  await user.type(box, name);
  const option = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${name}"]`);
    if (!found) throw new Error(`no option ${name}`);
    return found;
  });
  await user.click(option);
}

describe('GuestRegisterForm', () => {
  it('gives a card per adult and a line per child, and says what each still lacks', async () => {
    const { form, cards } = await open();
    expect(cards).toHaveLength(2);
    expect(within(form).getAllByTestId('child-line')).toHaveLength(1);
    expect(within(cards[0]!).getByTestId('card-status')).toHaveTextContent('Incomplete');
    const missing = within(cards[0]!).getByTestId('card-missing');
    expect(missing).toHaveTextContent('Full name');
    expect(missing).toHaveTextContent('ID document photo');
    expect(missing).toHaveTextContent("Guest's photo");
    // A Bangladeshi (or not yet chosen) has no passport and visa to give.
    expect(within(cards[0]!).queryByTestId('foreign-fields')).toBeNull();
    expect(missing).not.toHaveTextContent('Visa');
    expect(within(form).getByTestId('register-summary')).toHaveTextContent('0 of 3 cards complete');
  });

  it('asks a foreigner for passport and visa, chooses the passport, and warns of a visa ending before check-out', async () => {
    const user = userEvent.setup();
    const { cards } = await open();
    const first = cards[0]!;
    await chooseCountry(user, first, 'Nationality', 'Germany');
    const foreign = within(first).getByTestId('foreign-fields');
    expect(within(first).getByLabelText('Passport number')).toBeInTheDocument();
    expect(first).toHaveTextContent('Germany');
    expect(within(first).getByTestId('card-missing')).toHaveTextContent('Visa type, Visa number, Visa expiry, Date of entry to Bangladesh');
    // The passport's country is taken as the nationality's: not listed as missing.
    expect(within(first).getByTestId('card-missing')).not.toHaveTextContent('Passport issued by');

    fireEvent.change(within(foreign).getByLabelText('Visa expiry'), { target: { value: '2026-12-03' } });
    expect(within(first).getByTestId('visa-warning')).toHaveTextContent('The visa expires on Thu, Dec 3, 2026, before check-out on Sat, Dec 5, 2026.');
    fireEvent.change(within(foreign).getByLabelText('Visa expiry'), { target: { value: '2027-03-01' } });
    expect(within(first).queryByTestId('visa-warning')).toBeNull();

    // Back to Bangladeshi: no passport and visa any more.
    await chooseCountry(user, first, 'Nationality', 'Bangladesh');
    expect(within(first).queryByTestId('foreign-fields')).toBeNull();
  });

  it('shows a card complete when every field and both photos are there', async () => {
    registration.adults = 1;
    registration.children = 0;
    registration.guests = [
      card({
        fullName: 'Anna Schmidt',
        guardianName: 'Peter Schmidt',
        address: 'Hauptstraße 1, Berlin',
        nationality: 'DE',
        dateOfBirth: '1988-02-03',
        phone: '+49 30 1234567',
        idType: 'nid',
        idNumber: 'C01X00T47',
        purpose: 'Tourism',
        arrivingFrom: 'Berlin',
        goingTo: 'Sylhet',
        passportCountry: 'DE',
        visaType: 'Tourist',
        visaNumber: 'V1234567',
        visaExpiry: '2027-01-31',
        enteredBangladesh: '2026-11-28',
        photos: { document: photo('document'), portrait: photo('portrait') },
      }),
    ];
    const user = userEvent.setup();
    const { cards } = await open();
    const only = cards[0]!;
    // A foreigner with an NID: the ID type is what is missing, and why is said beside it.
    expect(within(only).getByTestId('card-missing')).toHaveTextContent('ID type');
    expect(within(only).getByText('A foreign guest shows a passport.')).toBeInTheDocument();
    fireEvent.mouseDown(within(only).getByRole('combobox', { name: 'ID type' }));
    await user.click(await screen.findByTitle('Passport'));
    expect(within(only).getByTestId('card-status')).toHaveTextContent('Complete');
    expect(within(only).queryByTestId('card-missing')).toBeNull();
    // Both photos shown from the API with the token, never from a public address.
    await waitFor(() => expect(within(only).getAllByTestId('photo-preview')).toHaveLength(2));
    expect(within(only).getByAltText('ID document of Anna Schmidt')).toHaveAttribute('src', 'blob:photo');
  });

  it("saves the whole list, and shows the server's field errors beside their fields", async () => {
    const user = userEvent.setup();
    const { form, cards } = await open();
    await user.type(within(cards[0]!).getByLabelText('Full name'), 'Anna Schmidt');
    expect(within(form).getByTestId('register-saved')).toHaveTextContent('Changes not saved yet');
    refusal = {
      status: 400,
      body: { success: false, code: 'VALIDATION_ERROR', message: 'Phone: Enter a valid phone number.', errors: [{ path: 'guests.0.phone', message: 'Enter a valid phone number.' }] },
    };
    await user.click(within(form).getByRole('button', { name: 'Save cards' }));
    expect(await within(form).findByTestId('register-error')).toHaveTextContent('Phone: Enter a valid phone number.');
    expect(within(cards[0]!).getByText('Enter a valid phone number.')).toBeInTheDocument();
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({ guests: [{ kind: 'adult', fullName: 'Anna Schmidt', visaType: null }, { kind: 'adult', fullName: null }, { kind: 'child', fullName: null, age: null }] });

    refusal = null;
    await user.click(within(form).getByRole('button', { name: 'Save cards' }));
    await waitFor(() => expect(within(form).getByTestId('register-saved')).toHaveTextContent('Cards saved'));
    expect(within(form).queryByTestId('register-error')).toBeNull();
    // Saved, the cards keep their ids: the next save changes them in place (their photos stay).
    await user.type(within(cards[0]!).getByLabelText('Full name'), 'a');
    await user.click(within(form).getByRole('button', { name: 'Save cards' }));
    await waitFor(() => expect(puts).toHaveLength(3));
    expect(puts[2]).toMatchObject({ guests: [{ id: uuid(1), fullName: 'Anna Schmidta' }, { id: uuid(2) }, { id: uuid(3), kind: 'child' }] });
  });

  it('refuses a bad date before sending, in Bengali', async () => {
    const user = userEvent.setup();
    const { form, cards } = await open('bn');
    expect(within(cards[0]!).getByTestId('card-status')).toHaveTextContent('অসম্পূর্ণ');
    const age = within(within(form).getByTestId('child-line')).getByLabelText('বয়স');
    await user.type(age, '25');
    await user.click(within(form).getByRole('button', { name: 'কার্ড সংরক্ষণ করুন' }));
    expect(await within(form).findByTestId('register-error')).toHaveTextContent('কয়েকটি ঘর সঠিক নয়');
    expect(within(form).getByText('বয়স দেখে নিন: এটি সঠিক নয়।')).toBeInTheDocument();
    expect(puts).toEqual([]);
  });
});

describe("the desk's phone check (issue 34)", () => {
  it('sends a code to the phone saved on the card, then marks it verified with the code the guest reads out; the guest sees no such button', async () => {
    const sent: unknown[] = [];
    registration = { ...registration, adults: 1, children: 0, guests: [card({ _id: uuid(1), fullName: 'Rahim Uddin', phone: '01712345678' })] };
    stubApi(async (request, pathname) => {
      if (request.method === 'GET' && pathname === '/api/bookings/b1/guests') return json(200, { success: true, data: registration });
      if (pathname === '/api/auth/phone/verify-request') {
        sent.push(await request.json());
        return json(202, { success: true, data: { phone: '01712345678', expiresAt: '2026-12-04T10:05:00Z' } });
      }
      if (pathname === '/api/auth/phone/verify') {
        const body = (await request.json()) as { code: string };
        sent.push(body);
        if (body.code !== '123456') return json(400, { success: false, code: 'CODE_WRONG', message: 'That code is not right: 4 tries left.' });
        registration = { ...registration, guests: [card({ _id: uuid(1), fullName: 'Rahim Uddin', phone: '01712345678', phoneVerified: true })] };
        return json(200, { success: true, data: { phone: '01712345678', verifiedAt: '2026-12-04T10:01:00Z', cardId: uuid(1) } });
      }
      return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' });
    });
    await initTestI18n('en');
    renderWithStore(<GuestRegisterForm bookingId="b1" audience="desk" />, { antd: true });
    const user = userEvent.setup();
    const check = await screen.findByTestId('phone-check');
    await user.click(within(check).getByRole('button', { name: 'Send code' }));
    expect(await within(check).findByRole('status')).toHaveTextContent('Code sent by SMS to 01712345678');
    expect(sent[0]).toEqual({ phone: '01712345678', cardId: uuid(1) });
    const code = within(check).getByPlaceholderText('Code from the SMS');
    await user.type(code, '111111');
    await user.click(within(check).getByRole('button', { name: 'Verify' }));
    expect(await within(check).findByRole('alert')).toHaveTextContent('That code is not right: 4 tries left.');
    await user.clear(code);
    await user.type(code, '123456{Enter}');
    expect(await screen.findByTestId('phone-verified')).toHaveTextContent('Phone verified');
    cleanup();

    renderWithStore(<GuestRegisterForm bookingId="b1" audience="guest" />, { antd: true });
    await screen.findByTestId('guest-register-form');
    expect(screen.queryByTestId('phone-check')).toBeNull();
  });
});
