import { z } from 'zod';
import { entityRefSchema } from './entities.js';

/**
 * GET /api/follows/suggestions: entities named in the subscriber's saved Additional Notes that they do not follow
 * yet, in the order they were typed, each with the words that named it. Offered to confirm, never followed unasked.
 */
export const followSuggestionSchema = entityRefSchema.extend({ matched: z.string() });
export type FollowSuggestion = z.infer<typeof followSuggestionSchema>;
export const followSuggestionListSchema = z.array(followSuggestionSchema);

/** The most suggestions offered at once. */
export const MAX_FOLLOW_SUGGESTIONS = 10;
