import type { TRateChange, TRateDay, TRatePlan } from '@residency/shared/rates';
import { addDays } from '@residency/shared/dates';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import type { RatesArgs } from '../api';
import RatesPage from './rates-page';

// The page's ways out: the rates API and the room types, stubbed, so the test sees what is sent.
const bulk = vi.fn();
const createPlan = vi.fn();
const updatePlan = vi.fn();

/** A plan as the API sends it: Standard, its own prices, the hotel's cancellation default. */
const plan = (overrides: Partial<TRatePlan>): TRatePlan => ({
  _id: 'p-std',
  category: 'Deluxe King',
  code: 'STD',
  name: { en: 'Standard', bn: 'সাধারণ রেট' },
  meal: 'none',
  mealPrice: 0,
  parent: null,
  derivePercent: 0,
  deriveAmount: 0,
  online: true,
  couponsAllowed: true,
  active: true,
  cancellationPolicy: { freeHours: 48, penalty: 'first_night', penaltyPercent: null },
  deposit: { policy: 'none', percent: null },
  onlinePaymentRequired: false,
  ...overrides,
});
const plans: Record<string, TRatePlan[]> = {
  'Deluxe King': [
    plan({}),
    plan({
      _id: 'p-nrf',
      code: 'NRF',
      name: { en: 'Non-refundable', bn: 'অফেরতযোগ্য' },
      parent: 'STD',
      derivePercent: -10,
      online: false,
      couponsAllowed: false,
      cancellationPolicy: { freeHours: null, penalty: 'non_refundable', penaltyPercent: null },
      deposit: { policy: 'first_night', percent: null },
    }),
  ],
  'Family Suite': [plan({ _id: 'p-fam', category: 'Family Suite' })],
};

/**
 * The API's days of a plan: ৳8,000 a night, and in the week of 1 June 2026 (a Monday) a
 * ৳9,500 Friday (5th) with a two-night minimum, a Saturday closed to arrival, a Sunday closed to
 * departure that the plan does not set itself, and a stopped Monday.
 */
function daysFor({ from, to }: RatesArgs): TRateDay[] {
  const special: Record<string, Partial<TRateDay>> = {
    '2026-06-05': { price: 9500, minStay: 2 },
    '2026-06-06': { closedToArrival: true },
    '2026-06-07': { closedToDeparture: true, own: false },
    '2026-06-08': { stopSell: true },
  };
  const days: TRateDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    days.push({
      date,
      price: 8000,
      extraAdult: 1500,
      extraChild: 700,
      minStay: 1,
      maxStay: null,
      closedToArrival: false,
      closedToDeparture: false,
      stopSell: false,
      own: true,
      priceRule: null,
      ...special[date],
    });
  }
  return days;
}
const getRates = vi.fn((args: RatesArgs, options?: { skip?: boolean }) =>
  options?.skip ? { isError: false } : { data: { success: true, data: daysFor(args) }, isError: false },
);
const change: TRateChange = {
  _id: 'ch1',
  plan: 'STD',
  from: '2026-06-05',
  to: '2026-06-06',
  weekdays: [5, 6],
  change: { price: 9500, minStay: 2, stopSell: false },
  days: 2,
  before: [
    { date: '2026-06-05', price: 8000, minStay: null, stopSell: null },
    { date: '2026-06-06', price: 9500, minStay: 2, stopSell: false },
  ],
  after: [
    { date: '2026-06-05', price: 9500, minStay: 2, stopSell: false },
    { date: '2026-06-06', price: 9500, minStay: 2, stopSell: false },
  ],
  changedBy: { _id: 'u1', name: 'Nusrat Jahan' },
  changedAt: '2026-05-30T04:30:00.000Z',
};
/** A later edit that gave a day's price and minimum back to the parent plan (or the default). */
const cleared: TRateChange = {
  ...change,
  _id: 'ch2',
  from: '2026-06-05',
  to: '2026-06-05',
  weekdays: null,
  change: { clear: ['price', 'minStay'] },
  days: 1,
  before: [{ date: '2026-06-05', price: 9500, minStay: 2, stopSell: false }],
  after: [{ date: '2026-06-05', price: null, minStay: null, stopSell: false }],
  changedAt: '2026-05-31T04:30:00.000Z',
};
const getChanges = vi.fn((_args: unknown) => ({
  data: { success: true, data: [cleared, change], meta: { page: 1, limit: 20, total: 2 } },
  isFetching: false,
  isError: false,
}));
vi.mock('../api', () => ({
  useGetRatePlansQuery: () => ({ data: plans, isLoading: false, isError: false }),
  useGetRatesQuery: (args: RatesArgs, options?: { skip?: boolean }) => getRates(args, options),
  useBulkRatesMutation: () => [bulk, { isLoading: false }],
  useGetRateChangesQuery: (args: unknown) => getChanges(args),
  useCreateRatePlanMutation: () => [createPlan, { isLoading: false }],
  useUpdateRatePlanMutation: () => [updatePlan, { isLoading: false }],
}));
vi.mock('../../../lib/categories-api', () => ({
  useGetCategoriesQuery: () => ({
    data: {
      success: true,
      data: [
        { name: 'Deluxe King', translations: { bn: { name: 'ডিলাক্স কিং' } } },
        { name: 'Family Suite', translations: { bn: { name: 'ফ্যামিলি স্যুট' } } },
      ],
    },
    isError: false,
  }),
}));

