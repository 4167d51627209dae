/**
 * Blocks, as other features see them (issue 20): nights a room is not for sale without a guest of
 * ours. The reservations screen lists them ("Rooms not for sale", bookings); housekeeping shows
 * each room's and closes a room for some nights (housekeeping).
 */
export { BlocksSection } from './components/blocks-section';
export { CloseRoomModal, type RoomToClose } from './components/close-room-modal';
export { RoomBlocks } from './components/room-blocks';
export { useRoomBlocks } from './use-room-blocks';
