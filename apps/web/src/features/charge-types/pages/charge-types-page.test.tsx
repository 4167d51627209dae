import type { TChargeType } from '@residency/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { json, stubApi } from '../../../test/api-stub';
import { initTestI18n } from '../../../test/i18n';
import { renderWithStore } from '../../../test/render';
import ChargeTypesPage from './charge-types-page';

/** Admin › Charge types at 1280 px: the list, then add and edit checked with ZChargeTypeSave. */

installAntdDom({ desktop: true });

const SEEDED: TChargeType[] = [
  { code: 'airport_shuttle', nameEn: 'Airport shuttle', nameBn: 'এয়ারপোর্ট শাটল', defaultPrice: 1500, serviceChargePercent: 0, vatPercent: 15, active: true },
  { code: 'laundry', nameEn: 'Laundry', nameBn: 'লন্ড্রি', defaultPrice: null, serviceChargePercent: 10, vatPercent: 15, active: true },
  { code: 'minibar', nameEn: 'Minibar', nameBn: 'মিনিবার', defaultPrice: null, serviceChargePercent: 10, vatPercent: 15, active: false },
];

let types: TChargeType[];
let saved: { code: string; body: unknown }[];

beforeAll(async () => {
  await initTestI18n('en');
});

beforeEach(() => {
  types = SEEDED.map((type) => ({ ...type }));
  saved = [];
  stubApi(async (request, pathname) => {
    if (pathname === '/api/charge-types') return json(200, { success: true, data: types, meta: { page: 1, limit: types.length, total: types.length } });
    const put = /^\/api\/charge-types\/(\w+)$/.exec(pathname);
    if (put && request.method === 'PUT') {
      const body = (await request.json()) as Omit<TChargeType, 'code'>;
      saved.push({ code: put[1]!, body });
      const made = { code: put[1]!, ...body };
      types = types.some((type) => type.code === made.code) ? types.map((type) => (type.code === made.code ? made : type)) : [...types, made];
      return json(200, { success: true, message: 'Charge type saved', data: made });
    }
    return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Admin › Charge types', { timeout: 20_000 }, () => {
  it('lists each type with its names in both languages, price, service charge, VAT and state', async () => {
    renderWithStore(<ChargeTypesPage />, { at: '/admin/charge-types', antd: true });
    expect(await screen.findByRole('heading', { name: 'Charge types' })).toBeInTheDocument();
    const shuttle = await screen.findByTestId('charge-type-airport_shuttle');
    expect(within(shuttle).getByText('Airport shuttle')).toBeInTheDocument();
    expect(within(shuttle).getByText('এয়ারপোর্ট শাটল')).toBeInTheDocument();
    expect(within(shuttle).getByText('৳1,500')).toBeInTheDocument();
    expect(within(shuttle).getByText('0%')).toBeInTheDocument();
    expect(within(shuttle).getByText('Active')).toBeInTheDocument();
    const laundry = screen.getByTestId('charge-type-laundry');
    expect(within(laundry).getByText('Typed each time')).toBeInTheDocument();
    expect(within(laundry).getByText('10%')).toBeInTheDocument();
    expect(within(screen.getByTestId('charge-type-minibar')).getByText('Switched off')).toBeInTheDocument();
  });

  it('adds a type: the contract’s checks beside the fields, a code in use refused, then saved under its code', async () => {
    const user = userEvent.setup();
    renderWithStore(<ChargeTypesPage />, { at: '/admin/charge-types', antd: true });
    await screen.findByTestId('charge-type-laundry');
    await user.click(screen.getByRole('button', { name: 'Add charge type' }));
    const dialog = await screen.findByRole('dialog', { name: 'New charge type' });
    // A new type starts at 10 % service charge and 15 % VAT.
    expect(within(dialog).getByLabelText('Service charge')).toHaveValue('10');
    expect(within(dialog).getByLabelText('VAT')).toHaveValue('15');

    await user.type(within(dialog).getByLabelText('Code'), 'Spa');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A code is 2–32 lower-case letters, digits or _, starting with a letter.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the English name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the Bengali name.')).toBeInTheDocument();
    expect(saved).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Code'));
    await user.type(within(dialog).getByLabelText('Code'), 'laundry');
    await user.type(within(dialog).getByLabelText('Name in English'), 'Spa treatment');
    await user.type(within(dialog).getByLabelText('Name in Bengali'), 'স্পা ট্রিটমেন্ট');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A charge type with this code exists already.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Code'));
    await user.type(within(dialog).getByLabelText('Code'), 'spa_treatment');
    await user.type(within(dialog).getByLabelText('Default price'), '2500');
    await user.clear(within(dialog).getByLabelText('VAT'));
    await user.type(within(dialog).getByLabelText('VAT'), '7.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(saved).toEqual([
        { code: 'spa_treatment', body: { nameEn: 'Spa treatment', nameBn: 'স্পা ট্রিটমেন্ট', defaultPrice: 2500, serviceChargePercent: 10, vatPercent: 7.5, active: true } },
      ]),
    );
    expect(await screen.findByText('Spa treatment added.')).toBeInTheDocument();
    const row = await screen.findByTestId('charge-type-spa_treatment');
    expect(within(row).getByText('৳2,500')).toBeInTheDocument();
    expect(within(row).getByText('7.5%')).toBeInTheDocument();
  });

  it('edits a type by its code, which stays: switched off and its price cleared', async () => {
    const user = userEvent.setup();
    renderWithStore(<ChargeTypesPage />, { at: '/admin/charge-types', antd: true });
    await user.click(await screen.findByRole('button', { name: 'Edit Airport shuttle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Airport shuttle' });
    expect(within(dialog).getByTestId('charge-type-code')).toHaveTextContent('airport_shuttle');
    expect(within(dialog).queryByLabelText('Code')).toBeNull();
    expect(within(dialog).getByLabelText('Default price')).toHaveValue('1500');
    await user.clear(within(dialog).getByLabelText('Default price'));
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saved).toEqual([
        { code: 'airport_shuttle', body: { nameEn: 'Airport shuttle', nameBn: 'এয়ারপোর্ট শাটল', defaultPrice: null, serviceChargePercent: 0, vatPercent: 15, active: false } },
      ]),
    );
    const row = await screen.findByTestId('charge-type-airport_shuttle');
    await waitFor(() => expect(within(row).getByText('Switched off')).toBeInTheDocument());
  });
});
