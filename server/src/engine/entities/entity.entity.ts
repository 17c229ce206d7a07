import { EntitySchema } from '@mikro-orm/core';
import { flatUUID } from '../../lib/ids.js';
import type { EventKind, Stage, Status } from './cues.js';
import type { EntityKind } from './seed.js';

/**
 * A company, site or place the news names: seeded from seed-entities.json, found as a candidate (a new name in
 * several stories and outlets), or merged into another (its id still resolves through `mergedInto`).
 */
export class Entity {
  id!: string;
  kind!: EntityKind;
  name!: string;
  aliases: string[] = [];
  role: string | null = null;
  level: string | null = null;
  country: string | null = null;
  /** Sites: the operating company and the place. */
  operatorId: string | null = null;
  placeId: string | null = null;
  common = false;
  status: 'candidate' | 'confirmed' = 'confirmed';
  origin: 'seed' | 'found' | 'operator' = 'seed';
  mergedInto: string | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

/** An entity named by an article of a story; `about`: one of the actors of its title or lead. */
export class EntityMention {
  id: string = flatUUID();
  entityId!: string;
  storyId!: string;
  /** Null for a candidate's sightings before it was one (the name was seen, not an entity). */
  articleId: string | null = null;
  about = false;
  /** The article's publication time. */
  publishedAt!: Date;
}

/**
 * A fact a story states about an entity: one row per entity, type, value and story, with the sentence of its first
 * article that states it and every outlet that does. `statedAt`: the first of those articles' publication times.
 */
export class EntityFact {
  id: string = flatUUID();
  entityId!: string;
  storyId!: string;
  type!: 'capacity' | 'investment' | 'status' | 'event-date';
  mw: number | null = null;
  stage: Stage | null = null;
  amount: number | null = null;
  currency: string | null = null;
  usd: number | null = null;
  status: Status | null = null;
  what: EventKind | null = null;
  /** An event's date: `2027-03-12`, `2027-03` or `2027`. */
  eventDate: string | null = null;
  statedAt!: Date;
  sentence!: string;
  language!: string;
  sourceIds: string[] = [];
  articleIds: string[] = [];
}

/** A name not known as an entity, seen in a story's title or lead: three stories and two outlets make a candidate. */
export class EntityNameSighting {
  id: string = flatUUID();
  key!: string;
  storyId!: string;
  sourceIds: string[] = [];
  seenAt!: Date;
}

export const EntitySchemaDef = new EntitySchema<Entity>({
  class: Entity,
  tableName: 'engine_entities',
  properties: {
    id: { type: 'string', length: 80, primary: true },
    kind: { type: 'string', length: 16, index: true },
    name: { type: 'string', length: 200 },
    aliases: { type: 'json' },
    role: { type: 'string', length: 32, nullable: true },
    level: { type: 'string', length: 16, nullable: true },
    country: { type: 'string', length: 8, nullable: true },
    operatorId: { type: 'string', length: 80, nullable: true },
    placeId: { type: 'string', length: 80, nullable: true },
    common: { type: 'boolean' },
    status: { type: 'string', length: 16, index: true },
    origin: { type: 'string', length: 16 },
    mergedInto: { type: 'string', length: 80, nullable: true, index: true },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime', onUpdate: () => new Date() },
  },
});

export const EntityMentionSchema = new EntitySchema<EntityMention>({
  class: EntityMention,
  tableName: 'engine_entity_mentions',
  properties: {
    id: { type: 'uuid', primary: true },
    entityId: { type: 'string', length: 80, index: true },
    storyId: { type: 'uuid', index: true },
    articleId: { type: 'uuid', nullable: true },
    about: { type: 'boolean' },
    publishedAt: { type: 'datetime', index: true },
  },
});

export const EntityFactSchema = new EntitySchema<EntityFact>({
  class: EntityFact,
  tableName: 'engine_entity_facts',
  properties: {
    id: { type: 'uuid', primary: true },
    entityId: { type: 'string', length: 80, index: true },
    storyId: { type: 'uuid', index: true },
    type: { type: 'string', length: 16 },
    mw: { type: 'double', nullable: true },
    stage: { type: 'string', length: 16, nullable: true },
    amount: { type: 'double', nullable: true },
    currency: { type: 'string', length: 8, nullable: true },
    usd: { type: 'double', nullable: true },
    status: { type: 'string', length: 16, nullable: true },
    what: { type: 'string', length: 16, nullable: true },
    eventDate: { type: 'string', length: 10, nullable: true, index: true },
    statedAt: { type: 'datetime', index: true },
    sentence: { type: 'text' },
    language: { type: 'string', length: 16 },
    sourceIds: { type: 'json' },
    articleIds: { type: 'json' },
  },
});

export const EntityNameSightingSchema = new EntitySchema<EntityNameSighting>({
  class: EntityNameSighting,
  tableName: 'engine_entity_names',
  uniques: [{ properties: ['key', 'storyId'] }],
  properties: {
    id: { type: 'uuid', primary: true },
    key: { type: 'string', length: 120, index: true },
    storyId: { type: 'uuid', index: true },
    sourceIds: { type: 'json' },
    seenAt: { type: 'datetime' },
  },
});

export const entityTables = [EntitySchemaDef, EntityMentionSchema, EntityFactSchema, EntityNameSightingSchema];
