/**
 * The guest register (issue 34), as other features see it: the desk's check-in with the
 * registration cards (the reservations' desk actions open it) and the cards of any stay (the
 * booking's details).
 */
export { RegistrationDialog } from './components/registration-dialog';
export { GuestRegisterForm } from './components/guest-register-form';
export { RegistrationTag } from './components/registration-tag';
export { registrationMissingOf } from './registration-refusal';
