import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFilterCategory, useFilterStay } from '../use-filter-stay';
import { ratesHref } from '../../../components/stay/rates-url';
import { SearchIcon } from '../../../components/stay/stay-icons';
import { StayFields } from '../../../components/stay/stay-fields';

/**
 * The booking bar of large screens (spec section 2): check-in and check-out pop-ups, the guest
 * picker and Check Availability, which opens /view-rates. Everything it changes goes to the
 * shared filter state, and the search to the address of /view-rates. Loaded after the page is
 * idle, into a slot of the same height.
 */
export default function BookingBar() {
  const { t } = useTranslation('stay-search');
  const navigate = useNavigate();
  const stay = useFilterStay();
  const category = useFilterCategory();

  return (
    <div className="container-page flex h-full items-center">
      <form
        role="search"
        aria-label={t('bar.label')}
        data-testid="booking-bar"
        className="flex h-16 w-full items-stretch gap-2 rounded-2xl bg-white p-1.5 shadow-sm ring-1 ring-slate-200"
        onSubmit={(event) => {
          event.preventDefault();
          // The search goes into the address: a reload or a shared link keeps it.
          navigate(ratesHref({ stay: { checkIn: stay.checkIn, checkOut: stay.checkOut }, guests: stay.guests, category }, stay.today));
        }}
      >
        <StayFields {...stay} variant="bar" />
        <button type="submit" className="btn-gold shrink-0 px-7 text-base" data-testid="check-availability">
          <SearchIcon className="h-5 w-5" />
          {t('bar.checkAvailability')}
        </button>
      </form>
    </div>
  );
}