const renderPage = () =>
  render(
    <App>
      <RatesPage />
    </App>,
  );
const ok = (days: number) => ({ unwrap: () => Promise.resolve({ success: true, message: 'Rates updated', data: { days } }) });
const cell = (category: string, date: string) => screen.getByTestId(`rate-cell-${category}-${date}`);

describe('Admin › Rates', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await initTestI18n('en');
    // The hotel's today is Monday 1 June 2026 (only Date is faked: user-event keeps its timers).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T06:00:00Z'));
    installAntdDom({ desktop: true });
    for (const fn of [bulk, createPlan, updatePlan, getRates, getChanges]) fn.mockClear();
    bulk.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("shows two weeks of each room type's prices and rules as the API sends them, weekends shaded", async () => {
    const user = userEvent.setup();
    renderPage();
    expect(getRates).toHaveBeenCalledWith({ category: 'Deluxe King', plan: 'STD', from: '2026-06-01', to: '2026-06-14' }, { skip: false });
    const grid = screen.getByTestId('rates-grid');
    expect(within(grid).getAllByRole('columnheader')).toHaveLength(15);
    expect(within(cell('Deluxe King', '2026-06-01')).getByTestId('rate-price')).toHaveTextContent('৳8,000');
    const friday = cell('Deluxe King', '2026-06-05');
    expect(within(friday).getByTestId('rate-price')).toHaveTextContent('৳9,500');
    expect(within(friday).getByTestId('rate-mark-min')).toHaveTextContent('min 2');
    expect(friday.closest('td')).toHaveClass('bg-amber-50/60');
    expect(cell('Deluxe King', '2026-06-04').closest('td')).not.toHaveClass('bg-amber-50/60');
    expect(within(cell('Deluxe King', '2026-06-06')).getByTestId('rate-mark-cta')).toHaveTextContent('No arr.');
    const sunday = cell('Deluxe King', '2026-06-07');
    expect(within(sunday).getByTestId('rate-mark-ctd')).toHaveTextContent('No dep.');
    // Inherited: it looks different, and says so.
    expect(sunday).toHaveClass('border-dashed', 'italic');
    expect(sunday).toHaveAccessibleName('Deluxe King, Sun, Jun 7: ৳8,000, closed to departure, follows its parent plan or the default');
    expect(cell('Deluxe King', '2026-06-01')).not.toHaveClass('border-dashed');
    const stopped = cell('Deluxe King', '2026-06-08');
    expect(within(stopped).getByTestId('rate-mark-stop')).toHaveTextContent('Closed');
    expect(stopped).toHaveClass('bg-rose-50');
    expect(within(cell('Deluxe King', '2026-06-01')).queryByTestId(/rate-mark-/)).toBeNull();

    // A week on, a month on, and back to today.
    await user.click(screen.getByRole('button', { name: 'A week on' }));
    expect(getRates).toHaveBeenLastCalledWith(expect.objectContaining({ from: '2026-06-08', to: '2026-06-21' }), { skip: false });
    await user.click(screen.getByRole('button', { name: 'A month on' }));
    expect(getRates).toHaveBeenLastCalledWith(expect.objectContaining({ from: '2026-07-08', to: '2026-07-21' }), { skip: false });
    expect(screen.getByTestId('rates-range')).toHaveTextContent('Wed, Jul 8 – Tue, Jul 21');
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(getRates).toHaveBeenLastCalledWith(expect.objectContaining({ from: '2026-06-01', to: '2026-06-14' }), { skip: false });
  });

  it('offers every plan by its name in the screen\'s language (issue 31: only "STD" was shown), Standard first, and says which room type lacks the chosen one', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('combobox', { name: 'Plan' }));
    const options = await waitFor(() => [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].map((o) => o.textContent));
    expect(options).toEqual(['Standard (STD)', 'Non-refundable (NRF)']);
    await user.click(document.querySelector<HTMLElement>('.ant-select-item-option[title="Non-refundable (NRF)"]')!);
    expect(getRates).toHaveBeenLastCalledWith(expect.objectContaining({ category: 'Family Suite', plan: 'NRF' }), { skip: true });
    expect(screen.getByTestId('rates-row-Family Suite')).toHaveTextContent('This room type has no NRF plan.');
    expect(within(screen.getByTestId('rates-row-Deluxe King')).getAllByRole('button')).toHaveLength(14);
    cleanup();

    await initTestI18n('bn');
    renderPage();
    await user.click(screen.getByRole('combobox', { name: 'প্ল্যান' }));
    const bengali = await waitFor(() => [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].map((o) => o.textContent));
    expect(bengali).toEqual(['সাধারণ রেট (STD)', 'অফেরতযোগ্য (NRF)']);
    cleanup();
    await initTestI18n('en');
  });

  it('sends one bulk edit per room type with only what was asked, and shows each answer', async () => {
    const user = userEvent.setup();
    bulk.mockReturnValueOnce(ok(10)).mockReturnValueOnce({
      unwrap: () =>
        Promise.reject({
          status: 400,
          data: { success: false, message: 'Some days could not be changed.', errors: [{ path: 'changePercent', message: 'A price would fall below 0.' }] },
        }),
    });
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Bulk edit' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Edit rates')).toBeInTheDocument();

    // Nothing asked: nothing sent.
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    expect(await within(drawer).findByText('Say what to change: a price, an extra guest price, a stay rule or a closing.')).toBeInTheDocument();
    expect(bulk).not.toHaveBeenCalled();

    // Weekdays only (Saturday and Sunday unticked), +10 %, open to arrival, stop selling; departures left as they are.
    await user.click(within(drawer).getByRole('checkbox', { name: 'Sat' }));
    await user.click(within(drawer).getByRole('checkbox', { name: 'Sun' }));
    await user.click(within(drawer).getByRole('radio', { name: 'Raise or lower by %' }));
    await user.type(await within(drawer).findByLabelText('Change (%)'), '10');
    // The button-style radios' inputs take no pointer: their labels are clicked, as a person does.
    await user.click(within(within(drawer).getByRole('radiogroup', { name: 'Closed to arrival' })).getByText('No'));
    await user.click(within(within(drawer).getByRole('radiogroup', { name: 'Stop selling' })).getByText('Yes'));
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(bulk).toHaveBeenCalledTimes(2));
    const asked = { plan: 'STD', from: '2026-06-01', to: '2026-06-14', weekdays: [1, 2, 3, 4, 5], changePercent: 10, closedToArrival: false, stopSell: true };
    expect(bulk).toHaveBeenNthCalledWith(1, { category: 'Deluxe King', ...asked });
    expect(bulk).toHaveBeenNthCalledWith(2, { category: 'Family Suite', ...asked });
    const result = await within(drawer).findByTestId('rate-edit-result');
    expect(result).toHaveTextContent('Deluxe King: Rates changed on 10 days');
    expect(result).toHaveTextContent('Family Suite: Some days could not be changed.');
    expect(result).toHaveTextContent('A price would fall below 0.');
  });

  it('sets a price on every day when all weekdays stay ticked, and clears the maximum stay', async () => {
    const user = userEvent.setup();
    bulk.mockReturnValue(ok(14));
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Bulk edit' }));
    const drawer = await screen.findByRole('dialog');
    // One room type only.
    // One room type only: Family Suite's tag is removed (its cross is hidden from screen readers, who use Backspace).
    const categories = within(drawer).getByTestId('rate-edit-categories');
    await user.click(categories.querySelector<HTMLElement>('[title="Family Suite"] .ant-select-selection-item-remove')!);
    expect(categories).not.toHaveTextContent('Family Suite');
    await user.click(within(drawer).getByRole('radio', { name: 'Set a price' }));
    await user.type(await within(drawer).findByLabelText('New price (৳)'), '9000');
    // What guests read beside these nights (issue 31), in both languages.
    await user.type(within(drawer).getByLabelText('Season or rule name (English)'), 'Eid season');
    await user.type(within(drawer).getByLabelText('Season or rule name (Bengali)'), 'ঈদের মৌসুম');
    await user.click(within(drawer).getByRole('checkbox', { name: 'Remove the maximum stay' }));
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(bulk).toHaveBeenCalledTimes(1));
    expect(bulk).toHaveBeenCalledWith({
      category: 'Deluxe King',
      plan: 'STD',
      from: '2026-06-01',
      to: '2026-06-14',
      price: 9000,
      name: { en: 'Eid season', bn: 'ঈদের মৌসুম' },
      maxStay: null,
    });
    expect(await within(drawer).findByRole('status')).toHaveTextContent(/^Rates changed on 14 days$/);
  });

  it('sends the values to follow the parent plan again in clear, without a value of their own', async () => {
    const user = userEvent.setup();
    bulk.mockReturnValue(ok(1));
    renderPage();
    // NRF follows STD on Deluxe King: its editor words "follow again" after the parent plan.
    await user.click(screen.getByRole('combobox', { name: 'Plan' }));
    await user.click(await waitFor(() => document.querySelector<HTMLElement>('.ant-select-item-option[title="Non-refundable (NRF)"]')!));
    cell('Deluxe King', '2026-06-05').focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog');
    expect(drawer).not.toHaveTextContent('Back to the default');
    const price = within(drawer).getByRole('radiogroup', { name: 'Price per night' });
    await user.click(within(price).getByRole('radio', { name: 'Follow the parent plan' }));
    expect(within(drawer).queryByLabelText('New price (৳)')).toBeNull();
    // A minimum typed, then followed again: the number is emptied, locked, and not sent.
    const minStay = within(drawer).getByLabelText('Minimum stay (nights)');
    await user.type(minStay, '3');
    await user.click(within(drawer).getByRole('checkbox', { name: 'Follow the parent plan, min stay' }));
    expect(minStay).toBeDisabled();
    expect(minStay).toHaveValue('');
    await user.type(within(drawer).getByLabelText('Extra child (৳)'), '500');
    await user.click(within(within(drawer).getByRole('radiogroup', { name: 'Stop selling' })).getByText('Follow the parent plan'));
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(bulk).toHaveBeenCalledTimes(1));
    expect(bulk).toHaveBeenCalledWith({
      category: 'Deluxe King',
      plan: 'NRF',
      from: '2026-06-05',
      to: '2026-06-05',
      extraChild: 500,
      clear: ['price', 'minStay', 'stopSell'],
    });
  });

  it('says "Back to the default" on a plan without a parent, and "Follow the parent plan" once the plan has one', async () => {
    const user = userEvent.setup();
    bulk.mockReturnValue(ok(14));
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Bulk edit' }));
    const drawer = await screen.findByRole('dialog');
    // STD follows no plan.
    expect(drawer).not.toHaveTextContent('Follow the parent plan');
    expect(within(within(drawer).getByRole('radiogroup', { name: 'Price per night' })).getByRole('radio', { name: 'Back to the default' })).toBeInTheDocument();
    for (const field of ['extra adult', 'extra child', 'min stay', 'max stay']) {
      expect(within(drawer).getByRole('checkbox', { name: `Back to the default, ${field}` })).toBeInTheDocument();
    }
    expect(within(drawer).getByText(/“Back to the default”: the room type's offer price/)).toBeInTheDocument();
    // The maximum back to the default: no maximum of its own, and not "removed" (null) as well.
    await user.type(within(drawer).getByLabelText('Maximum stay (nights)'), '7');
    await user.click(within(drawer).getByRole('checkbox', { name: 'Back to the default, max stay' }));
    expect(within(drawer).getByRole('checkbox', { name: 'Remove the maximum stay' })).toBeDisabled();
    await user.click(within(within(drawer).getByRole('radiogroup', { name: 'Closed to arrival' })).getByText('Back to the default'));
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(bulk).toHaveBeenCalledTimes(2));
    const asked = { plan: 'STD', from: '2026-06-01', to: '2026-06-14', clear: ['maxStay', 'closedToArrival'] };
    expect(bulk).toHaveBeenNthCalledWith(1, { category: 'Deluxe King', ...asked });
    expect(bulk).toHaveBeenNthCalledWith(2, { category: 'Family Suite', ...asked });

    // NRF, which follows STD (Family Suite has no NRF: its request is refused anyway): the parent's wording.
    await user.click(within(drawer).getByRole('combobox', { name: 'Plan' }));
    await user.click(await waitFor(() => document.querySelector<HTMLElement>('.ant-select-item-option[title="Non-refundable (NRF)"]')!));
    expect(within(within(drawer).getByRole('radiogroup', { name: 'Closed to arrival' })).getByRole('radio', { name: 'Follow the parent plan' })).toBeChecked();
    expect(within(drawer).getByRole('checkbox', { name: 'Follow the parent plan, max stay' })).toBeChecked();
    expect(drawer).not.toHaveTextContent('Back to the default');
  });

  it("says a change that would take a night below ৳0 with the day and its price, in English and in Bengali", async () => {
    const user = userEvent.setup();
    const belowZero = {
      unwrap: () =>
        Promise.reject({
          status: 400,
          data: { success: false, code: 'PRICE_BELOW_ZERO', date: '2026-06-05', price: 7500, message: 'This change would make the price of 2026-06-05 below ৳0 (it is 7500).' },
        }),
    };
    bulk.mockReturnValueOnce(belowZero).mockReturnValueOnce(ok(14));
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Bulk edit' }));
    let drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByRole('radio', { name: 'Raise or lower by an amount' }));
    await user.type(await within(drawer).findByLabelText('Change (৳)'), '-8000');
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(bulk).toHaveBeenCalledTimes(2));
    expect(bulk).toHaveBeenNthCalledWith(1, expect.objectContaining({ category: 'Deluxe King', changeAmount: -8000 }));
    const result = await within(drawer).findByTestId('rate-edit-result');
    expect(result).toHaveTextContent('Deluxe King: This change would make the price of Fri, Jun 5 below ৳0 (it is ৳7,500).');
    expect(result).toHaveTextContent('Family Suite: Rates changed on 14 days');
    cleanup();

    await initTestI18n('bn');
    bulk.mockReset();
    bulk.mockReturnValueOnce(belowZero).mockReturnValueOnce(ok(14));
    renderPage();
    await user.click(screen.getByRole('button', { name: 'একসাথে বদলান' }));
    drawer = await screen.findByRole('dialog');
    expect(within(within(drawer).getByRole('radiogroup', { name: 'প্রতি রাতের ভাড়া' })).getByRole('radio', { name: 'ডিফল্টে ফিরে যাক' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('radio', { name: 'নির্দিষ্ট পরিমাণে বাড়ান বা কমান' }));
    await user.type(await within(drawer).findByLabelText('পরিবর্তন (৳)'), '-8000');
    await user.click(within(drawer).getByRole('button', { name: 'প্রয়োগ করুন' }));
    const line = await within(drawer).findByText(/^ডিলাক্স কিং: /);
    expect(line).toHaveTextContent('ডিলাক্স কিং: এই পরিবর্তনে শুক্র ৫ জুন-এর ভাড়া ৳০-এর নিচে নেমে যাবে (এখন ভাড়া ৳৭,৫০০)।');
    expect(line).not.toHaveTextContent(/[0-9]/);
  });

  it("opens a cell's editor from the keyboard, for that day and room type", async () => {
    const user = userEvent.setup();
    bulk.mockReturnValue(ok(1));
    renderPage();
    const friday = screen.getByRole('button', { name: 'Deluxe King, Fri, Jun 5: ৳9,500, min 2 nights' });
    friday.focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Deluxe King, Fri, Jun 5')).toBeInTheDocument();
    expect(within(drawer).getByTestId('rate-edit-now')).toHaveTextContent('Now: ৳9,500, min 2 nights');
    await user.type(within(drawer).getByLabelText('Minimum stay (nights)'), '3');
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(bulk).toHaveBeenCalledWith({ category: 'Deluxe King', plan: 'STD', from: '2026-06-05', to: '2026-06-05', minStay: 3 }));
    expect(await within(drawer).findByRole('status')).toHaveTextContent('Rates changed on 1 day');

    // The arrow keys move between the cells: a day on, a room type down.
    await user.click(within(drawer).getByTestId('rate-edit-close'));
    friday.focus();
    await user.keyboard('{ArrowRight}');
    expect(cell('Deluxe King', '2026-06-06')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(cell('Family Suite', '2026-06-06')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(friday).toHaveFocus();

    // Space opens another cell's editor too.
    cell('Family Suite', '2026-06-08').focus();
    await user.keyboard(' ');
    await waitFor(() => expect(screen.getByText('Family Suite, Mon, Jun 8')).toBeInTheDocument());
  });

  it('lists the days per room type on a phone, with no table wider than the screen', () => {
    installAntdDom({ desktop: false });
    renderPage();
    expect(screen.queryByTestId('rates-grid')).toBeNull();
    const list = screen.getByTestId('rates-list');
    expect(list.querySelector('table')).toBeNull();
    const card = within(list).getByTestId('rates-card-Deluxe King');
    expect(within(card).getAllByRole('button')).toHaveLength(14);
    const friday = within(card).getByRole('button', { name: 'Deluxe King, Fri, Jun 5: ৳9,500, min 2 nights' });
    expect(friday).toHaveTextContent('Fri, Jun 5');
    expect(friday).toHaveTextContent('min 2');
    expect(within(list).getByTestId('rates-card-Family Suite')).toBeInTheDocument();
  });

  it('lists the change log: who, when, range, weekdays, what was asked, days, and old → new values', async () => {
    const user = userEvent.setup();
    renderPage();
    const item = screen.getByTestId('rate-change-ch1');
    // 04:30 UTC is 10:30 at the hotel.
    expect(item).toHaveTextContent('Nusrat Jahan, May 30, 2026, 10:30');
    expect(within(item).getByTestId('rate-change-range')).toHaveTextContent('STD · Fri, Jun 5 – Sat, Jun 6 · only Fri, Sat');
    expect(within(item).getByTestId('rate-change-asked')).toHaveTextContent('price: ৳9,500; min stay: 2 nights; stop selling: no · 2 days changed');
    const values = within(item).getByTestId('rate-change-values');
    expect(values).not.toBeVisible();
    await user.click(within(item).getByText('Old → new values'));
    expect(values).toBeVisible();
    expect(values).toHaveTextContent('Fri, Jun 5: price ৳8,000 → ৳9,500; min stay not set → 2 nights; stop selling not set → no');
    expect(values).toHaveTextContent('Sat, Jun 6: no change');
    // Values given back to the parent plan are named, not written as a list of codes.
    const back = screen.getByTestId('rate-change-ch2');
    expect(within(back).getByTestId('rate-change-asked')).toHaveTextContent(/^price, min stay: follow the parent plan or the default again · 1 day changed$/);

    // The log follows the chosen room type and the calendar's plan.
    expect(getChanges).toHaveBeenLastCalledWith({ category: 'Deluxe King', plan: 'STD', page: 1, limit: 20 });
    await user.click(screen.getByRole('combobox', { name: 'Room type' }));
    await user.click(await waitFor(() => document.querySelector<HTMLElement>('.ant-select-item-option[title="Family Suite"]')!));
    expect(getChanges).toHaveBeenLastCalledWith({ category: 'Family Suite', plan: 'STD', page: 1, limit: 20 });
    await user.click(screen.getByRole('combobox', { name: 'Plan' }));
    await user.click(await waitFor(() => document.querySelector<HTMLElement>('.ant-select-item-option[title="Non-refundable (NRF)"]')!));
    expect(getChanges).toHaveBeenLastCalledWith({ category: 'Family Suite', plan: 'NRF', page: 1, limit: 20 });
  });

  it("lists a room type's plans with their policies, and adds a plan", async () => {
    const user = userEvent.setup();
    createPlan.mockReturnValue({ unwrap: () => Promise.resolve({ success: true, data: plan({ code: 'BB' }) }) });
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Rate plans' }));
    const std = screen.getByTestId('rate-plan-STD');
    expect(std).toHaveTextContent('Free until 48 h before check-in, then the first night');
    expect(std).toHaveTextContent('Online and at the desk · coupons allowed');
    const nrf = screen.getByTestId('rate-plan-NRF');
    expect(nrf).toHaveTextContent('Follows STD: −10 %');
    expect(nrf).toHaveTextContent('At the desk only · no coupons');
    expect(nrf).toHaveTextContent('Non-refundable: no free cancellation');

    await user.click(screen.getByRole('button', { name: 'Add plan' }));
    // Ant Design names every title 'test-id' under test, so the dialog is found by its title's text.
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Add a rate plan to Deluxe King');
    await user.type(within(dialog).getByLabelText('Code'), 'bb');
    await user.type(within(dialog).getByLabelText('Name in English'), 'Bed & breakfast');
    await user.type(within(dialog).getByLabelText('Name in Bengali'), 'থাকা ও নাশতা');
    await user.type(within(dialog).getByLabelText('Meal price (৳ per person and night)'), '{Backspace}800');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(createPlan).toHaveBeenCalledWith({
        category: 'Deluxe King',
        code: 'BB',
        name: { en: 'Bed & breakfast', bn: 'থাকা ও নাশতা' },
        meal: 'none',
        mealPrice: 800,
        parent: null,
        derivePercent: 0,
        deriveAmount: 0,
        online: true,
        couponsAllowed: true,
        onlinePaymentRequired: false,
        active: true,
        cancellationPolicy: { freeHours: null, penalty: 'first_night', penaltyPercent: null },
        deposit: { policy: 'none', percent: null },
      }),
    );
  });

  it('shows each plan\'s deposit, and asks a percentage deposit with its value', async () => {
    const user = userEvent.setup();
    createPlan.mockReturnValue({ unwrap: () => Promise.resolve({ success: true, data: plan({ code: 'DEP' }) }) });
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Rate plans' }));
    expect(screen.getByTestId('rate-plan-STD')).toHaveTextContent('No deposit at booking');
    expect(screen.getByTestId('rate-plan-NRF')).toHaveTextContent('Deposit: the first night at booking');

    await user.click(screen.getByRole('button', { name: 'Add plan' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Code'), 'dep');
    await user.type(within(dialog).getByLabelText('Name in English'), 'Deposit');
    await user.type(within(dialog).getByLabelText('Name in Bengali'), 'অগ্রিম');
    await user.click(within(dialog).getByRole('combobox', { name: 'The guest pays at booking' }));
    await user.click(await waitFor(() => document.querySelector<HTMLElement>('.ant-select-item-option[title="A percentage of the stay\'s total"]')!));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Say what percentage the deposit is.')).toBeInTheDocument();
    expect(createPlan).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Percentage of the total'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(createPlan).toHaveBeenCalledTimes(1));
    expect(createPlan.mock.calls[0]![0]).toMatchObject({ code: 'DEP', deposit: { policy: 'percent', percent: 30 } });
  });

  it("edits a plan: an emptied 'free until' is sent as the hotel's default (null)", async () => {
    const user = userEvent.setup();
    updatePlan.mockReturnValue({ unwrap: () => Promise.resolve({ success: true, data: plan({}) }) });
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Rate plans' }));
    await user.click(screen.getByRole('button', { name: 'Edit plan STD' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Code')).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Free until (hours before check-in)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updatePlan).toHaveBeenCalledTimes(1));
    expect(updatePlan.mock.calls[0]![0]).toMatchObject({
      id: 'p-std',
      body: { name: { en: 'Standard', bn: 'সাধারণ রেট' }, parent: null, cancellationPolicy: { freeHours: null, penalty: 'first_night', penaltyPercent: null } },
    });
  });

  it("says in Bengali beside the code that the room type has that plan already, and a bulk edit's refusal", async () => {
    await initTestI18n('bn');
    const user = userEvent.setup();
    createPlan.mockReturnValue({
      unwrap: () => Promise.reject({ status: 409, data: { success: false, code: 'RATE_PLAN_CODE_TAKEN', message: 'This room type has a plan NRF already.' } }),
    });
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'রেট প্ল্যান' }));
    await user.click(screen.getByRole('button', { name: 'প্ল্যান যোগ করুন' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('কোড'), 'NRF');
    await user.type(within(dialog).getByLabelText('ইংরেজিতে নাম'), 'Again');
    await user.type(within(dialog).getByLabelText('বাংলায় নাম'), 'আবার');
    await user.click(within(dialog).getByRole('button', { name: 'সংরক্ষণ করুন' }));
    expect(await within(dialog).findByText('এই রুমের ধরনে এই কোডের একটি প্ল্যান আগে থেকেই আছে।')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'বাতিল' }));

    bulk.mockReturnValue({
      unwrap: () => Promise.reject({ status: 404, data: { success: false, code: 'RATE_PLAN_NOT_FOUND', message: 'This rate plan does not exist for this room type.' } }),
    });
    cell('Family Suite', '2026-06-03').focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByTestId('rate-edit-now').then((now) => now.closest<HTMLElement>('[role="dialog"]')!);
    await user.type(within(drawer).getByLabelText('কমপক্ষে থাকা (রাত)'), '2');
    await user.click(within(drawer).getByRole('button', { name: 'প্রয়োগ করুন' }));
    expect(await within(drawer).findByRole('alert')).toHaveTextContent('ফ্যামিলি স্যুট: এই রুমের ধরনে এমন কোনো রেট প্ল্যান নেই।');
  });

  it('writes the calendar, its marks and the log in Bengali, with Bengali digits', async () => {
    await initTestI18n('bn');
    const user = userEvent.setup();
    renderPage();
    const friday = cell('Deluxe King', '2026-06-05');
    expect(friday).toHaveAccessibleName(/^ডিলাক্স কিং, .+: ৳৯,৫০০, কমপক্ষে ২ রাত$/);
    expect(friday).toHaveAccessibleName(/^[^0-9]+$/);
    expect(friday).toHaveTextContent('৳৯,৫০০≥২ রাত');
    expect(within(cell('Deluxe King', '2026-06-08')).getByTestId('rate-mark-stop')).toHaveTextContent('বন্ধ');
    expect(within(cell('Deluxe King', '2026-06-06')).getByTestId('rate-mark-cta')).toHaveTextContent('আগমন ✕');
    expect(screen.getByTestId('rates-grid').querySelector('thead')).not.toHaveTextContent(/[0-9]/);
    expect(screen.getByRole('button', { name: 'আজ' })).toBeInTheDocument();
    const item = screen.getByTestId('rate-change-ch1');
    expect(item).toHaveTextContent('২ দিন বদলেছে');
    expect(item).not.toHaveTextContent(/[0-9]/);
    await user.click(screen.getByRole('tab', { name: 'রেট প্ল্যান' }));
    expect(screen.getByTestId('rate-plan-STD')).toHaveTextContent('চেক-ইনের ৪৮ ঘণ্টা আগ পর্যন্ত বিনা খরচে বাতিল, এরপর প্রথম রাতের ভাড়া কাটা হবে');
  });
});
