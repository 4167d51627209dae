/**
 * The web app's allowed cross-feature imports, as [importer, imported]: features/<importer> may
 * import features/<imported> through the imported feature's index.ts. eslint.config.js ("Web app
 * layers") closes every other pair of features. Why each pair is allowed is the table "Allowed
 * pairs" of docs/decisions/0007-web-layers.md; apps/web/src/web-layers.test.ts fails when that
 * table and this list differ, so change both together.
 * @type {ReadonlyArray<readonly [string, string]>}
 */
export const WEB_FEATURE_PAIRS = [
  ['dashboard', 'channels'],
  ['dashboard', 'reservations'],
  ['home', 'blogs'],
  ['housekeeping', 'blocks'],
  ['housekeeping', 'rooms'],
  ['night-audit', 'reservations'],
  ['reservations', 'audit'],
  ['reservations', 'blocks'],
  ['reservations', 'coupons'],
  ['reservations', 'guest-register'],
  ['reservations', 'stay-search'],
  ['rooms', 'audit'],
  ['rooms', 'blocks'],
  ['services', 'reservations'],
  ['users', 'audit'],
  ['users', 'auth'],
];
