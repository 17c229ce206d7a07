import { BellPlus, Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { serverErrorMessage } from '@/lib/api-error';
import { useFollowEntity } from '../api/follow-entity';

/** Follow / Following: a toggle that says which it is (aria-pressed), and says so when the server refuses. */
export function FollowButton({ entityId, name, followed }: { entityId: string; name: string; followed: boolean }) {
  const follow = useFollowEntity(entityId);
  return (
    <Button
      variant={followed ? 'outline' : 'default'}
      aria-pressed={followed}
      disabled={follow.isPending}
      onClick={() =>
        follow.mutate(!followed, {
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: followed ? 'Could not unfollow' : 'Could not follow',
              description: serverErrorMessage(error) ?? `Please try again to ${followed ? 'unfollow' : 'follow'} ${name}.`,
            }),
        })
      }
    >
      {followed ? <Check aria-hidden="true" /> : <BellPlus aria-hidden="true" />}
      {followed ? 'Following' : 'Follow'}
    </Button>
  );
}
