import type { EntityManager } from '@mikro-orm/core';

/** True on PostgreSQL (several servers, one database), false on the embedded SQLite file. */
export function isPostgreSql(em: EntityManager): boolean {
  return em.getPlatform().constructor.name.includes('Postgre');
}
