import {
  DEFAULT_PREFERENCES,
  INTEREST_LABELS,
  weeklySections,
  PRODUCT_NAME,
  RATING_MAX,
  RATING_MIN,
  isHttpUrl,
  listenMinutes,
  type DeliveryTime,
  type DigestKind,
  type DigestSentence,
  type DigestStory,
  type EntityChange,
  changeLine,
} from '@dcbrief/shared';
import { escapeHtml } from '../lib/html.js';
import { longDate, monthDay } from './local-time.js';

export interface DigestEmailContent {
  kind: DigestKind;
  date: string;
  title: string;
  quiet: boolean;
  stories: DigestStory[];
  /** A weekly summary's "What changed" of the subscriber's followed entities (docs/decisions/311). */
  changes?: EntityChange[] | null;
}

export interface DigestEmailLinks {
  /** The digest in the web app. */
  web: string;
  /** The rating link for 1..5. */
  rate: (rating: number) => string;
  unsubscribe: string;
  preferences: string;
  /**
   * An entity's page in the web app (the same for every subscriber): each story's entities become "Follow" links.
   * Absent: no such line.
   */
  entity?: (entityId: string) => string;
  /**
   * The premium subscriber's "Listen (N min)" link to the episode page, only when their episode is ready at
   * send time (decision 407); absent: no line at all.
   */
  listen?: ListenLink | null;
}

export interface ListenLink {
  url: string;
  /** "Listen (7 min)" */
  label: string;
}

/** The Listen line's words: whole minutes, at least one. */
export const listenLabel = (durationSec: number) => `Listen (${listenMinutes(durationSec)} min)`;

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const KIND_HEADINGS: Record<DigestKind, string> = { daily: 'Daily brief', weekly: 'Weekly summary', breaking: 'Breaking' };
/** The rating row's values, 1 to 5. */
export const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const link = (url: string, label: string, style = 'color:#1d4ed8', cls = 'ac') =>
  `<a href="${escapeHtml(url)}" class="${cls}" style="${style}">${escapeHtml(label)}</a>`;

/**
 * The email's palette, light by default and dark where the client asks for it: `prefers-color-scheme` (Apple
 * Mail, iOS, Outlook for Mac, Thunderbird) and Outlook.com's `[data-ogsc]` (text) and `[data-ogsb]`
 * (backgrounds) hooks. Elements carry a class per role; the dark rules override their inline colours.
 */
const DARK = {
  bg: '#0b1220',
  card: '#111827',
  text: '#e5e7eb',
  head: '#f9fafb',
  muted: '#9ca3af',
  accent: '#93c5fd',
  rule: '#374151',
  markBg: '#451a03',
  markText: '#fde68a',
};
const darkRules = (p: string) =>
  [
    `${p}.bg{background:${DARK.bg}!important}`,
    `${p}.cd{background:${DARK.card}!important}`,
    `${p}.tx{color:${DARK.text}!important}`,
    `${p}.hd{color:${DARK.head}!important}`,
    `${p}.mu{color:${DARK.muted}!important}`,
    `${p}.ac{color:${DARK.accent}!important}`,
    `${p}.sc{color:${DARK.accent}!important;border-color:${DARK.accent}!important}`,
    `${p}.ru{border-color:${DARK.rule}!important}`,
    `${p}.bt{background:${DARK.card}!important;border-color:${DARK.accent}!important}`,
    `${p}.mk{background:${DARK.markBg}!important;color:${DARK.markText}!important}`,
  ].join('');
