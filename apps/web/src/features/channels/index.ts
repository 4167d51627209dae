/** What the Channels feature offers others: the open conflicts, and a channel stay's words. */
export { ConflictsSection } from './components/conflicts-section';
export { BlockReservationModal } from './components/block-reservation-modal';
export { useChannelTexts } from './channel-texts';
export { useGetConflictsQuery } from './api';
