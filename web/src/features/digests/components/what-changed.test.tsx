import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EntityChange } from '@dcbrief/shared';
import { DigestStory } from './digest-story';
import { WhatChanged } from './what-changed';
import { makeDigestWithStories } from '@/test/fixtures';

const change: EntityChange = {
  key: 'equinix|status|construction|s1',
  entity: { id: 'equinix', name: 'Equinix', kind: 'company', country: 'US' },
  type: 'status',
  from: 'permitting',
  to: 'construction',
  statedAt: '2026-11-20T09:00:00.000Z',
  storyId: 's1',
  sentence: 'Equinix began building MD7.',
  outlets: [
    { id: 'dcd', name: 'DatacenterDynamics', url: 'https://dcd.example/md7' },
    { id: 'heise', name: 'heise online', url: null },
  ],
};

describe('followed entities in the reader', () => {
  it('tells what changed per entity, with the sentence and its outlets', () => {
    render(<WhatChanged changes={[change]} />);
    const section = within(screen.getByRole('region', { name: 'What changed' }));
    expect(section.getByRole('heading', { name: 'Equinix' })).toBeInTheDocument();
    expect(section.getByText('status: permitting → construction')).toBeInTheDocument();
    expect(section.getByRole('link', { name: 'DatacenterDynamics' })).toHaveAttribute('href', 'https://dcd.example/md7');
    expect(section.getByText(/heise online/)).toBeInTheDocument();
    expect(section.getByText('Equinix began building MD7.')).toBeInTheDocument();
  });

  it('marks a story naming a followed entity', () => {
    const story = { ...makeDigestWithStories().stories[0]!, followed: [change.entity] };
    render(<DigestStory story={story} position={1} />);
    expect(screen.getByText('Following: Equinix')).toBeInTheDocument();
  });
});
