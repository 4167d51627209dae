import type { TSiteInfo } from '@residency/shared';

/** Used until the server's facts arrive (only in the Vite dev server, which has no injected config). */
const FALLBACK: TSiteInfo = {
  name: 'Residency',
  email: 'hello@residency.local',
  phone: '+880 1711-000000',
  address: 'House 12, Road 71, Gulshan 2, Dhaka 1212, Bangladesh',
  addressBn: 'বাড়ি ১২, রোড ৭১, গুলশান ২, ঢাকা ১২১২, বাংলাদেশ',
  instagramUrl: 'https://www.instagram.com/',
  facebookUrl: 'https://www.facebook.com/',
  timeZone: 'Asia/Dhaka',
  checkInTime: '14:00',
  guestCancelHours: 48,
  bookingHorizonDays: 730,
  vatPercent: 15,
  serviceChargePercent: 10,
  googleSignIn: false,
  onlinePayment: { gateways: [], holdMinutes: 20 },
};

let site: TSiteInfo | undefined;

/**
 * The hotel's public facts. The server writes them into index.html
 * (`<script type="application/json" id="site-config">`), so the header and footer paint at once.
 */
export function getSite(): TSiteInfo {
  if (site) return site;
  const node = typeof document !== 'undefined' ? document.getElementById('site-config') : null;
  try {
    site = node?.textContent ? { ...FALLBACK, ...(JSON.parse(node.textContent) as TSiteInfo) } : FALLBACK;
  } catch {
    site = FALLBACK;
  }
  return site;
}

/**
 * The hotel's address in the page's language: HOTEL_ADDRESS_BN on Bengali pages (the server sends
 * the English one when none is set; a page built before the setting existed has none at all).
 */
export function siteAddress(site: TSiteInfo, lng: string | undefined): string {
  return lng === 'bn' && site.addressBn ? site.addressBn : site.address;
}

/** In the dev server the facts come from the API instead. */
export async function loadSiteInDevelopment(): Promise<void> {
  if (document.getElementById('site-config')) return;
  try {
    const res = await fetch('/api/site');
    if (res.ok) site = { ...FALLBACK, ...((await res.json()) as { data: TSiteInfo }).data };
  } catch {
    // The fallback stays: the page still works without the API.
  }
}
