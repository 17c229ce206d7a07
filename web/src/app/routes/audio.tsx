import { useParams } from 'react-router';
import { hasPremiumAccess } from '@dcbrief/shared';
import { BackLink } from '@/components/back-link';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { OfflineCopyBanner } from '@/components/offline-copy-banner';
import { PageShell } from '@/components/layout/page-shell';
import { episodesQueryKey, useEpisodes } from '@/features/audio/api/get-episodes';
import { AudioLibrary, AudioOffNotice, EpisodeSpotlight, PodcastFeedCard } from '@/features/audio/components/audio-library';
import { UpgradeNotice } from '@/features/audio/components/upgrade-notice';
import { useSignedInPage } from '@/hooks/use-signed-in-page';

/**
 * /audio: the Audio Library and the private podcast feed (active premium only); /audio/:id (the premium
 * email's "Listen (N min)") puts that episode first, ready to play.
 */
export default function AudioRoute() {
  const { id } = useParams();
  const { user, isLoading } = useSignedInPage();
  const premium = hasPremiumAccess(user);
  const episodes = useEpisodes({ enabled: premium });
  if (!user) return <FullPageSpinner label={isLoading ? 'Loading your audio' : 'Redirecting to sign in'} />;
  return (
    <PageShell>
      <BackLink className="mb-6" />
      <OfflineCopyBanner queryKeys={[episodesQueryKey]} />
      {premium ? (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="grid content-start gap-6 lg:col-span-2">
            {!user.preferences.audio.enabled && <AudioOffNotice />}
            {id && <EpisodeSpotlight digestId={id} episodes={episodes.data} isLoading={episodes.isLoading} />}
            <AudioLibrary episodes={episodes.data} isLoading={episodes.isLoading} />
          </div>
          <PodcastFeedCard />
        </div>
      ) : (
        <UpgradeNotice />
      )}
    </PageShell>
  );
}
