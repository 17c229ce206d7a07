/**
 * Every key of the query cache, in one place. A key is the segments of the GET address it caches (the default
 * query function, lib/queryClient.ts, joins them with '/'), so the api files build their query options from
 * these and every write to the cache names them here instead of spelling an address again. Invalidation
 * matches by prefix: `digests` also refreshes each digest, the stats and the searches.
 */
export const queryKeys = {
  currentUser: ['/api/auth/user'],
  publicConfig: ['/api/config'],
  digests: ['/api/digests'],
  digest: (id: string) => ['/api/digests', id] as const,
  /** Under the digests' key, so whatever refreshes the digest list refreshes these figures too. */
  digestStats: ['/api/digests', 'stats'],
  /** Read with its own query function (GET /api/digests?q=), kept under the digests' key. */
  digestSearch: (query: string) => ['/api/digests', 'search', query] as const,
  /** GET /api/entities/:id; the week's list is `active` under the same key, so refreshing entities refreshes both. */
  entities: ['/api/entities'],
  entity: (id: string) => ['/api/entities', id] as const,
  activeEntities: ['/api/entities', 'active'],
  /** Read with its own query function (GET /api/entities?q=), kept under the entities' key. */
  entitySearch: (query: string) => ['/api/entities', 'search', query] as const,
  /** GET /api/follows: the entities the subscriber follows. */
  follows: ['/api/follows'],
  feedback: ['/api/feedback'],
  episodes: ['/api/audio/episodes'],
  audioFeed: ['/api/audio/feed'],
  calendarFeed: ['/api/calendar'],
  /** Under the follows' key: following one refreshes what is still suggested. */
  followSuggestions: ['/api/follows', 'suggestions'],
  followAlerts: ['/api/follow-alerts'],
} as const;
