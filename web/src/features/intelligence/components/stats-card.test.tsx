import { computeStats } from '@dcbrief/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatsCard } from './stats-card';
import { dashboardStatItems, thumbsLeaningNote } from './stats-grid';

const SERVER_STATS = { digests: 3, outlets: 12, sourceWords: 9000, digestWords: 900, minutesSaved: 34 };

describe('the dashboard says where thumbs from the player steer the next briefs (docs/decisions/309)', () => {
  it('names the interests in words, and says nothing until thumbs lean', () => {
    expect(thumbsLeaningNote(undefined)).toBeNull();
    expect(thumbsLeaningNote({ more: [], less: [] })).toBeNull();
    expect(thumbsLeaningNote({ more: ['security'], less: [] })).toBe(
      'Your thumbs from the player bring more Security into your next briefs.',
    );
    expect(thumbsLeaningNote({ more: ['infrastructure', 'security', 'operations'], less: ['regulations'] })).toMatch(
      /^Your thumbs from the player bring more [^,]+, [^,]+ and [^,]+ and less [^.]+ into your next briefs\.$/,
    );
  });

  it('shows the counts and the sentence under the figures', () => {
    const stats = computeStats({ ...SERVER_STATS, storyVotes: { up: 4, down: 1, leaning: { more: ['security'], less: [] } } }, [4, 5]);
    render(
      <StatsCard
        title="Your Intelligence Stats"
        items={dashboardStatItems(stats, { audio: true })}
        note={thumbsLeaningNote(stats.leaning)}
      />,
    );
    expect(screen.getByText('Stories liked (audio)').nextSibling?.textContent).toBe('4');
    expect(screen.getByText('Your thumbs from the player bring more Security into your next briefs.')).toBeTruthy();
  });

  it('an older server without the leaning still shows the counts and no sentence', () => {
    const stats = computeStats({ ...SERVER_STATS, storyVotes: { up: 1, down: 0 } }, []);
    expect(stats.leaning).toBeUndefined();
    const { container } = render(
      <StatsCard title="Stats" items={dashboardStatItems(stats, { audio: true })} note={thumbsLeaningNote(stats.leaning)} />,
    );
    expect(container.textContent).not.toMatch(/Your thumbs/);
  });
});
