import { DIGEST_STORY_ENTITIES_MAX } from '@dcbrief/shared';
import type { ContentDepth, DigestKind, DigestStory, EntityChange, EntityRef, Interest, Preferences, ThumbsLeaning } from '@dcbrief/shared';
import { toDigestSentence, type EditionStoryView } from './edition-port.js';
import { shortDate } from './local-time.js';

/** At most this many stories per digest: a morning read, not an archive. */
export const STORY_LIMITS: Record<DigestKind, number> = { daily: 10, weekly: 15, breaking: 1 };

/**
 * The must-know bar (docs/decisions/307): a story among the edition's first MUST_KNOW_TOP_RANK (the
 * engine's rank for a daily, most corroborated first for a weekly) that at least `mustKnowMinOutlets`
 * independent outlets report (BREAKING_MIN_SOURCES: the level of a breaking alert) reaches every subscriber,
 * whatever their interests, marked "Outside your topics" when it is outside them.
 */
export const MUST_KNOW_TOP_RANK: Record<DigestKind, number> = { daily: 5, weekly: 10, breaking: 1 };

/**
 * When nothing new is in a subscriber's interests and nothing passes the bar, the edition's best new
 * stories instead (marked too): a quiet day is a quiet edition, never the effect of a topic filter.
 */
export const BEST_OF_EDITION_WHEN_NONE: Record<DigestKind, number> = { daily: 3, weekly: 5, breaking: 1 };

export interface DigestSelection {
  title: string;
  depth: ContentDepth;
  quiet: boolean;
  stories: DigestStory[];
  searchText: string;
  /** A weekly summary's "What changed" (docs/decisions/311), told before its stories. */
  changes?: EntityChange[];
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
  /** Independent outlets a story outside the subscriber's interests needs to be must-know. */
  mustKnowMinOutlets: number;
  /** Where the subscriber's recent thumbs lean (modules/feedback/leanings.ts): steers their interests' stories. */
  leaning?: ThumbsLeaning;
  /** The entity ids the subscriber follows (modules/follows): a daily brief opens with the stories naming them. */
  followed?: ReadonlySet<string>;
}

/**
 * How far thumbs move a story of the subscriber's interests (docs/decisions/309): it competes as if its rank
 * were this many times its own. Gentle on purpose: a story the engine ranks far down stays down, and the
 * must-know stories are not steered at all.
 */
export const LEANING_RANK_FACTOR = { more: 0.5, less: 2 } as const;

/** The candidates in the order they are taken and shown: by rank, moved by the subscriber's thumbs. */
function steered(candidates: Candidate[], leaning: ThumbsLeaning | undefined): Candidate[] {
  if (!leaning || (!leaning.more.length && !leaning.less.length)) return candidates;
  const factor = (c: Candidate) =>
    leaning.more.includes(c.story.interest)
      ? LEANING_RANK_FACTOR.more
      : leaning.less.includes(c.story.interest)
        ? LEANING_RANK_FACTOR.less
        : 1;
  return candidates
    .map((c) => ({ c, at: c.rank * factor(c) }))
    .sort((a, b) => a.at - b.at || a.c.rank - b.c.rank)
    .map((x) => x.c);
}

/** Whether a story is in a subscriber's interests: its main interest, or another one it touches. */
export function inInterests(story: Pick<EditionStoryView, 'interest' | 'interests'>, interests: Record<Interest, boolean>): boolean {
  return interests[story.interest] || story.interests.some((i) => interests[i]);
}

/** The followed entities a story names, in the story's order. */
function followedIn(story: EditionStoryView, followed: ReadonlySet<string> | undefined): EntityRef[] {
  if (!followed?.size || !story.entities?.length) return [];
  return story.entities.filter((e) => followed.has(e.id)).map(({ id, name, kind, country }) => ({ id, name, kind, country }));
}

interface Candidate {
  story: EditionStoryView;
  /** 1-based, in the order this kind ranks the edition. */
  rank: number;
  outside: boolean;
}

