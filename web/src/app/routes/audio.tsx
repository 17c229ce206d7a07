import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { hasPremiumAccess, type Episode } from '@dcbrief/shared';
import { paths } from '@/app/paths';
import { BackLink } from '@/components/back-link';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { OfflineCopyBanner } from '@/components/offline-copy-banner';
import { PageShell } from '@/components/layout/page-shell';
import { useEpisodes } from '@/features/audio/api/get-episodes';
import { AudioLibrary, AudioOffNotice, EpisodeSpotlight, PodcastFeedCard } from '@/features/audio/components/audio-library';
import { useAudioPlayer } from '@/features/audio/hooks/use-audio-player';
import { UpgradeNotice } from '@/features/audio/components/upgrade-notice';
import { useSignedInPage } from '@/hooks/use-signed-in-page';
import { queryKeys } from '@/lib/query-keys';

/**
 * /audio: the Audio Library and the private podcast feed (active premium only); /audio/:id (the premium
 * email's "Listen (N min)") puts that episode first, ready to play; /audio?play=latest (the desktop tray's
 * Listen) starts the newest ready episode and then shows it as /audio/:id.
 */
export default function AudioRoute() {
  const { id } = useParams();
  const { user, isLoading } = useSignedInPage();
  const premium = hasPremiumAccess(user);
  const episodes = useEpisodes({ enabled: premium });
  usePlayLatest(episodes.data);
  if (!user) return <FullPageSpinner label={isLoading ? 'Loading your audio' : 'Redirecting to sign in'} />;
  return (
    <PageShell>
      <BackLink className="mb-6" />
      <OfflineCopyBanner queryKeys={[queryKeys.episodes]} />
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

/** `?play=latest`: plays the newest ready episode once, then the address becomes that episode's (a reload does not replay). */
function usePlayLatest(episodes: Episode[] | undefined) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const player = useAudioPlayer();
  const started = useRef(false);
  const wanted = params.get('play') === 'latest';
  useEffect(() => {
    if (!wanted || !episodes || started.current) return;
    started.current = true;
    const latest = episodes.find((e) => e.state === 'ready');
    if (latest) player.play(latest);
    void navigate(latest ? `${paths.audio}/${encodeURIComponent(latest.digestId)}` : paths.audio, { replace: true });
  }, [wanted, episodes, player, navigate]);
}
