import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FollowSuggestion } from '@dcbrief/shared';
import { queryKeys } from '@/lib/query-keys';

const followSuggestionsQueryOptions = queryOptions<FollowSuggestion[]>({ queryKey: queryKeys.followSuggestions });

/** Entities named in the saved Additional Notes that the subscriber does not follow yet. */
export function useFollowSuggestions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...followSuggestionsQueryOptions, enabled });
}
