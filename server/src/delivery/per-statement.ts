/**
 * Rows or ids per SQL statement in a pass: SQLite allows at most 500 terms in the compound SELECT that
 * knex inserts many rows with, and both databases bound the parameters of one statement.
 */
export const PER_STATEMENT = 500;

/** `items` in consecutive slices of at most PER_STATEMENT, one statement each. */
export function* perStatement<T>(items: readonly T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += PER_STATEMENT) yield items.slice(i, i + PER_STATEMENT);
}
