import { lazy, Suspense, useEffect, useState } from 'react';
import { afterFirstPaint } from '../../../lib/after-first-paint';
import { useMediaQuery } from '../../../lib/use-media-query';
import { showsBookingBar, showsReserveButton } from '../bar-paths';
import { useReserveButtonHidden } from '../reserve-visibility';

// Neither is part of the first paint: each is its own chunk, fetched after it.
const BookingBar = lazy(() => import('./booking-bar'));
const ReserveButton = lazy(() => import('./reserve-button'));

/**
 * The booking bar's place under the header on large screens (≥ 1024 px): its height is kept
 * from the first paint, so nothing moves when the bar arrives after it. On smaller screens, the
 * Reserve button instead (fixed, so it moves nothing either), on the pages where booking is the
 * next step, unless the page shown there is the 404 page (an unknown blog post).
 */
export function BookingBarSlot({ pathname }: { pathname: string }) {
  const wide = useMediaQuery('(min-width: 1024px)');
  const [painted, setPainted] = useState(false);
  const reserveHidden = useReserveButtonHidden();
  useEffect(() => afterFirstPaint(() => setPainted(true)), []);
  return (
    <>
      {showsBookingBar(pathname) && (
        <div className="relative z-30 hidden h-[5.5rem] border-y border-slate-200 bg-sand-100 lg:block" data-testid="booking-bar-slot">
          {wide && painted && (
            <Suspense fallback={null}>
              <BookingBar />
            </Suspense>
          )}
        </div>
      )}
      {!wide && painted && !reserveHidden && showsReserveButton(pathname) && (
        <Suspense fallback={null}>
          <ReserveButton />
        </Suspense>
      )}
    </>
  );
}
