import { z } from 'zod';

/**
 * Entities the news names (issue 26): companies, sites and places, each with facts dated by the stories that state
 * them. The JSON endpoints that the entity pages read, documented for teams that pull the same data.
 */

export const ENTITY_KINDS = ['company', 'site', 'place'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** A site's or project's status, in the order a project usually moves, then the events that interrupt it. */
export const ENTITY_STATUSES = [
  'disclosed',
  'zoning',
  'land-acquired',
  'permitting',
  'permitted',
  'construction',
  'operational',
  'paused',
  'cancelled',
  'outage',
  'sale',
  'financing',
] as const;
export type EntityStatus = (typeof ENTITY_STATUSES)[number];

export const CAPACITY_STAGES = ['announced', 'construction', 'live'] as const;
export type CapacityStage = (typeof CAPACITY_STAGES)[number];

/** `other`: a dated step the sentence sets for a plan or works ("construction begins in 2026", "from early 2026"). */
export const ENTITY_EVENT_KINDS = ['hearing', 'vote', 'commissioning', 'opening', 'deadline', 'other'] as const;
export type EntityEventKind = (typeof ENTITY_EVENT_KINDS)[number];

export const ENTITY_FACT_TYPES = ['capacity', 'investment', 'status', 'event-date'] as const;
export type EntityFactType = (typeof ENTITY_FACT_TYPES)[number];

/** An entity as a link: enough to name it and say what it is. */
export const entityRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(ENTITY_KINDS),
  /** ISO 3166 alpha-2, where known. */
  country: z.string().nullable(),
});
export type EntityRef = z.infer<typeof entityRefSchema>;

/** One outlet that stated a fact, with the address of its article when known. */
export const entityOutletSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string().nullable(),
});
export type EntityOutlet = z.infer<typeof entityOutletSchema>;

/** A fact about an entity as the news stated it: the sentence, its language, the story and the outlets. */
export const entityFactSchema = z.object({
  id: z.string(),
  type: z.enum(ENTITY_FACT_TYPES),
  /** When the first article that states it was published (ISO 8601). */
  statedAt: z.string(),
  storyId: z.string(),
  sentence: z.string(),
  language: z.string(),
  outlets: z.array(entityOutletSchema),
  mw: z.number().nullable(),
  stage: z.enum(CAPACITY_STAGES).nullable(),
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  /** The amount in US dollars at the rate of the publication's year (null: no rate known). */
  usd: z.number().nullable(),
  status: z.enum(ENTITY_STATUSES).nullable(),
  what: z.enum(ENTITY_EVENT_KINDS).nullable(),
  /** An event's date: `2027-03-12`, `2027-03` or `2027`. */
  eventDate: z.string().nullable(),
});
export type EntityFact = z.infer<typeof entityFactSchema>;

/** GET /api/entities/:id: the entity's page. */
export const entityDetailSchema = entityRefSchema.extend({
  aliases: z.array(z.string()),
  role: z.string().nullable(),
  /** Places: country, region or city. */
  level: z.string().nullable(),
  /** A merged id answers with the entity it was merged into: `id` is then that one's. */
  candidate: z.boolean(),
  /** The latest stated status and the latest figure per capacity stage and for investment (null: none stated). */
  current: z.object({
    status: entityFactSchema.nullable(),
    capacity: z.array(entityFactSchema),
    investment: entityFactSchema.nullable(),
  }),
  /** Every fact, newest first. */
  timeline: z.array(entityFactSchema),
  /** Operator <-> site <-> place, and the entities named most often in the same stories. */
  related: z.array(entityRefSchema.extend({ relation: z.enum(['operator', 'site', 'place', 'named-with']) })),
  /** Stories that name it, newest first (ids and titles; the story's facts are in the timeline). */
  stories: z.array(z.object({ id: z.string(), title: z.string(), publishedAt: z.string(), about: z.boolean() })),
  /** Whether the signed-in subscriber follows it. */
  followed: z.boolean(),
});
export type EntityDetail = z.infer<typeof entityDetailSchema>;

/** GET /api/entities?q=name (search in any language, by name or alias) and GET /api/entities/active (the week's most active). */
export const entityListItemSchema = entityRefSchema.extend({
  /** Stories that named it in the window (the week for /active, all time for a search). */
  stories: z.number().int(),
  /** Facts stated about it in the window. */
  facts: z.number().int(),
});
export type EntityListItem = z.infer<typeof entityListItemSchema>;
export const entityListSchema = z.array(entityListItemSchema);

export const entitySearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type a name to search for.').max(120, 'That name is too long.'),
  /** Only companies, sites or places. */
  kind: z.enum(ENTITY_KINDS, { error: 'kind: one of company, site, place' }).optional(),
});
export type EntitySearchQuery = z.infer<typeof entitySearchQuerySchema>;

/** GET /api/entities/active?kind=: the week's most active, optionally of one kind. */
export const entityActiveQuerySchema = entitySearchQuerySchema.pick({ kind: true });

/** An entity id in a path (seed ids are the gazetteer's keys; found ones are slugs): bounded, no slashes. */
export const ENTITY_ID_MAX = 80;

/** GET /api/follows: the entities the subscriber follows; PUT /api/follows/:entityId follows, DELETE unfollows. */
export const followSchema = entityRefSchema.extend({ followedAt: z.string() });
export type Follow = z.infer<typeof followSchema>;
export const followListSchema = z.array(followSchema);

/** The most entities one subscriber may follow. */
export const MAX_FOLLOWS = 100;
