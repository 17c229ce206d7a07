import { DEFAULT_PREFERENCES, type Digest, type DigestStory, type Episode, type User } from '@dcbrief/shared';

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

export function story(title: string): DigestStory {
  return {
    id: uuid(),
    title,
    interest: 'infrastructure',
    corroboration: 3,
    languages: ['en'],
    summary: [{ text: `${title}, according to the operator's filing.`, language: 'en', sourceIds: ['dcd'] }],
    keyFigures: [],
    sources: [{ id: 'dcd', name: 'DatacenterDynamics', url: 'https://www.datacenterdynamics.com/en/news/', language: 'en' }],
    firstSeenAt: '2026-11-23T20:00:00.000Z',
  };
}

export function digest(date: string, titles: string[] = [`Equinix opens 20 MW campus (${date})`], extra: Partial<Digest> = {}): Digest {
  return {
    id: uuid(),
    kind: 'daily',
    date,
    title: `Data-center brief for ${date}`,
    storyCount: titles.length,
    createdAt: `${date}T06:00:00.000Z`,
    depth: 'standard',
    quiet: titles.length === 0,
    sentAt: `${date}T06:00:30.000Z`,
    stories: titles.map(story),
    ...extra,
  };
}

export function user(extra: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'reader@colo.example',
    firstName: 'Ana',
    lastName: 'Reis',
    createdAt: '2026-11-01T00:00:00.000Z',
    subscriptionTier: 'basic',
    subscriptionStatus: 'active',
    timezone: 'Europe/Lisbon',
    preferences: DEFAULT_PREFERENCES,
    trialEndsAt: null,
    nextChargeAt: null,
    cancelsAt: null,
    ...extra,
  };
}

export function episode(of: Digest, bytes: number): Episode {
  const base = `/api/audio/episodes/${of.id}`;
  return {
    digestId: of.id,
    kind: of.kind,
    date: of.date,
    title: of.title,
    storyCount: of.storyCount,
    state: 'ready',
    durationSec: 300,
    bytes,
    audioUrl: `${base}/audio.mp3`,
    downloadUrl: `${base}/audio.mp3?download=1`,
    transcriptUrl: `${base}/transcript.vtt`,
    chaptersUrl: `${base}/chapters.json`,
    chapters: [],
    positionSec: 0,
    rating: null,
    storyVotes: {},
  };
}

export function streamOf(bytes: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array> {
  return new Response(bytes).body!;
}
