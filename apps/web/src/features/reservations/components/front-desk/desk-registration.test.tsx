import type { TGuestRegistration } from '@residency/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../../test/antd-dom';
import { json, stubApi } from '../../../../test/api-stub';
import { sampleBooking } from '../../../../test/bookings';
import { initTestI18n } from '../../../../test/i18n';
import { renderWithStore } from '../../../../test/render';
import { DeskActionButtons, useDeskActions, type DeskStayRef } from './desk-actions';

/* Check-in with the registration cards (issue 34): incomplete cards open them; the desk checks in once complete, or with a note. */

const booking = sampleBooking({ adults: 1, children: 0, registration: { complete: false, note: null } });
const registration: TGuestRegistration = {
  bookingId: 'b1',
  adults: 1,
  children: 0,
  checkIn: '2026-12-01',
  checkOut: '2026-12-03',
  guests: [],
  complete: false,
  missing: ['1 of 1 adults have no card yet'],
  registrationNote: null,
  editable: true,
};

let checkIns: string[];
let delayMs: number;

beforeEach(() => {
  installAntdDom({ desktop: true });
  checkIns = [];
  delayMs = 0;
  stubApi(async (request, pathname) => {
    if (request.method === 'GET' && pathname === '/api/bookings/b1/guests') return json(200, { success: true, data: registration });
    if (request.method === 'POST' && pathname === '/api/bookings/b1/check-in') {
      const body = await request.text();
      checkIns.push(body);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (!body.includes('registrationNote')) {
        return json(409, {
          success: false,
          code: 'REGISTRATION_INCOMPLETE',
          message: 'The registration cards of room 301 are not complete: 1 of 1 adults have no card yet. Complete them, or check in with a note saying why.',
          missing: ['1 of 1 adults have no card yet'],
        });
      }
      return json(200, { success: true, data: { ...booking, state: 'checked_in', stage: 'checked_in', registration: { complete: false, note: 'Cards to follow' } } });
    }
    return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

function Desk({ stay }: { stay: DeskStayRef }) {
  const { run, busy } = useDeskActions();
  return <DeskActionButtons stay={stay} actions={['check_in']} run={run} busy={busy} today="2026-12-01" />;
}

async function pressCheckIn(stay: DeskStayRef, lng: 'en' | 'bn' = 'en') {
  await initTestI18n(lng);
  const user = userEvent.setup();
  renderWithStore(<Desk stay={stay} />, { antd: true });
  await user.click(screen.getByTestId('action-check_in'));
  const dialog = await screen.findByRole('dialog', { name: lng === 'en' ? 'Registration cards' : 'নিবন্ধন কার্ড' });
  return { user, dialog };
}

describe('Check in with incomplete registration cards', () => {
  it('opens the cards at once, asks why before checking in without them, and sends the note once', async () => {
    delayMs = 300;
    const { user, dialog } = await pressCheckIn(booking);
    // Known incomplete: nothing was sent; the room's one adult has a card to fill.
    expect(checkIns).toEqual([]);
    expect(within(dialog).getByTestId('registration-dialog-subject')).toHaveTextContent('Room 301 · Farhana Akter');
    expect(await within(dialog).findAllByTestId('guest-card')).toHaveLength(1);
    expect(within(dialog).queryByTestId('registration-check-in-complete')).toBeNull();

    const go = within(dialog).getByRole('button', { name: 'Check in without complete cards' });
    await user.click(go);
    expect(await within(dialog).findByText('Say why the cards are not complete (at least 3 characters).')).toBeInTheDocument();
    expect(checkIns).toEqual([]);

    await user.type(within(dialog).getByLabelText('Why are the cards not complete?'), 'Cards to follow');
    await user.dblClick(go);
    await user.click(go);
    expect(await screen.findByText('Farhana Akter is checked in to room 301')).toBeInTheDocument();
    expect(checkIns).toEqual([JSON.stringify({ registrationNote: 'Cards to follow' })]);
  });

  it("opens the cards on the server's 409 when the list did not know them, with its reasons", async () => {
    const { dialog } = await pressCheckIn({ _id: 'b1', transactionId: 'RSV-TEST0001', endDate: '2026-12-03', room: { roomNumber: '301' }, guest: { name: 'Farhana Akter' } });
    expect(checkIns).toEqual(['']);
    expect(within(dialog).getByTestId('registration-missing')).toHaveTextContent('1 of 1 adults have no card yet');
  });

  it('in Bengali: the cards and the question in Bengali, the server’s English sentences left out', async () => {
    const { dialog } = await pressCheckIn({ _id: 'b1', transactionId: 'RSV-TEST0001', endDate: '2026-12-03', room: { roomNumber: '301' } }, 'bn');
    expect(within(dialog).queryByTestId('registration-missing')).toBeNull();
    expect(await within(dialog).findByRole('button', { name: 'অসম্পূর্ণ কার্ডে চেক-ইন করুন' })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByTestId('card-status')).toHaveTextContent('অসম্পূর্ণ'));
  });
});
