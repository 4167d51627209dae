import { z } from 'zod';

/*
 * Amounts of Taka as requests send them: the folio's rule, shared by every contract that takes
 * money (payments and refunds, rates and plans, the desk's night prices). The database keeps
 * two decimals (numeric(12,2)), so an amount with more, or a positive one below one paisa
 * (1e-9, 5e-324), used to be stored rounded (৳0.00) with a 200. Such an amount is a client's
 * mistake, refused with 400 and a message.
 */

/**
 * Whether a number has at most two decimals: whole paisa of an amount, or hundredths of a
 * percentage. The tolerance allows the binary noise of a decimal typed in a form (0.1 + 0.2).
 */
export const hasPaisaAtMost = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

export const AMOUNT_BELOW_PAISA_MESSAGE = 'The amount must be at least one paisa (৳0.01).';
export const AMOUNT_DECIMALS_MESSAGE = 'An amount has at most two decimals (paisa).';
export const MINUS_ZERO_MESSAGE = 'Write 0 without a minus sign.';
const PERCENT_DECIMALS_MESSAGE = 'A percentage has at most two decimals.';

/** Whether `value` is none, or at least one paisa either way: 1e-9 is neither. */
const zeroOrPaisa = (value: number) => value === 0 || Math.abs(value) >= 0.01;

/**
 * A number of Taka: `min` to `max`, whole paisa, never a fraction of a paisa or −0 (JSON has
 * `-0`, and it reads as a minus sign the person did not mean). `message` answers a missing or
 * non-number value.
 */
export function zTaka(options: { message: string; min: number; max: number; minMessage?: string; maxMessage?: string }) {
  return z
    .number({ message: options.message })
    .min(options.min, options.minMessage ?? (options.min === 0 ? 'Not below 0.' : `At least ${options.min}.`))
    .max(options.max, options.maxMessage ?? 'This amount is too large.')
    .refine((v) => !Object.is(v, -0), MINUS_ZERO_MESSAGE)
    .refine(zeroOrPaisa, AMOUNT_BELOW_PAISA_MESSAGE)
    .refine((v) => !zeroOrPaisa(v) || hasPaisaAtMost(v), AMOUNT_DECIMALS_MESSAGE);
}

/** A percentage from `min` to `max` with at most two decimals (plans keep hundredths of a percent). */
export function zPercent(options: { min: number; max: number; message: string }) {
  return z.number().min(options.min, options.message).max(options.max, options.message).refine(hasPaisaAtMost, PERCENT_DECIMALS_MESSAGE);
}
