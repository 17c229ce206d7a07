import { randomUUID } from 'node:crypto';
import { EntitySchema } from '@mikro-orm/core';

/** A translation done once: keyed by provider, language pair and a hash of the source text. */
export class TranslationCacheEntry {
  id: string = randomUUID();
  key!: string;
  provider!: string;
  fromLanguage!: string;
  toLanguage!: string;
  text!: string;
  createdAt: Date = new Date();
}

export const TranslationCacheEntrySchema = new EntitySchema<TranslationCacheEntry>({
  class: TranslationCacheEntry,
  tableName: 'engine_translations',
  properties: {
    id: { type: 'uuid', primary: true },
    key: { type: 'string', length: 64, unique: true },
    provider: { type: 'string', length: 32 },
    fromLanguage: { type: 'string', length: 16 },
    toLanguage: { type: 'string', length: 16 },
    text: { type: 'text' },
    createdAt: { type: 'datetime' },
  },
});
