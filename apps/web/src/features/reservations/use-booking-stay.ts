import { dmyToIso, isoToDmy } from '@residency/shared/dates';
import type { Guests } from '@residency/shared/guests';
import { useEffect, useMemo, useRef, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import {
  filterReducer,
  initialFilterState,
  selectGuests,
  selectStay,
  setCheckIn,
  setCheckOut,
  setGuests,
  type FilterState,
} from '../stay-search';
import { stayFromQuery, stayToQuery, type Stay } from '../../components/stay/stay-query';
import { keepStayCurrent } from '../../components/stay/stay-rules';

type StayAction = ReturnType<typeof setCheckIn> | ReturnType<typeof setCheckOut> | ReturnType<typeof setGuests>;

const asFilter = (stay: Stay): FilterState => ({
  ...initialFilterState(stay.checkIn),
  date: [isoToDmy(stay.checkIn), isoToDmy(stay.checkOut)],
  guests: { adults: stay.adults, children: stay.children },
});

/**
 * The stay of a booking page. It lives in the URL (`?checkIn=…&checkOut=…&adults=…&children=…`),
 * so a reload or the login round trip loses nothing, and in the shared filter state (in memory)
 * for the rest of the site. Changes follow the filter's rules (a later check-in moves check-out;
 * a check-out on or before check-in is ignored). A stay whose check-in is before `today` (an old
 * link, a page left open past midnight) is moved to start today with the same nights, and
 * `moved` says so until the guest changes the stay. With `skip` (a booking page whose URL holds
 * several rooms, not one stay) it reads and writes nothing.
 */
export function useBookingStay(today: string, { skip = false }: { skip?: boolean } = {}) {
  const [params, setParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const filterDates = useAppSelector(selectStay, shallowEqual);
  const filterGuests = useAppSelector(selectGuests);
  const fromUrl = useMemo(() => stayFromQuery(params), [params]);
  const stay: Stay = useMemo(
    () => fromUrl ?? { checkIn: filterDates.checkIn, checkOut: filterDates.checkOut, ...filterGuests },
    [fromUrl, filterDates.checkIn, filterDates.checkOut, filterGuests],
  );
  const synced = useRef(false);
  const [moved, setMoved] = useState(false);

  useEffect(() => {
    if (skip) return;
    // A past check-in never reaches the form: the moved stay replaces it in the URL (and so in
    // the filter, by the arrival step below, which runs again with the new URL).
    const current = keepStayCurrent(stay, today);
    if (current !== stay) {
      setMoved(true);
      synced.current = false;
      setParams(stayToQuery(current), { replace: true });
      return;
    }
    // Once, on arrival: the URL's stay joins the filter, or the filter's stay is written into the URL.
    if (synced.current) return;
    synced.current = true;
    if (fromUrl) {
      dispatch(setCheckIn(isoToDmy(fromUrl.checkIn)));
      dispatch(setCheckOut(isoToDmy(fromUrl.checkOut)));
      dispatch(setGuests({ adults: fromUrl.adults, children: fromUrl.children }));
    } else {
      setParams(stayToQuery(stay), { replace: true });
    }
  }, [skip, fromUrl, stay, today, dispatch, setParams]);

  const apply = (action: StayAction) => {
    const next = filterReducer(asFilter(stay), action);
    if (next.date.length === 0) return;
    setMoved(false);
    dispatch(action);
    setParams(
      stayToQuery({ checkIn: dmyToIso(next.date[0])!, checkOut: dmyToIso(next.date[1])!, ...next.guests }),
      { replace: true },
    );
  };

  return {
    stay,
    moved,
    onCheckIn: (iso: string) => apply(setCheckIn(isoToDmy(iso))),
    onCheckOut: (iso: string) => apply(setCheckOut(isoToDmy(iso))),
    onGuests: (guests: Guests) => apply(setGuests(guests)),
  };
}
