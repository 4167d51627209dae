import { isoToDmy } from '@residency/shared/dates';
import { GUESTS, type Guests } from '@residency/shared/guests';
import { useEffect } from 'react';
import { shallowEqual } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { categoryName as localName } from '../../lib/category-texts';
import { formatNumber } from '../../lib/format';
import { useGetShownCategoriesQuery } from '../../lib/categories-api';
import type { StayFieldsProps } from '../../components/stay/stay-fields';
import { injectedFilters, refreshStay, selectGuests, selectStay, setCheckIn, setCheckOut, setGuests } from './filter-slice';
import { guestMaxima } from '../../components/stay/guest-rules';
import { useHotelToday } from '../../components/stay/use-hotel-today';

/** The category chosen in the filter (one at a time), or undefined. */
export function useFilterCategory(): string | undefined {
  return useAppSelector((state) => injectedFilters.selectSlice(state).categories[0]);
}

/**
 * The stay controls bound to the shared filter state (dates DD-MM-YYYY with the filter's rules,
 * guests committed by Done), with the guest maximums of the category chosen in the filter. A
 * stay whose check-in has passed (the day changed while the tab stayed open) is moved to today.
 */
export function useFilterStay(): Omit<StayFieldsProps, 'variant'> {
  const { t, i18n } = useTranslation('stay-search');
  const lng = i18n.resolvedLanguage ?? 'en';
  const dispatch = useAppDispatch();
  const today = useHotelToday();
  // The stay is read moved already (selectStay); this writes the move into the filter, so that
  // the next date picked is compared with the stay on screen.
  useEffect(() => {
    dispatch(refreshStay(today));
  }, [dispatch, today]);
  const { checkIn, checkOut } = useAppSelector(selectStay, shallowEqual);
  const guests = useAppSelector(selectGuests);
  const categoryName = useFilterCategory();
  // The guests' list, as the rate chips use (a category guests cannot book has no limits to show).
  const { data } = useGetShownCategoriesQuery(undefined, { skip: !categoryName });
  const category = categoryName ? data?.data.find((c) => c.name === categoryName) : undefined;
  const maxima = guestMaxima(category?.beds_and_bedding);
  const limited = maxima.adults < GUESTS.adults.max || maxima.children < GUESTS.children.max || maxima.total < GUESTS.maxTotal;
  const n = (value: number) => formatNumber(value, lng);

  return {
    checkIn,
    checkOut,
    guests,
    today,
    maxima,
    limitNote:
      category && limited
        ? t('guests.categoryNote', {
            name: localName(category, lng),
            adults: n(maxima.adults),
            children: n(maxima.children),
            total: n(maxima.total),
          })
        : undefined,
    onCheckIn: (iso: string) => dispatch(setCheckIn(isoToDmy(iso))),
    onCheckOut: (iso: string) => dispatch(setCheckOut(isoToDmy(iso))),
    onGuests: (value: Guests) => dispatch(setGuests(value)),
  };
}
