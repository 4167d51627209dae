import { addDays } from '@residency/shared/dates';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { selectStay } from '../stay-search';
import { makeStore } from '../../test/store';
import { useBookingStay } from './use-booking-stay';

afterEach(cleanup);

/** The hook and the page's URL, on /booking/r1 with the given query. */
function renderStay(query: string, today: string) {
  const { store } = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <MemoryRouter initialEntries={[`/booking/r1?${query}`]}>{children}</MemoryRouter>
    </Provider>
  );
  const { result, rerender } = renderHook(
    ({ day }) => ({ ...useBookingStay(day), search: useLocation().search }),
    { wrapper, initialProps: { day: today } },
  );
  return { result, rerender, store };
}

describe('useBookingStay', () => {
  it('moves an old link whose check-in has passed to start today, same nights, and says so', () => {
    // Far enough back to be past whatever day the hotel's clock says (the filter reads it too).
    const today = addDays(new Date().toISOString().slice(0, 10), 2);
    const { result, store } = renderStay('checkIn=2020-01-10&checkOut=2020-01-13&adults=2&children=1', today);
    expect(result.current.stay).toEqual({ checkIn: today, checkOut: addDays(today, 3), adults: 2, children: 1 });
    expect(result.current.moved).toBe(true);
    expect(new URLSearchParams(result.current.search).get('checkIn')).toBe(today);
    expect(selectStay(store.getState())).toEqual({ checkIn: today, checkOut: addDays(today, 3) });
    // The guest's own change ends the notice.
    act(() => result.current.onCheckOut(addDays(today, 2)));
    expect(result.current.moved).toBe(false);
    expect(result.current.stay.checkOut).toBe(addDays(today, 2));
  });

  it('moves the stay when the day changes while the page is open', () => {
    const day = addDays(new Date().toISOString().slice(0, 10), 2);
    const { result, rerender } = renderStay(`checkIn=${day}&checkOut=${addDays(day, 1)}`, day);
    expect(result.current.moved).toBe(false);
    rerender({ day: addDays(day, 1) });
    expect(result.current.stay).toMatchObject({ checkIn: addDays(day, 1), checkOut: addDays(day, 2) });
    expect(result.current.moved).toBe(true);
  });

  it('leaves a current stay as it is', () => {
    const day = addDays(new Date().toISOString().slice(0, 10), 2);
    const { result } = renderStay(`checkIn=${day}&checkOut=${addDays(day, 70)}`, day);
    expect(result.current.stay).toMatchObject({ checkIn: day, checkOut: addDays(day, 70) });
    expect(result.current.moved).toBe(false);
  });
});
