import { Download, Headphones, Library, Play, Podcast } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { EPISODE_KIND_TITLES, episodeDayLabel, type Episode } from '@dcbrief/shared';
import { PrivateAddressCard, type PrivateAddressTexts } from '@/components/private-address-card';
import { TitledCard } from '@/components/titled-card';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { apiUrl } from '@/lib/api-client';
import { canKeepOffline } from '@/lib/offline-cache';
import { useAudioPlayer } from '../hooks/use-audio-player';
import { formatTime } from './player-format';
import { useAudioFeed, useRevokeAudioFeed, useRotateAudioFeed } from '../api/audio-feed';
import { downloadEpisode } from '../api/download-episode';

const dateLabel = episodeDayLabel;

function EpisodeRow({ episode }: { episode: Episode }) {
  const player = useAudioPlayer();
  const ready = episode.state === 'ready';
  const [saving, setSaving] = useState(false);
  // Where the browser can keep files, Download also keeps the episode for playing offline (docs/decisions/610);
  // elsewhere the link downloads the file as it always did.
  const download = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!canKeepOffline()) return;
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    downloadEpisode(episode)
      .then(
        () => toast({ title: 'Episode downloaded', description: 'It also plays here without a network.' }),
        () =>
          toast({
            title: 'Download failed',
            description: 'The episode could not be downloaded. Please try again.',
            variant: 'destructive',
          }),
      )
      .finally(() => setSaving(false));
  };
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-medium text-slate-900">{dateLabel(episode.date)}</p>
        <p className="text-sm text-slate-600">
          {EPISODE_KIND_TITLES[episode.kind]} · {episode.storyCount} {episode.storyCount === 1 ? 'story' : 'stories'}
          {ready ? ` · ${formatTime(episode.durationSec)}` : episode.state === 'failed' ? ' · could not be prepared' : ' · being prepared'}
        </p>
      </div>
      <Button type="button" size="sm" disabled={!ready} onClick={() => player.play(episode)} aria-label={`Play ${dateLabel(episode.date)}`}>
        <Play aria-hidden="true" />
        Play
      </Button>
      {ready && (
        <Button asChild variant="outline" size="sm">
          <a
            href={apiUrl(episode.downloadUrl)}
            download
            onClick={download}
            aria-busy={saving || undefined}
            aria-label={`Download ${dateLabel(episode.date)}`}
          >
            <Download aria-hidden="true" />
            {saving ? 'Downloading…' : 'Download'}
          </a>
        </Button>
      )}
    </li>
  );
}

/** The Audio Intelligence Settings' "generate audio digest" is off: no episodes are made, and the page says so. */
export function AudioOffNotice() {
  return (
    <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      Audio is off: no new episodes are made. Turn on “Generate audio digest” in Audio Intelligence Settings on{' '}
      <Link to={paths.dashboard} className="font-semibold underline underline-offset-4">
        your dashboard
      </Link>
      .
    </div>
  );
}

/** /audio/:id, from the email's "Listen (N min)": that episode first, with a large Play. */
export function EpisodeSpotlight({
  digestId,
  episodes,
  isLoading,
}: {
  digestId: string;
  episodes: Episode[] | undefined;
  isLoading: boolean;
}) {
  const player = useAudioPlayer();
  const episode = episodes?.find((e) => e.digestId === digestId);
  return (
    <TitledCard icon={Headphones} title={episode ? episode.title : 'Your episode'}>
      {isLoading ? (
        <Skeleton className="h-12" />
      ) : !episode ? (
        <p className="text-sm text-slate-600">This episode is not in your Audio Library. Your other episodes are listed below.</p>
      ) : episode.state !== 'ready' ? (
        <p className="text-sm text-slate-600">
          {episode.state === 'failed' ? 'This episode could not be prepared.' : 'Preparing this episode… it is ready in a few minutes.'}
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" size="lg" className="min-h-11" onClick={() => player.play(episode)}>
            <Play aria-hidden="true" />
            Play ({formatTime(episode.durationSec)})
          </Button>
          <p className="text-sm text-slate-600">
            {episode.storyCount} {episode.storyCount === 1 ? 'story' : 'stories'}, with chapters: skip, rate each story, rate the episode.
          </p>
        </div>
      )}
    </TitledCard>
  );
}

/** Audio Library: past episodes to play or download for offline listening. */
export function AudioLibrary({ episodes, isLoading }: { episodes: Episode[] | undefined; isLoading: boolean }) {
  return (
    <TitledCard icon={Library} title="Audio Library" description="Every digest read aloud, with chapters per story.">
      {isLoading ? (
        <div className="grid gap-3">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : episodes?.length ? (
        <ul className="divide-y divide-slate-100">
          {episodes.map((e) => (
            <EpisodeRow key={e.digestId} episode={e} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">Your audio digests will be listed here once your first premium digest is sent.</p>
      )}
    </TitledCard>
  );
}

const PODCAST_FEED_TEXTS: PrivateAddressTexts = {
  title: 'Podcast feed',
  description: 'Listen in any podcast app: add this private address by URL. Anyone with it can listen, so keep it to yourself.',
  inputLabel: 'Private feed address',
  copied: 'Feed address copied',
  active: 'Your feed is active. Its address is shown only when it is made: make a new one to see it again (the old one stops working).',
  none: 'You have no podcast feed yet.',
  create: 'Create feed',
  turnOff: 'Turn off feed',
};

/** The private podcast feed: shown when made (its token is stored hashed), copied, rotated or revoked. */
export function PodcastFeedCard() {
  const feed = useAudioFeed({ enabled: true });
  const rotate = useRotateAudioFeed();
  const revoke = useRevokeAudioFeed();
  return <PrivateAddressCard icon={Podcast} texts={PODCAST_FEED_TEXTS} address={feed.data} rotate={rotate} revoke={revoke} />;
}
