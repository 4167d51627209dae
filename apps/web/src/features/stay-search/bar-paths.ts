/**
 * Where the booking bar and the phones' Reserve button show. The bar is hidden on /booking/
 * paths (spec section 2) and on the staff's walk-in booking, which have their own stay controls;
 * the Reserve button leads to /view-rates, so it is not shown there nor while booking.
 */
export function showsBookingBar(pathname: string): boolean {
  return !pathname.startsWith('/booking/') && !pathname.startsWith('/guest/booking/');
}

export function showsReserveButton(pathname: string): boolean {
  return showsBookingBar(pathname) && pathname !== '/booking' && !pathname.startsWith('/view-rates');
}
