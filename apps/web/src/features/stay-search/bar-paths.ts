/**
 * Where the booking bar and the phones' Reserve button show. The bar is hidden on /booking/
 * paths (spec section 2) and on the staff's walk-in booking, which have their own stay controls.
 */
export function showsBookingBar(pathname: string): boolean {
  return !pathname.startsWith('/booking/') && !pathname.startsWith('/guest/booking/');
}

/**
 * The pages where booking is the guest's next step: home, accommodation, the gallery, the blog
 * (its list and its posts) and the city page. Everywhere else (a form, a login card, the
 * profile, the 404 page, the rates page it leads to) the fixed button would only cover something.
 */
const RESERVE_PATHS = /^\/(?:accommodation|gallery|blog(?:\/[^/]+)?|our-city)?\/?$/;

export function showsReserveButton(pathname: string): boolean {
  return RESERVE_PATHS.test(pathname);
}
