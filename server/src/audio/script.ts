import type { DigestKind, DigestStory } from '@dcbrief/shared';
import { normaliseForSpeech } from './normalise.js';

/** The language the episodes are read in: the digest's reader language (facts not in it are left out). */
export const SCRIPT_LANGUAGE = 'en';

/** One sentence of a segment: as shown in the transcript, and as the synthesiser is asked to say it. */
export interface ScriptLine {
  text: string;
  spoken: string;
}

/** A chapter of the episode: the intro, one per story, the outro. */
export interface ScriptSegment {
  kind: 'intro' | 'story' | 'outro';
  /** The story's id (story segments only). */
  storyId?: string;
  /** The chapter title. */
  title: string;
  lines: ScriptLine[];
}

export interface ScriptSource {
  kind: DigestKind;
  /** YYYY-MM-DD, the subscriber's local edition date. */
  date: string;
  stories: DigestStory[];
}

const KIND_NAMES: Record<DigestKind, string> = { daily: 'daily brief', weekly: 'weekly summary', breaking: 'breaking alert' };

/** "Monday, 23 November 2026" (the edition date is a calendar date: no time zone applies). */
export function spokenDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    .format(day)
    .replace(/^(\w+) /, '$1, ');
}

const line = (text: string): ScriptLine => ({ text, spoken: normaliseForSpeech(text) });
const sentence = (text: string) => (/[.!?]["')\]]?$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The episode's script, read verbatim from the digest's content: the facts chosen for its depth, each once,
 * in the order the email shows them. The only words not from the content are the frame (the intro's date
 * and count, "Story 2 of 5", "Reported by N outlets", the outro). A fact not in the script's language (shown
 * in the email with its language mark) is left out: an English voice would mangle it.
 */
export function buildScript(source: ScriptSource): ScriptSegment[] {
  const date = spokenDate(source.date);
  const total = source.stories.length;
  const segments: ScriptSegment[] = [
    {
      kind: 'intro',
      title: 'Introduction',
      lines: [line(`DC Brief, your ${KIND_NAMES[source.kind]} for ${date}.`), line(`${count(total, 'story', 'stories')}.`)],
    },
  ];
  source.stories.forEach((story, i) => {
    const facts = story.summary.filter((f) => f.inReaderLanguage !== false && (f.language === SCRIPT_LANGUAGE || f.translatedFrom));
    segments.push({
      kind: 'story',
      storyId: story.id,
      title: story.title,
      lines: [
        line(`Story ${i + 1} of ${total}.`),
        line(sentence(story.title)),
        ...facts.map((f) => line(sentence(f.text))),
        ...story.keyFigures.map((k) => line(sentence(k))),
        line(`Reported by ${count(story.corroboration, 'outlet', 'outlets')}.`),
      ],
    });
  });
  segments.push({ kind: 'outro', title: 'End', lines: [line(`That was your DC Brief for ${date}.`)] });
  return segments;
}