/**
 * One subscriber's selection of the edition (docs/decisions/307): in a daily brief and a weekly summary, the new
 * stories naming an entity they follow first, in the kind's order, whatever their interests (docs/decisions/311;
 * the weekly's "Following" section); then the new
 * stories in their interests, then the must-know stories outside them; when none has anything, the edition's best
 * new stories. Every story naming a followed entity carries it (`followed`), in every kind.
 * Within their interests, their recent thumbs move stories up or down (`steered`). A weekly summary takes the
 * week's most corroborated stories and groups them by interest. Nothing they
 * already received, at their depth, within the kind's limit. Quiet only when the edition has nothing new.
 */
export function selectStories({
  kind,
  date,
  edition,
  preferences,
  received,
  mustKnowMinOutlets,
  leaning,
  followed,
}: SelectionInput): DigestSelection {
  const depth = preferences.contentDepth;
  const limit = STORY_LIMITS[kind];
  const ranked = kind === 'weekly' ? mostCorroboratedFirst(edition) : edition;
  const fresh: Candidate[] = [];
  ranked.forEach((story, i) => {
    if (!received.has(story.id)) fresh.push({ story, rank: i + 1, outside: !inInterests(story, preferences.interests) });
  });
  const first = kind === 'breaking' ? [] : fresh.filter((c) => followedIn(c.story, followed).length).slice(0, limit);
  const firstIds = new Set(first.map((c) => c.story.id));
  const rest = fresh.filter((c) => !firstIds.has(c.story.id));
  const room = limit - first.length;
  const mine = steered(
    rest.filter((c) => !c.outside),
    leaning,
  );
  let outside = rest
    .filter((c) => c.outside && c.rank <= MUST_KNOW_TOP_RANK[kind] && c.story.corroboration >= mustKnowMinOutlets)
    .slice(0, room);
  if (!first.length && !mine.length && !outside.length) outside = rest.slice(0, Math.min(limit, BEST_OF_EDITION_WHEN_NONE[kind]));
  let picked = [...mine.slice(0, room - outside.length), ...outside];
  if (kind === 'weekly') picked = groupedByInterest(picked);
  // A followed story is there because the subscriber asked for it: never marked outside their topics.
  const stories = [...first.map((c) => ({ ...c, outside: false })), ...picked].map((c) =>
    toDigestStory(c.story, depth, c.outside, followedIn(c.story, followed)),
  );
  const title = digestTitle(kind, date, stories[0]?.title ?? null);
  return { title, depth, quiet: stories.length === 0, stories, searchText: searchTextOf(title, stories) };
}

/** A week's stories, most corroborated first; the engine's rank settles ties. */
function mostCorroboratedFirst(edition: EditionStoryView[]): EditionStoryView[] {
  return edition
    .map((story, rank) => ({ story, rank }))
    .sort((a, b) => b.story.corroboration - a.story.corroboration || a.rank - b.rank)
    .map((x) => x.story);
}

/**
 * Sections by main interest, in the order their first story comes (the subscriber's interests before the
 * stories outside them, then most corroborated first); within a section, the order stays.
 */
function groupedByInterest(picked: Candidate[]): Candidate[] {
  const sections = new Map<Interest, Candidate[]>();
  for (const c of picked) {
    const section = sections.get(c.story.interest);
    if (section) section.push(c);
    else sections.set(c.story.interest, [c]);
  }
  return [...sections.values()].flat();
}

function toDigestStory(story: EditionStoryView, depth: ContentDepth, outside: boolean, followed: EntityRef[]): DigestStory {
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
    ...(outside ? { outsideInterests: true } : {}),
    ...(followed.length ? { followed } : {}),
    ...(story.sourceWords === undefined ? {} : { sourceWords: story.sourceWords }),
    // Shown as links, those it is about first; the follows matched on all of them (above).
    ...(story.entities?.length ? { entities: story.entities.slice(0, DIGEST_STORY_ENTITIES_MAX) } : {}),
  };
}

const TITLE_MAX = 300;
const TOP_STORY_MAX = 140;

/** The digest's title in the archive and the web reader (the email's subject is render.ts's `subjectLine`). */
export function digestTitle(kind: DigestKind, date: string, topStory: string | null): string {
  const day = shortDate(date);
  const top = topStory && topStory.length > TOP_STORY_MAX ? `${topStory.slice(0, TOP_STORY_MAX - 1).trimEnd()}…` : topStory;
  const title =
    kind === 'breaking'
      ? `Breaking, ${day}: ${top ?? 'reported by several outlets'}`
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
