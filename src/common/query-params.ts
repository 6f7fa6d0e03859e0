import * as z from 'zod/mini';

/**
 * Pieces of the schemas that read a query string (Hono's validator hands a parameter that came
 * more than once as a list of its values).
 */

/** The first value of a query parameter that came more than once. */
export const firstOf = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** `schema` applied to the value as `prepare` leaves it. */
export const preprocessed = <T extends z.ZodMiniType>(prepare: (value: unknown) => unknown, schema: T) => z.pipe(z.transform(prepare), schema);

/** A whole number in a query string (blank is unset), at least `min`; cut to `max`. */
export const wholeNumberParam = (min: number, max = Infinity) =>
  preprocessed(
    (value) => {
      const first = firstOf(value);
      return typeof first === 'string' && first.trim() === '' ? undefined : first;
    },
    z.optional(z.pipe(z.pipe(z.pipe(z.string().check(z.regex(/^\s*-?\d+\s*$/)), z.transform(Number)), z.number().check(z.gte(min))), z.transform((value) => Math.min(value, max)))),
  );

/** Seconds (a finite number, at least 0) in a query string; a missing or blank one is `unset`, or refused without it. */
export const secondsParam = (unset?: number) =>
  preprocessed((value) => {
    const first = firstOf(value);
    return first === undefined || (typeof first === 'string' && first.trim() === '') ? (unset ?? NaN) : Number(first);
  }, z.number().check(z.gte(0)));
