import { INTEREST_LABELS, type IntelligenceStats, type ThumbsLeaning } from '@dcbrief/shared';
import { cn } from '@/lib/utils';

export interface StatItem {
  label: string;
  value: string;
}

/** "0h", "1.9h", "12h": tenths while they say something, whole hours past ten. */
function hours(value: number): string {
  return `${value >= 10 ? Math.floor(value) : value}h`;
}

/** Sources: the distinct outlets behind the stories received; time saved: reading their articles instead (docs/decisions/307). */
export function homeStatItems(stats: IntelligenceStats): StatItem[] {
  return [
    { label: 'Digests', value: String(stats.digests) },
    { label: 'Time saved', value: hours(stats.hoursSaved) },
    { label: 'Sources', value: stats.outlets.toLocaleString('en-US') },
  ];
}

/** With the audio digest (premium), the thumbs given to stories from the player count too (decision 406). */
export function dashboardStatItems(stats: IntelligenceStats, options: { audio?: boolean } = {}): StatItem[] {
  return [
    { label: 'Digests received', value: String(stats.digests) },
    { label: 'Time saved', value: hours(stats.hoursSaved) },
    { label: 'Sources', value: stats.outlets.toLocaleString('en-US') },
    { label: 'Average rating', value: stats.averageRating.toFixed(1) },
    ...(options.audio
      ? [
          { label: 'Stories liked (audio)', value: String(stats.storiesUp) },
          { label: 'Stories disliked (audio)', value: String(stats.storiesDown) },
        ]
      : []),
  ];
}

const listed = (labels: string[]) =>
  labels.length < 2 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;

/**
 * Where the subscriber's thumbs steer their next digests (docs/decisions/309), in words; null when they steer
 * nothing yet.
 */
export function thumbsLeaningNote(leaning: ThumbsLeaning | undefined): string | null {
  if (!leaning || (!leaning.more.length && !leaning.less.length)) return null;
  const parts = [
    ...(leaning.more.length ? [`more ${listed(leaning.more.map((i) => INTEREST_LABELS[i]))}`] : []),
    ...(leaning.less.length ? [`less ${listed(leaning.less.map((i) => INTEREST_LABELS[i]))}`] : []),
  ];
  return `Your thumbs from the player bring ${parts.join(' and ')} into your next briefs.`;
}

/** Figures as a definition list so a screen reader reads each label with its value. */
export function StatsGrid({ items, className }: { items: StatItem[]; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-3 gap-3', className)}>
      {items.map((item) => (
        <div key={item.label} className="rounded-xl bg-slate-50 px-3 py-3">
          <dt className="text-xs font-medium text-slate-600">{item.label}</dt>
          <dd className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
