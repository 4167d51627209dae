/**
 * Stay search, as other features see it: the stay being searched (dates, guests, room type),
 * which the booking pages read and write, so a guest's choice follows them to the booking form.
 * (A Book link reads it by its shape, components/stay/use-rates-href.ts, without loading it.)
 */
export {
  filterReducer,
  initialFilterState,
  selectGuests,
  selectStay,
  setCheckIn,
  setCheckOut,
  setGuests,
  type FilterState,
} from './filter-slice';
/**
 * A reservation of several rooms (issue 22): the rooms chosen on /view-rates travel to the booking
 * page in its URL, and both pages price them the same way.
 */
export { roomsFromQuery, roomsToQuery, type ChosenRoom } from './room-choice';
export { priceRooms, quoteForRoom, quotedStayPrice } from './room-price';
export { useRoomQuotes } from './use-room-quotes';
