import type { ContentDepth, DigestKind, DigestStory, Preferences } from '@dcbrief/shared';
import { toDigestSentence, type EditionStoryView } from './edition-port.js';
import { shortDate } from './local-time.js';

/** At most this many stories per digest: a morning read, not an archive. */
export const STORY_LIMITS: Record<DigestKind, number> = { daily: 10, weekly: 15, breaking: 1 };

export interface DigestSelection {
  title: string;
  depth: ContentDepth;
  quiet: boolean;
  stories: DigestStory[];
  searchText: string;
}

export interface SelectionInput {
  kind: DigestKind;
  /** Local edition date, YYYY-MM-DD. */
  date: string;
  /** The edition's stories, best first. */
  edition: EditionStoryView[];
  preferences: Preferences;
  /** Stories this subscriber already received (for this kind's purposes): never sent again. */
  received: ReadonlySet<string>;
}

/** One subscriber's selection of the edition: their interests, their depth, nothing they already read. */
export function selectStories({ kind, date, edition, preferences, received }: SelectionInput): DigestSelection {
  const depth = preferences.contentDepth;
  const picked = edition
    .filter((story) => preferences.interests[story.interest] && !received.has(story.id))
    .slice(0, STORY_LIMITS[kind])
    .map((story) => toDigestStory(story, depth));
  const title = digestTitle(kind, date, picked[0]?.title ?? null);
  return { title, depth, quiet: picked.length === 0, stories: picked, searchText: searchTextOf(title, picked) };
}

function toDigestStory(story: EditionStoryView, depth: ContentDepth): DigestStory {
  const sentences = story.summaries[depth].length ? story.summaries[depth] : story.summaries.brief;
  return {
    id: story.id,
    title: story.title,
    interest: story.interest,
    corroboration: story.corroboration,
    languages: story.languages,
    summary: sentences.map(toDigestSentence),
    keyFigures: depth === 'detailed' ? story.keyFigures : [],
    sources: story.sources.map((s) => ({ id: s.id, name: s.name, url: s.url, language: s.language })),
    firstSeenAt: story.firstSeenAt.toISOString(),
  };
}

const TITLE_MAX = 300;
const TOP_STORY_MAX = 140;

export function digestTitle(kind: DigestKind, date: string, topStory: string | null): string {
  const day = shortDate(date);
  const top = topStory && topStory.length > TOP_STORY_MAX ? `${topStory.slice(0, TOP_STORY_MAX - 1).trimEnd()}…` : topStory;
  const title =
    kind === 'breaking'
      ? `Breaking, ${day}: ${top ?? 'confirmed by several sources'}`
      : kind === 'weekly'
        ? `Weekly summary to ${day}: ${top ?? 'a quiet week'}`
        : `Daily brief, ${day}: ${top ?? 'a quiet day'}`;
  return title.slice(0, TITLE_MAX);
}

function searchTextOf(title: string, stories: DigestStory[]): string {
  const parts = [title];
  for (const s of stories) {
    parts.push(s.title, ...s.summary.map((x) => x.text), ...s.sources.map((x) => x.name));
  }
  return parts.join('\n').toLowerCase();
}
