import { Check, Plus, UserRoundSearch } from 'lucide-react';
import { TitledCard } from '@/components/titled-card';
import { Button } from '@/components/ui/button';
import { useFollowEntity } from '../api/follow-entity';
import { useFollowSuggestions } from '../api/get-follow-suggestions';

/**
 * The entities the saved Additional Notes name, offered to follow: the subscriber confirms each one, nothing is
 * followed unasked. Shown only when there is something to suggest.
 */
export function SuggestedFollowsCard({ enabled }: { enabled: boolean }) {
  const suggestions = useFollowSuggestions({ enabled });
  const follow = useFollowEntity();
  const list = suggestions.data ?? [];
  if (!list.length) return null;
  return (
    <TitledCard
      icon={UserRoundSearch}
      title="Suggested follows"
      description="Named in your Additional Notes. Follow one to get its stories first and be told what changed."
    >
      <ul className="grid gap-2">
        {list.map((s) => {
          const pending = follow.isPending && follow.variables === s.id;
          return (
            <li key={s.id} className="flex items-center justify-between gap-3">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">{s.name}</span>{' '}
                <span className="text-xs text-slate-600">
                  {s.kind}
                  {s.matched.toLowerCase() !== s.name.toLowerCase() ? ` · you wrote "${s.matched}"` : ''}
                </span>
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={pending}
                aria-label={`Follow ${s.name}`}
                onClick={() => follow.mutate(s.id)}
              >
                {pending ? <Check aria-hidden="true" /> : <Plus aria-hidden="true" />}
                Follow
              </Button>
            </li>
          );
        })}
      </ul>
      {follow.isError && <p className="mt-2 text-sm text-red-700">{follow.error.message}</p>}
    </TitledCard>
  );
}
