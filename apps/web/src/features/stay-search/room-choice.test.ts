import { describe, expect, it } from 'vitest';
import { guestTotals, nextFreeRoom, RESERVATION_ROOMS_MAX, roomsFromQuery, roomsToQuery, type ChosenRoom } from './room-choice';

const room = (roomId: string, over: Partial<ChosenRoom> = {}): ChosenRoom => ({ roomId, category: 'Deluxe King', plan: 'STD', adults: 2, children: 0, ...over });
const stay = { checkIn: '2027-03-01', checkOut: '2027-03-03' };

describe('the rooms of a reservation in the booking page’s URL', () => {
  it('round-trips every room, its plan and guests, and a room type with spaces', () => {
    const rooms = [room('a'), room('b', { category: 'Family Room', plan: 'BB', adults: 1, children: 2 })];
    const query = roomsToQuery({ ...stay, rooms });
    expect(roomsFromQuery(new URLSearchParams(query))).toEqual({ ...stay, rooms });
  });

  it('refuses what the server would: guests beyond a room’s limits, no room, too many, a room twice, dates out of order', () => {
    const read = (rooms: ChosenRoom[], dates = stay) => roomsFromQuery(new URLSearchParams(roomsToQuery({ ...dates, rooms })));
    expect(read([room('a', { adults: 4 })])).toBeNull();
    expect(read([room('a', { adults: 2, children: 2 })])).toBeNull();
    expect(read([room('a', { adults: 0, children: 1 })])).toBeNull();
    expect(read([])).toBeNull();
    expect(read(Array.from({ length: RESERVATION_ROOMS_MAX + 1 }, (_, i) => room(`r${i}`)))).toBeNull();
    expect(read(Array.from({ length: RESERVATION_ROOMS_MAX }, (_, i) => room(`r${i}`)))?.rooms).toHaveLength(RESERVATION_ROOMS_MAX);
    expect(read([room('a'), room('a')])).toBeNull();
    expect(read([room('a')], { checkIn: '2027-03-03', checkOut: '2027-03-03' })).toBeNull();
    expect(roomsFromQuery(new URLSearchParams(`checkIn=2027-03-01&checkOut=2027-03-02&room=a~STD~x~0~King`))).toBeNull();
  });
});

describe('choosing rooms', () => {
  const free = [{ _id: 'a' }, { _id: 'b' }] as never[];
  it('adds the first free room of the type not chosen yet, none once all are chosen or the reservation is full', () => {
    expect(nextFreeRoom(free, [])).toEqual({ _id: 'a' });
    expect(nextFreeRoom(free, [room('a')])).toEqual({ _id: 'b' });
    expect(nextFreeRoom(free, [room('a'), room('b')])).toBeUndefined();
    expect(nextFreeRoom(free, Array.from({ length: RESERVATION_ROOMS_MAX }, (_, i) => room(`x${i}`)))).toBeUndefined();
  });

  it('counts the guests of all rooms', () => {
    expect(guestTotals([room('a'), room('b', { adults: 1, children: 2 })])).toEqual({ adults: 3, children: 2 });
  });
});
