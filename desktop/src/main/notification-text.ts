import type { Digest } from '@dcbrief/shared';

/** "Tue, Nov 24" for the digest's local date (YYYY-MM-DD), whatever the computer's zone. */
export function shortDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** The notification of a new digest: "Your brief for Tue, Nov 24: <top story>". */
export function briefNotificationText(digest: Digest): { title: string; body: string } {
  const what = digest.kind === 'weekly' ? 'weekly summary' : digest.kind === 'breaking' ? 'breaking alert' : 'brief';
  const top = digest.quiet ? (digest.kind === 'weekly' ? 'a quiet week' : 'a quiet day') : (digest.stories[0]?.title ?? digest.title);
  return { title: 'DC Brief', body: `Your ${what} for ${shortDate(digest.date)}: ${top}` };
}
