import { Coffee } from 'lucide-react';
import { weeklySections, type Digest, type DigestStory as Story } from '@dcbrief/shared';
import { Badge } from '@/components/ui/badge';
import { formatLongDate } from '@/lib/date-format';
import { CONTENT_DEPTH_LABELS, KIND_LABELS } from '@/lib/labels';
import { DigestStory } from './digest-story';
import { RateDigest } from './rate-digest';
import { WhatChanged } from './what-changed';

/** A digest exactly as it was emailed: same stories, same depth, same sources. */
export function DigestReader({ digest }: { digest: Digest }) {
  const outlets = new Set(digest.stories.flatMap((s) => s.sources.map((source) => source.id))).size;
  return (
    <div className="mx-auto max-w-3xl">
      <header>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <Badge variant={digest.kind === 'breaking' ? 'accent' : 'soft'}>{KIND_LABELS[digest.kind]}</Badge>
          <span>{formatLongDate(digest.date)}</span>
        </div>
        <h1 className="mt-3 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{digest.title}</h1>
        {!digest.quiet && (
          <p className="mt-2 text-slate-600">
            {digest.storyCount} {digest.storyCount === 1 ? 'story' : 'stories'} from {outlets} {outlets === 1 ? 'source' : 'sources'} ·{' '}
            {CONTENT_DEPTH_LABELS[digest.depth]} depth · facts only, every sentence attributed
          </p>
        )}
      </header>
      {digest.whatChanged?.length ? <WhatChanged changes={digest.whatChanged} /> : null}
      {digest.quiet ? (
        <div className="mt-8 flex items-start gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-6">
          <Coffee aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
          <div>
            <p className="font-medium text-slate-900">{digest.kind === 'weekly' ? 'A quiet week' : 'A quiet day'}</p>
            <p className="mt-1 text-sm text-slate-600">
              Nothing came in that you had not already received. We never resend a story to fill space.
            </p>
          </div>
        </div>
      ) : digest.kind === 'weekly' ? (
        <WeeklySections stories={digest.stories} />
      ) : (
        <div className="mt-8 grid gap-5">
          {digest.stories.map((story, i) => (
            <DigestStory key={story.id} story={story} position={i + 1} />
          ))}
        </div>
      )}
      <div className="mt-8">
        <RateDigest digestId={digest.id} savedRating={digest.rating ?? null} />
      </div>
    </div>
  );
}

/**
 * A weekly summary's stories in sections (docs/decisions/307, 311): those naming an entity the subscriber follows
 * first under "Following", then the others grouped by interest, one section per group, named after it.
 */
function WeeklySections({ stories }: { stories: Story[] }) {
  const sections: Array<{ title: string; following: boolean; items: Array<{ story: Story; position: number }> }> = [];
  weeklySections(stories).forEach(({ title, opens, following }, i) => {
    const item = { story: stories[i]!, position: i + 1 };
    if (opens) sections.push({ title, following, items: [item] });
    else sections[sections.length - 1]!.items.push(item);
  });
  return (
    <div className="mt-8 grid gap-8">
      {sections.map(({ title, following, items }) => (
        <section key={`${title}-${items[0]!.position}`} aria-labelledby={`section-${items[0]!.position}`}>
          <h2
            id={`section-${items[0]!.position}`}
            className="border-b-2 border-blue-700 pb-1 text-sm font-bold tracking-wide text-blue-800 uppercase"
          >
            {title}
          </h2>
          <div className="mt-4 grid gap-5">
            {items.map(({ story, position }) => (
              <DigestStory key={story.id} story={story} position={position} headingLevel={3} namesInterest={following} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
