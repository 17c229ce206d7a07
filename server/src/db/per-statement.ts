/**
 * Rows or ids per SQL statement in a pass: SQLite allows at most 500 terms in the compound SELECT that
 * knex inserts many rows with, and both databases bound the parameters of one statement.
 */
export const PER_STATEMENT = 500;

/** `items` in consecutive slices of at most `size` (PER_STATEMENT; fewer for wide rows), one statement each. */
export function* perStatement<T>(items: readonly T[], size = PER_STATEMENT): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
