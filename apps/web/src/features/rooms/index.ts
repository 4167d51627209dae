/**
 * Rooms, as other features see it: changing a room's status (housekeeping). The reads of rooms
 * are lib's (lib/rooms-api.ts): most features show rooms.
 */
export { useUpdateRoomMutation } from './api';
