import { JsonType, type EntityClass, type EntityKey, type EntityManager, type FilterQuery } from '@mikro-orm/core';
import type { QBQueryOrderMap, SqlEntityManager } from '@mikro-orm/knex';

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

/**
 * Rows of an entity's table as plain objects holding the named properties, each converted as the entity's would be
 * (JSON, dates, booleans), with no entity, hydration or identity map: for reading thousands of rows at once (an ingest
 * pass reads its articles back, docs/decisions/531).
 */
export async function plainRows<T extends object, K extends EntityKey<T>>(
  em: EntityManager,
  entity: EntityClass<T>,
  props: readonly K[],
  where: FilterQuery<T>,
  orderBy?: QBQueryOrderMap<T>,
): Promise<Array<Pick<T, K>>> {
  const meta = em.getMetadata().find<T>(entity)!;
  const columns = props.map((name) => {
    const prop = meta.properties[name];
    const convert =
      prop.customType instanceof JsonType
        ? fromRow.json
        : prop.runtimeType === 'Date'
          ? fromRow.date
          : prop.runtimeType === 'boolean'
            ? fromRow.bool
            : null;
    return { name, column: prop.fieldNames[0]!, convert };
  });
  const qb = (em as SqlEntityManager)
    .createQueryBuilder(entity)
    .select(columns.map((c) => c.column))
    .where(where);
  if (orderBy) qb.orderBy(orderBy);
  const rows: Array<Record<string, unknown>> = await qb.execute('all', false);
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const { name, column, convert } of columns) {
      const value = row[column];
      out[name] = value == null || !convert ? (value ?? null) : convert(value);
    }
    return out as Pick<T, K>;
  });
}
