import { execFileSync } from 'node:child_process';
import { addDays, todayAt } from '@residency/shared/dates';
import { chooseOption, DEMO, expect, freeRooms, login, signIn, test } from './fixtures';
import { checkInWithNote } from './support/registration';

/*
 * A family's stay of two rooms, from the desk's folio to the guest's invoice (issue 22): staff
 * check both rooms in, post a laundry charge, take a bKash deposit, check the first room out, and
 * at the last room out take the balance in cash; the VAT invoice is issued, and the guest
 * downloads it in Bengali from My Bookings. (The booking itself, on a phone in Bengali, is
 * multi-room.spec.ts's.)
 */

const today = todayAt('Asia/Dhaka');
const bengali = (text: string) => text.replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);

interface Reservation {
  _id: string;
  reference: string;
  amount: number;
  bookings: { _id: string; transactionId: string; room: { roomNumber: string } }[];
}

test('staff run a family\'s two-room folio to check-out, and the guest downloads the Bengali invoice', async ({ page, api, request }) => {
  test.slow();
  // Tonight, in two rooms nobody else of this worker holds (the stay must be under way to check in).
  const [first, second] = await freeRooms(request, today, addDays(today, 1), { adults: 1, children: 1 });
  expect(second, 'two rooms free tonight').toBeTruthy();
  const guest = await api.newGuest('Sultana Family');
  const made = await request.post('/api/reservations', {
    headers: guest.headers,
    data: {
      checkIn: today,
      checkOut: addDays(today, 1),
      phone: '01712-345678',
      language: 'bn',
      rooms: [
        { roomId: first!._id, adults: 1, children: 1 },
        { roomId: second!._id, adults: 1, children: 1 },
      ],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const reservation = (await made.json()).data as Reservation;
  const [roomA, roomB] = reservation.bookings;

  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, DEMO.staff);
  const row = async (tid: string) => {
    await page.goto(`/staff/reservation?q=${tid}`);
    const found = page.getByTestId(`booking-${tid}`);
    await expect(found).toHaveCount(1);
    return found;
  };
  // Both rooms confirmed and checked in from the list: confirming one room confirms the
  // reservation (issue 31: one mail), so the second is confirmed already.
  for (const [i, b] of [roomA!, roomB!].entries()) {
    const r = await row(b.transactionId);
    if (i === 0) await r.getByRole('button', { name: 'Confirm' }).click();
    await expect(r.getByTestId('state-tag')).toHaveText('Confirmed');
    await r.getByRole('button', { name: 'Check in' }).click();
    // No registration cards (issue 34): checked in with a note, as the desk may.
    await checkInWithNote(page);
    await expect(r.getByTestId('state-tag')).toHaveText('Checked in');
  }

  // The folio of the reservation, from the first room's details.
  const r = await row(roomA!.transactionId);
  await r.getByRole('button', { name: 'Details' }).click();
  // The desk reads the reservation's booking ID in the title (issue 31), the room's own id as its line.
  const details = page.getByRole('dialog', { name: `Booking ${reservation.reference}` });
  await details.getByRole('tab', { name: 'Folio' }).click();
  const folio = details.getByTestId('folio');
  await expect(folio.getByTestId('folio-room')).toHaveCount(2);
  await expect(folio.getByTestId('folio-total-balance')).toContainText(`৳${new Intl.NumberFormat('en-IN').format(reservation.amount)}`);

  // Laundry: ৳600 with its 10 % service charge and 15 % VAT.
  await folio.getByTestId('folio-charge').click();
  const charge = page.getByTestId('folio-charge-form');
  await chooseOption(page, charge.getByTestId('charge-type'), 'Laundry');
  await charge.getByTestId('charge-price').fill('600');
  await charge.getByTestId('folio-charge-submit').click();
  await expect(charge).toBeHidden();
  await expect(folio.getByTestId('folio-line-what').filter({ hasText: 'Laundry' })).toHaveCount(1);
  const laundry = 600 + 60 + 99;

  // A bKash deposit with its TrxID.
  await folio.getByTestId('folio-payment').click();
  const pay = page.getByTestId('folio-payment-form');
  await pay.getByTestId('folio-payment-amount').fill('5000');
  await pay.getByText('bKash', { exact: true }).click();
  await pay.getByLabel('Transaction reference').fill('9K4D7X2QPA');
  await pay.getByTestId('folio-payment-submit').click();
  await expect(pay).toBeHidden();
  await expect(folio.getByTestId('folio-money-payment')).toContainText('9K4D7X2QPA');
  const due = Math.round((reservation.amount + laundry - 5000) * 100) / 100;
  await page.keyboard.press('Escape');

  // The second room leaves first: the folio stays open, nothing is asked.
  const rb = await row(roomB!.transactionId);
  await rb.getByRole('button', { name: 'Check out' }).click();
  // Leaving before the check-out day: the desk confirms (the stay ends today).
  const early = page.locator('.ant-popconfirm');
  await early.getByRole('button', { name: 'Check out' }).click();
  await expect(rb.getByTestId('state-tag')).toHaveText('Checked out');

  // The last room out with a balance due: the desk takes it in cash, then checks out.
  const ra = await row(roomA!.transactionId);
  await ra.getByRole('button', { name: 'Check out' }).click();
  await early.getByRole('button', { name: 'Check out' }).click();
  const dialog = page.getByTestId('balance-due');
  await expect(dialog.getByTestId('balance-due-title')).toContainText(`৳${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(due)}`);
  await dialog.getByTestId('balance-due-pay').click();
  // The form starts from the balance.
  await expect(page.getByTestId('folio-payment-amount')).toHaveValue(/\d/);
  await page.getByTestId('folio-payment-form').getByText('Cash', { exact: true }).click();
  await page.getByTestId('folio-payment-submit').click();
  await expect(ra.getByTestId('state-tag')).toHaveText('Checked out');

  // The invoice was issued at that check-out.
  const folioRes = await request.get(`/api/reservations/${reservation._id}/folio`, { headers: await api.headers('staff') });
  const issued = (await folioRes.json()).data as { balance: number; invoices: { kind: string; number: string }[] };
  expect(issued.balance).toBe(0);
  expect(issued.invoices).toHaveLength(1);
  const number = issued.invoices[0]!.number;
  expect(number).toMatch(/^INV-\d{4}-\d{2}-\d{6}$/);

  // The guest, in Bengali on a phone: My Bookings, the stay's details, the Bengali invoice.
  await page.context().clearCookies();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(() => localStorage.setItem('lng', 'bn'));
  await signIn(page, api, guest);
  await page.goto('/user/my-bookings');
  // One card for the reservation, under the reference the guest quotes (issue 31).
  const stay = page.getByTestId(`my-booking-${reservation.reference}`);
  await stay.getByTestId('stay-details-button').click();
  const documents = page.getByTestId('folio-documents');
  // On the page the number is a code, as the reference is; the Bengali invoice writes it in Bengali digits.
  await expect(documents.getByTestId('invoice-number')).toContainText(number);
  const [download] = await Promise.all([page.waitForEvent('download'), documents.getByTestId('invoice-bn').click()]);
  expect(download.suggestedFilename()).toBe(`${number}-bn.pdf`);
  const file = await download.path();
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain(bengali(number));
  expect(text).toContain('9K4D7X2QPA');
});
