import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122064627 } from './sqlite/Migration20261122064627.js';

const lists: Record<'sqlite' | 'postgresql', MigrationObject[]> = {
  sqlite: [{ name: 'Migration20261122064627', class: Migration20261122064627 }],
  postgresql: [],
};

/** The committed migrations of a dialect, in order. New migrations are appended here. */
export function migrationsFor(dialect: 'sqlite' | 'postgresql'): MigrationObject[] {
  return lists[dialect];
}
