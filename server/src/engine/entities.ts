import { entityTables } from './entities/entity.entity.js';
import { ArticleSchema } from './model/article.entity.js';
import { SourceSchema } from './model/source.entity.js';
import { StorySchema } from './model/story.entity.js';
import { TranslationCacheEntrySchema } from './model/translation.entity.js';

/** The engine's tables, registered by the server next to its own entities. */
export const engineEntities = [SourceSchema, ArticleSchema, StorySchema, TranslationCacheEntrySchema, ...entityTables];
