import type { TStayQuote } from '@residency/shared';
import { useGetStayQuoteQuery } from '../../lib/rates-api';
import type { ChosenRoom } from './room-choice';
import { quoteForRoom } from './room-price';

type QuotedPlan = TStayQuote['plans'][number];
type PlanQuote = NonNullable<QuotedPlan['quote']>;

/** A chosen room's plan and its price for the stay, moved to that very room (its supplement). */
export interface RoomQuote {
  plan: QuotedPlan;
  /** Null when a rule of the plan closes it for these dates (`plan.refusal` says which). */
  quote: PlanQuote | null;
  /** Every plan the room's type offers for the stay (a one-room booking chooses among them). */
  plans: QuotedPlan[];
}

/** Every guest count one room may hold (spec: 1-3 adults, 0-2 children, 3 in all). */
const OCCUPANCIES = [
  [1, 0],
  [2, 0],
  [3, 0],
  [1, 1],
  [2, 1],
  [1, 2],
] as const;

/**
 * The quote of each chosen room (`GET /api/rates/quote`, one call per guest count in use, for
 * every room type at once): `undefined` while it loads, `null` when its type or plan is not
 * offered for the stay, else its plan and price. The quote prices each type's cheapest free room;
 * a room dearer than that (its supplement) is priced as itself, as the server will, with
 * `priceOf` (a room's price by id).
 */
export function useRoomQuotes(
  stay: { checkIn: string; checkOut: string },
  rooms: readonly ChosenRoom[],
  priceOf: (roomId: string) => number | undefined,
  { skip = false, desk = false }: { skip?: boolean; desk?: boolean } = {},
) {
  const queries = OCCUPANCIES.map(([adults, children]) =>
    // A fixed list of calls (one per guest count), so the hooks run in the same order every time.
    // eslint-disable-next-line react-hooks/rules-of-hooks
    useGetStayQuoteQuery(
      { checkIn: stay.checkIn, checkOut: stay.checkOut, adults, children, ...(desk ? { desk: '1' as const } : {}) },
      { skip: skip || !rooms.some((r) => r.adults === adults && r.children === children) },
    ),
  );
  const queryOf = (room: ChosenRoom) => queries[OCCUPANCIES.findIndex(([a, c]) => a === room.adults && c === room.children)];
  const quotes = rooms.map((room): RoomQuote | null | undefined => {
    const query = queryOf(room);
    if (!query?.data || query.isFetching) return query?.isError ? null : undefined;
    const type = query.data.data.find((q) => q.category === room.category);
    const plan = type?.plans.find((p) => p.code === room.plan);
    if (!type || !plan) return null;
    if (!plan.quote) return { plan, quote: null, plans: type.plans };
    const own = priceOf(room.roomId);
    const cheapest = priceOf(type.roomId);
    return { plan, quote: quoteForRoom(plan.quote, own !== undefined && cheapest !== undefined ? own - cheapest : 0), plans: type.plans };
  });
  const used = rooms.map(queryOf);
  return {
    quotes,
    fetching: used.some((q) => q?.isFetching),
    error: used.some((q) => q?.isError),
    refetch: () => used.forEach((q) => q && !q.isUninitialized && void q.refetch()),
  };
}
