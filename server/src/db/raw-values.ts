/**
 * Column values of plain rows (query builder results without entities, on the hot paths of delivery), the
 * same on both dialects: SQLite hands back JSON as text, datetimes as epoch milliseconds (how MikroORM
 * stores them there) and booleans as 0 and 1; PostgreSQL as values, Dates and booleans.
 */
export const fromRow = {
  json<T>(value: unknown): T {
    return (typeof value === 'string' ? JSON.parse(value) : value) as T;
  },
  date(value: unknown): Date {
    if (value instanceof Date) return value;
    if (typeof value === 'string' && /^\d+$/.test(value)) return new Date(Number(value));
    return new Date(value as number | string);
  },
  bool(value: unknown): boolean {
    return value === true || value === 1 || value === '1' || value === 't';
  },
};
