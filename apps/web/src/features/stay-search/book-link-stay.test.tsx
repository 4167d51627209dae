import { addDays, isoToDmy, todayAt } from '@residency/shared/dates';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../test/store';
import { useRatesHref } from '../../components/stay/use-rates-href';
import { getSite } from '../../lib/site';
import { setCheckOut, setGuests } from './filter-slice';

/** Book links (components/stay/use-rates-href.ts) read this slice's state by its shape: the two must agree. */
describe('a Book link and the stay picked in the booking bar', () => {
  it('carries the dates and guests the guest picked', () => {
    const { store } = makeStore();
    const today = todayAt(getSite().timeZone);
    store.dispatch(setCheckOut(isoToDmy(addDays(today, 3))));
    store.dispatch(setGuests({ adults: 2, children: 1 }));
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result } = renderHook(() => useRatesHref('Deluxe King'), { wrapper });
    expect(result.current).toBe(`/view-rates?checkIn=${today}&checkOut=${addDays(today, 3)}&adults=2&children=1&category=Deluxe%20King`);
  });
});