const STYLE =
  '@media (max-width:600px){.cp{padding:20px 16px!important}h1{font-size:20px!important}}' +
  `@media (prefers-color-scheme:dark){${darkRules('')}}` +
  darkRules('[data-ogsc] ').replace(/\[data-ogsc\] \.(bg|cd|bt)\{/g, '[data-ogsb] .$1{');

/** An outlet's article: linked only when its address is http(s) (a feed may say `javascript:`), else its name alone. */
const sourceLink = (url: string, label: string) => (isHttpUrl(url) ? link(url, label) : escapeHtml(label));

/**
 * The digest as an email: a single-column table layout (phones, Outlook), no images at all, every
 * story with its sources linked, a 1-5 rating row and a footer with preferences and unsubscribe.
 */
export function renderDigestEmail(
  firstName: string,
  content: DigestEmailContent,
  links: DigestEmailLinks,
  options: { banner?: string; deliveryTime?: DeliveryTime } = {},
): RenderedEmail {
  return renderWithGreeting(greetingFor(firstName, content.kind, options.deliveryTime), content, links, options);
}

/**
 * The first line: by the local time the subscriber chose for their daily and weekly digests ("Good
 * morning" at 6:00 or 8:00, "Good afternoon" at noon); a breaking alert comes at any hour, so "Hello".
 */
export function greetingFor(firstName: string, kind: DigestKind, deliveryTime: DeliveryTime = DEFAULT_PREFERENCES.deliveryTime): string {
  const hour = Number(deliveryTime.slice(0, 2));
  const words = kind === 'breaking' ? 'Hello' : hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
  return firstName ? `${words}, ${firstName}.` : `${words}.`;
}

/** The email with a given greeting line (email-template.ts renders it once with a field mark there). */
export function renderWithGreeting(
  greeting: string,
  content: DigestEmailContent,
  links: DigestEmailLinks,
  options: { banner?: string } = {},
): RenderedEmail {
  const subject = subjectLine(content.kind, content.date, content.quiet ? null : (content.stories[0]?.title ?? null));
  const heading = `${KIND_HEADINGS[content.kind]}, ${longDate(content.date)}`;
  const intro = introFor(content);
  let htmlPart = html(content, links, heading, greeting, intro);
  let textPart = text(content, links, heading, greeting, intro);
  if (options.banner) {
    // Only the operator's preview has one: a strip above the card, and the first line of the text.
    htmlPart = htmlPart.replace(
      /(<body[^>]*>)/,
      `$1\n<p style="margin:0;padding:12px 16px;background:#fef3c7;color:#92400e;font-size:14px;font-weight:600;text-align:center">${escapeHtml(options.banner)}</p>`,
    );
    textPart = `*** ${options.banner} ***\n\n${textPart}`;
  }
  return { subject, html: htmlPart, text: textPart };
}

/** Subjects are at most this many characters: the top story first, then the product and the date (docs/decisions/307). */
export const SUBJECT_MAX = 70;
const SUBJECT_TAGS: Record<DigestKind, string> = {
  daily: PRODUCT_NAME,
  weekly: `${PRODUCT_NAME} weekly`,
  breaking: `${PRODUCT_NAME} breaking`,
};
const QUIET_LEADS: Record<DigestKind, string> = { daily: 'A quiet day', weekly: 'A quiet week', breaking: 'Nothing new' };

/** "Equinix opens 60 MW MD7 campus in Madrid · DC Brief, Nov 24": the news first, cut to fit at a word. */
export function subjectLine(kind: DigestKind, date: string, topStory: string | null): string {
  const tail = ` · ${SUBJECT_TAGS[kind]}, ${monthDay(date)}`;
  const lead = topStory?.replace(/\s+/g, ' ').trim() || QUIET_LEADS[kind];
  return fitToWords(lead, SUBJECT_MAX - [...tail].length) + tail;
}

/**
 * `text` in at most `max` characters (code points, so no emoji or CJK character is split): cut after the
 * last whole word that fits, with an ellipsis. A text without a space in its first half (a title in a script
 * written without spaces, or one very long word) is cut at the character.
 */
export function fitToWords(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const prefix = chars.slice(0, max).join('');
  const space = prefix.lastIndexOf(' ');
  const kept = space >= prefix.length / 2 ? prefix.slice(0, space) : chars.slice(0, max - 1).join('');
  return `${kept.replace(/[\s,;:.\-–—·|]+$/u, '')}…`;
}

const ATTRIBUTED = 'each sentence attributed to the outlets that report it';
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The line under the heading: what this digest holds and why, in words that promise only what we do. */
function introFor(content: DigestEmailContent): string {
  if (content.quiet) return quietNote(content.kind);
  if (!content.stories.length && content.changes?.length)
    return 'What changed this week about the entities you follow, each change as the outlets that state it tell it.';
  const outside = content.stories.filter((s) => s.outsideInterests).length;
  // Stories naming a followed entity lead a daily or weekly whatever their topic (docs/decisions/311).
  const followed = content.kind === 'breaking' ? 0 : content.stories.filter((s) => s.followed?.length).length;
  const mine = content.stories.length - outside - followed;
  if (content.kind === 'breaking') {
    const story = content.stories[0]!;
    return `${count(story.corroboration, 'outlet now reports', 'independent outlets now report')} this story${outside ? ', outside your topics' : ''}; ${ATTRIBUTED}.`;
  }
  const lead = `${outside === 1 ? 'leads' : 'lead'} ${content.kind === 'weekly' ? 'the week' : 'this edition'}`;
  const first = followed ? `${count(followed, 'story', 'stories')} about what you follow` : '';
  if (!mine && first) return `${first}${outside ? `, and ${outside} outside your topics that ${lead}` : ''}; ${ATTRIBUTED}.`;
  if (!mine) {
    const since = content.kind === 'weekly' ? 'this week' : 'since your last brief';
    return `Nothing new in your topics ${since}, so here ${outside === 1 ? 'is the story' : `are the ${outside} stories`} outside them that ${lead}; ${ATTRIBUTED}.`;
  }
  const yours =
    content.kind === 'weekly'
      ? `${first ? 'the' : 'The'} week's ${count(mine, 'most corroborated story', 'most corroborated stories')} in your topics, grouped by topic`
      : `${count(mine, 'new story', 'new stories')} in your topics`;
  const extra = outside ? `, and ${outside} outside them that ${lead}` : '';
  return `${first ? `${first} first, then ` : ''}${yours}${extra}; ${ATTRIBUTED}.`;
}

function quietNote(kind: DigestKind): string {
  if (kind === 'weekly')
    return 'A quiet week: no story came in this week that you have not already had in a weekly summary. Your next summary comes next Monday at the usual time.';
  if (kind === 'breaking') return 'Nothing new: you already have this story.';
  return 'A quiet day: no story came in since your last brief that you have not already received. We never resend a story, so this note is short. Your next brief comes at the usual time.';
}

/** A story outside the subscriber's interests, in the email: a small label above it. */
const OUTSIDE_MARK = 'Outside your topics';
const outsideMarkHtml = `<p style="margin:0 0 6px"><span class="mk" style="display:inline-block;padding:2px 8px;border-radius:999px;background:#fef3c7;color:#92400e;font-size:12px;font-weight:600">${OUTSIDE_MARK}</span></p>`;
/** A story naming entities the subscriber follows (docs/decisions/311): "Following: Equinix, Madrid" above it. */
const followingMark = (story: DigestStory): string | null =>
  story.followed?.length ? `Following: ${story.followed.map((e) => e.name).join(', ')}` : null;
const followingMarkHtml = (mark: string) =>
  `<p style="margin:0 0 6px"><span class="mk" style="display:inline-block;padding:2px 8px;border-radius:999px;background:#dbeafe;color:#1e3a8a;font-size:12px;font-weight:600">${escapeHtml(mark)}</span></p>`;
const sectionTitleHtml = (title: string) =>
  `<h2 class="sc" style="margin:28px 0 12px;padding:0 0 6px;border-bottom:2px solid #1d4ed8;font-size:15px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:#1d4ed8">${escapeHtml(title)}</h2>`;
const WHAT_CHANGED = 'What changed';

/**
 * Per story, the section it opens (a weekly summary's "Following", then its interests; null within one and in other
 * kinds), and whether its label names its interest (not under a section headed by it).
 */
function sections(content: DigestEmailContent): Array<{ opens: string | null; withInterest: boolean }> {
  if (content.kind !== 'weekly') return content.stories.map(() => ({ opens: null, withInterest: true }));
  return weeklySections(content.stories).map((p) => ({ opens: p.opens ? p.title : null, withInterest: p.following }));
}

function storiesHtml(content: DigestEmailContent, links: DigestEmailLinks): string {
  const places = sections(content);
  return content.stories
    .map((story, i) => {
      const { opens: section, withInterest } = places[i]!;
      const following = followingMark(story);
      return `${section ? `${sectionTitleHtml(section)}\n` : ''}${following ? `${followingMarkHtml(following)}\n` : ''}${story.outsideInterests ? `${outsideMarkHtml}\n` : ''}${storyHtml(story, withInterest, links)}`;
    })
    .join('\n');
}

/** The changes grouped by entity, in the order each entity's first change came. */
function changesByEntity(changes: EntityChange[]): EntityChange[][] {
  const groups = new Map<string, EntityChange[]>();
  for (const c of changes) groups.set(c.entity.id, [...(groups.get(c.entity.id) ?? []), c]);
  return [...groups.values()];
}

/** "Nov 20": a change's date as the outlets stated it. */
const changeDate = (c: EntityChange) => monthDay(c.statedAt.slice(0, 10));

/** "What changed" before the stories: per followed entity, each stated change with its date, outlets and sentence. */
function changesHtml(changes: EntityChange[]): string {
  if (!changes.length) return '';
  const groups = changesByEntity(changes)
    .map((group) => {
      const items = group
        .map((c) => {
          const outlets = c.outlets.map((o) => (o.url ? sourceLink(o.url, o.name) : escapeHtml(o.name))).join(', ');
          return `<li style="margin:0 0 8px"><strong>${escapeHtml(changeLine(c))}</strong> <span class="mu" style="color:#6b7280">· ${escapeHtml(changeDate(c))} · ${outlets}</span><br><span class="mu" style="font-size:13px;color:#4b5563">“${escapeHtml(c.sentence)}”</span></li>`;
        })
        .join('');
      return `<p class="hd" style="margin:0 0 6px;font-size:15px;font-weight:700;color:#111827">${escapeHtml(group[0]!.entity.name)}</p>\n<ul class="tx" style="margin:0 0 14px;padding:0 0 0 18px;font-size:14px;line-height:1.55;color:#1f2937">${items}</ul>`;
    })
    .join('\n');
  return `${sectionTitleHtml(WHAT_CHANGED)}\n${groups}\n`;
}

function changesText(changes: EntityChange[]): string[] {
  if (!changes.length) return [];
  const lines = [`== ${WHAT_CHANGED} ==`, ''];
  for (const group of changesByEntity(changes)) {
    lines.push(group[0]!.entity.name);
    for (const c of group) {
      lines.push(`   - ${changeLine(c)} (${changeDate(c)}; ${c.outlets.map((o) => o.name).join(', ')})`, `     "${c.sentence}"`);
      for (const o of c.outlets) if (o.url && isHttpUrl(o.url)) lines.push(`     ${o.name}: ${o.url}`);
    }
    lines.push('');
  }
  return lines;
}

function html(content: DigestEmailContent, links: DigestEmailLinks, heading: string, greeting: string, intro: string): string {
  const stories = changesHtml(content.changes ?? []) + storiesHtml(content, links);
  const ratingCells = RATINGS.map(
    (n) =>
      // A bordered cell is the button (Outlook for Windows draws cell borders, not a link's); square corners there.
      `<td style="padding:0 4px"><table role="presentation" cellpadding="0" cellspacing="0"><tr><td class="bt" align="center" bgcolor="#ffffff" style="border:1px solid #1d4ed8;border-radius:6px"><a href="${escapeHtml(links.rate(n))}" class="ac" style="display:block;width:40px;padding:10px 0;text-align:center;font-size:16px;font-weight:600;color:#1d4ed8;text-decoration:none">${n}</a></td></tr></table></td>`,
  ).join('');
  return `<!doctype html>
<html lang="en" xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${escapeHtml(content.title)}</title>
<!--[if mso]><xml><o:OfficeDocumentSettings><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml><![endif]-->
<style>${STYLE}</style></head>
<body class="bg" style="margin:0;padding:0;background:#f3f4f6;font-family:${FONT}">
<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;color:transparent">${escapeHtml(intro)}</div>
<table role="presentation" class="bg" width="100%" cellpadding="0" cellspacing="0" bgcolor="#f3f4f6" style="background:#f3f4f6"><tr><td align="center" style="padding:16px 8px">
<!--[if mso]><table role="presentation" width="640" align="center" cellpadding="0" cellspacing="0"><tr><td><![endif]-->
<table role="presentation" class="cd" width="100%" cellpadding="0" cellspacing="0" bgcolor="#ffffff" style="max-width:640px;background:#ffffff;border-radius:12px">
<tr><td class="cp" style="padding:28px">
<p class="ac" style="margin:0 0 4px;font-size:13px;font-weight:700;letter-spacing:.05em;color:#1d4ed8">${escapeHtml(PRODUCT_NAME.toUpperCase())}</p>
<h1 class="hd" style="margin:0 0 12px;font-size:22px;line-height:1.3;color:#111827">${escapeHtml(heading)}</h1>
<p class="tx" style="margin:0 0 8px;font-size:15px;line-height:1.6;color:#1f2937">${escapeHtml(greeting)} ${escapeHtml(intro)}</p>
${links.listen ? `<p style="margin:0 0 8px;font-size:15px;font-weight:600">${link(links.listen.url, links.listen.label)}</p>\n` : ''}<p style="margin:0 0 20px;font-size:13px;color:#6b7280">${link(links.web, 'Read it in your browser')}</p>
${stories}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td class="ru" style="padding:20px 0 0;border-top:1px solid #e5e7eb">
<p class="hd" style="margin:0 0 10px;font-size:15px;font-weight:600;color:#111827">How useful was this ${content.kind === 'breaking' ? 'alert' : 'brief'}? (1 = not at all, 5 = very)</p>
<table role="presentation" cellpadding="0" cellspacing="0"><tr>${ratingCells}</tr></table>
</td></tr></table>
<p class="mu" style="margin:28px 0 0;font-size:12px;line-height:1.6;color:#6b7280">You receive this because you subscribe to ${escapeHtml(PRODUCT_NAME)}. ${link(links.preferences, 'Change delivery time, depth and interests', 'color:#6b7280', 'mu')} · ${link(links.unsubscribe, 'Unsubscribe', 'color:#6b7280', 'mu')}</p>
</td></tr></table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr></table>
</body></html>`;
}

/** "de" -> "German" for the language mark's title; an unknown code stays as it is. */
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
function languageName(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Each source's number in the story's source list (1-based), by id. */
function sourceNumbers(story: DigestStory): Map<string, number> {
  return new Map(story.sources.map((s, i) => [s.id, i + 1]));
}

/** The numbers of a fact's outlets in the story's list, in order. */
function factNumbers(fact: DigestSentence, numbers: Map<string, number>): number[] {
  return fact.sourceIds
    .map((id) => numbers.get(id))
    .filter((n): n is number => n !== undefined)
    .sort((a, b) => a - b);
}

/**
 * A fact once, followed by the numbers of every outlet that states it, each linked to that outlet's
 * article; an original not in the reader's language carries its language mark ("[de]", titled "German,
 * not translated"), docs/decisions/211.
 */
function factHtml(fact: DigestSentence, story: DigestStory, numbers: Map<string, number>): string {
  const mark =
    fact.inReaderLanguage === false
      ? ` <span class="mu" title="${escapeHtml(`${languageName(fact.language)}, not translated`)}" style="font-size:12px;font-weight:600;color:#6b7280">[${escapeHtml(fact.language)}]</span>`
      : '';
  const refs = factNumbers(fact, numbers)
    .map((n) => {
      const source = story.sources[n - 1]!;
      if (!isHttpUrl(source.url)) return `<sup class="mu" style="font-size:11px;font-weight:600;color:#6b7280">[${n}]</sup>`;
      return `<a href="${escapeHtml(source.url)}" class="ac" title="${escapeHtml(source.name)}" style="font-size:11px;font-weight:600;color:#1d4ed8;text-decoration:none;vertical-align:super">[${n}]</a>`;
    })
    .join('');
  return `<li style="margin:0 0 6px"${fact.inReaderLanguage === false ? ` lang="${escapeHtml(fact.language)}"` : ''}>${escapeHtml(fact.text)}${mark}${refs ? ` ${refs}` : ''}</li>`;
}

function factText(fact: DigestSentence, numbers: Map<string, number>): string {
  const mark = fact.inReaderLanguage === false ? ` [${fact.language}: ${languageName(fact.language)}, not translated]` : '';
  const refs = factNumbers(fact, numbers).map((n) => `[${n}]`);
  return `   - ${fact.text}${mark}${refs.length ? ` ${refs.join('')}` : ''}`;
}

/** A story's label line: its interest (not in the weekly's sections, which are headed by it) and how many outlets report it. */
function storyLabel(story: DigestStory, withInterest: boolean, separator: string): string {
  const sources = `${story.corroboration} ${story.corroboration === 1 ? 'source' : 'sources'}`;
  return withInterest ? `${INTEREST_LABELS[story.interest]}${separator}${sources}` : sources;
}

/** The story's entities, each a link to its page where the subscriber can follow it (issue 26). */
function followHtml(story: DigestStory, links: DigestEmailLinks): string {
  if (!links.entity || !story.entities?.length) return '';
  const entity = links.entity;
  const names = story.entities.map((e) => link(entity(e.id), e.name)).join(' · ');
  return `\n<p class="mu" style="margin:4px 0 0;font-size:13px;line-height:1.6;color:#6b7280">Follow: ${names}</p>`;
}

function storyHtml(story: DigestStory, withInterest: boolean, links: DigestEmailLinks): string {
  const numbers = sourceNumbers(story);
  const sources = story.sources.map((s, i) => `[${i + 1}] ${sourceLink(s.url, s.name)}`).join(' · ');
  const sentences = story.summary.map((s) => factHtml(s, story, numbers)).join('');
  const figures = story.keyFigures.length
    ? `<p class="tx" style="margin:0 0 6px;font-size:13px;color:#374151"><strong>Key figures:</strong> ${escapeHtml(story.keyFigures.join(' · '))}</p>`
    : '';
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td style="padding:0 0 20px">
<p class="mu" style="margin:0 0 4px;font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:#6b7280">${escapeHtml(storyLabel(story, withInterest, ' · '))}</p>
<h2 class="hd" style="margin:0 0 8px;font-size:17px;line-height:1.35;color:#111827">${escapeHtml(story.title)}</h2>
<ul class="tx" style="margin:0 0 8px;padding:0 0 0 18px;font-size:15px;line-height:1.55;color:#1f2937">${sentences}</ul>
${figures}<p class="tx" style="margin:0;font-size:13px;line-height:1.6;color:#374151">Sources: ${sources}</p>${followHtml(story, links)}
</td></tr></table>`;
}

function text(content: DigestEmailContent, links: DigestEmailLinks, heading: string, greeting: string, intro: string): string {
  const lines = [`${PRODUCT_NAME} | ${heading}`, '', `${greeting} ${intro}`];
  if (links.listen) lines.push(`${links.listen.label}: ${links.listen.url}`);
  lines.push(`Read it in your browser: ${links.web}`, '');
  lines.push(...changesText(content.changes ?? []));
  const places = sections(content);
  content.stories.forEach((story, i) => {
    const { opens: section, withInterest } = places[i]!;
    if (section) lines.push(`== ${section} ==`, '');
    const following = followingMark(story);
    if (following) lines.push(`   [${following}]`);
    if (story.outsideInterests) lines.push(`   [${OUTSIDE_MARK}]`);
    lines.push(`${i + 1}. ${story.title}`, `   ${storyLabel(story, withInterest, ' | ')}`);
    const numbers = sourceNumbers(story);
    for (const s of story.summary) lines.push(factText(s, numbers));
    if (story.keyFigures.length) lines.push(`   Key figures: ${story.keyFigures.join(' | ')}`);
    lines.push('   Sources:');
    story.sources.forEach((s, n) => lines.push(isHttpUrl(s.url) ? `   [${n + 1}] ${s.name}: ${s.url}` : `   [${n + 1}] ${s.name}`));
    const entity = links.entity;
    if (entity && story.entities?.length) {
      lines.push('   Follow:');
      for (const e of story.entities) lines.push(`   ${e.name}: ${entity(e.id)}`);
    }
    lines.push('');
  });
  lines.push(`How useful was this ${content.kind === 'breaking' ? 'alert' : 'brief'}? (1 = not at all, 5 = very)`);
  for (const n of RATINGS) lines.push(`  ${n}: ${links.rate(n)}`);
  lines.push(
    '',
    `Change delivery time, depth and interests: ${links.preferences}`,
    `Unsubscribe: ${links.unsubscribe}`,
    '',
    `-- ${PRODUCT_NAME}`,
  );
  return lines.join('\n');
}
