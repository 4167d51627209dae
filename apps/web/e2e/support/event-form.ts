import type { Page } from '@playwright/test';
import { addDays, todayAt } from '@residency/shared/dates';

/** Fills the event form as a visitor does (a hall for 180, two months ahead), the type left as the menu chose it. */
export async function fillEventForm(page: Page, email: string): Promise<void> {
  const form = page.getByTestId('event-form');
  await form.locator('#event-name').fill('Sumaiya Karim');
  await form.locator('#event-email').fill(email);
  await form.locator('#event-phone').fill('+880 1711-445566');
  await form.locator('#event-layout').selectOption('Theater Style');
  await form.locator('#event-guestCount').fill('180');
  await form.locator('#event-date').fill(addDays(todayAt('Asia/Dhaka'), 60));
  await form.locator('#event-startTime').fill('18:00');
  await form.locator('#event-endTime').fill('23:00');
}
