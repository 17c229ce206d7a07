import { useState } from 'react';
import { Headphones, RefreshCw } from 'lucide-react';
import { listenMinutes, type DesktopOfflineCopy } from '@dcbrief/shared';
import { BrandLogo } from '@/components/brand-logo';
import { OfflineBanner } from '@/components/offline-banner';
import { Button } from '@/components/ui/button';
import { useAudioPlayer } from '@/features/audio/hooks/use-audio-player';
import { DigestReader } from '@/features/digests/components/digest-reader';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatLongDate } from '@/lib/date-format';
import { cn } from '@/lib/utils';

/**
 * The desktop app opened without a network: the latest brief from the copy on disk under the "Offline,
 * updated <time>" banner, the briefs before it, and for premium subscribers the downloaded episode.
 */
export function OfflineBriefScreen({ copy, onRetry }: { copy: DesktopOfflineCopy | null; onRetry(): void }) {
  const digests = copy?.digests ?? [];
  const [selectedId, setSelectedId] = useState(digests[0]?.id ?? null);
  const digest = digests.find((d) => d.id === selectedId) ?? digests[0] ?? null;
  const player = useAudioPlayer();
  const episode = copy?.episode && digest && copy.episode.digestId === digest.id ? copy.episode : null;
  useDocumentTitle(digest ? digest.title : 'Offline');

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <BrandLogo />
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Try again
          </Button>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        {copy ? (
          <div className="mx-auto max-w-3xl">
            <OfflineBanner updatedAt={copy.updatedAt} />
          </div>
        ) : null}
        {digest ? (
          <>
            {episode && (
              <div className="mx-auto mb-6 max-w-3xl">
                <Button onClick={() => player.play(episode)}>
                  <Headphones aria-hidden="true" className="size-4" />
                  Listen ({listenMinutes(episode.durationSec)} min)
                </Button>
              </div>
            )}
            <DigestReader digest={digest} />
            {digests.length > 1 && (
              <nav aria-label="Briefs on this computer" className="mx-auto mt-10 max-w-3xl">
                <h2 className="text-sm font-semibold text-slate-900">Also on this computer</h2>
                <ul className="mt-3 grid gap-2">
                  {digests.map((d) => (
                    <li key={d.id}>
                      <button
                        type="button"
                        onClick={() => setSelectedId(d.id)}
                        aria-current={d.id === digest.id ? 'true' : undefined}
                        className={cn(
                          'w-full rounded-lg border px-4 py-2 text-left text-sm',
                          d.id === digest.id
                            ? 'border-blue-300 bg-blue-50 text-blue-900'
                            : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50',
                        )}
                      >
                        <span className="font-medium">{d.title}</span> · {formatLongDate(d.date)}
                      </button>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
          </>
        ) : (
          <section className="mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-6">
            <h1 className="text-xl font-semibold text-slate-900">You are offline</h1>
            <p className="mt-2 text-slate-600">
              No brief is on this computer yet: the app keeps your latest briefs once it has reached your DC Brief server.
            </p>
          </section>
        )}
      </main>
    </div>
  );
}
