import type { EntityManager } from '@mikro-orm/core';

/** The ids of the entities a subscriber follows (the follows table arrives with the follows module). */
export async function followedEntityIds(_em: EntityManager, _userId: string): Promise<string[]> {
  return [];
}
