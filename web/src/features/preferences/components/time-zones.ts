/** One zone as the picker shows it: its city, region and offset from UTC today. */
export interface TimeZoneChoice {
  zone: string;
  city: string;
  region: string;
  /** "UTC+05:30", "UTC-04:00", "UTC" */
  offset: string;
  offsetMinutes: number;
  /** What else a search may match: the zone's long name ("Central European Standard Time") and its words. */
  keywords: string[];
}

/** Every IANA zone this browser knows, with the ones in use first so they are always selectable. */
export function timeZoneOptions(...mustInclude: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...mustInclude.filter(Boolean), ...known])].sort((a, b) => a.localeCompare(b));
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function zoneName(zone: string, now: Date, style: 'longOffset' | 'long'): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: style }).formatToParts(now);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** "GMT+05:30" (Intl's longOffset) as minutes east of UTC; "GMT" is 0. */
function offsetMinutesOf(longOffset: string): number {
  const match = /([+-])(\d{2}):?(\d{2})?/.exec(longOffset);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

export function formatUtcOffset(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The zone's city and region from its IANA name: "America/Argentina/Buenos_Aires" is Buenos Aires, America. */
export function describeTimeZone(zone: string, now = new Date()): TimeZoneChoice {
  const segments = zone.split('/');
  const city = (segments.at(-1) ?? zone).replace(/_/g, ' ');
  const region = segments.length > 1 ? segments.slice(0, -1).join(' / ').replace(/_/g, ' ') : '';
  const offsetMinutes = offsetMinutesOf(zoneName(zone, now, 'longOffset'));
  const longName = zoneName(zone, now, 'long');
  return { zone, city, region, offset: formatUtcOffset(offsetMinutes), offsetMinutes, keywords: [longName, zone] };
}

/**
 * Every zone, the browser's own first, then west to east by offset and by city within one offset; `current`
 * is always present even if this browser does not list it.
 */
export function timeZoneChoices(browserZone: string, current: string, now = new Date()): TimeZoneChoice[] {
  const all = timeZoneOptions(current, browserZone).map((zone) => describeTimeZone(zone, now));
  const first = all.find((choice) => choice.zone === browserZone);
  const rest = all
    .filter((choice) => choice.zone !== browserZone)
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.city.localeCompare(b.city));
  return first ? [first, ...rest] : rest;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Whether a choice matches what was typed: every word of the search appears in its city, region, offset or
 * long name ("lisbon", "new york", "utc+5:30", "+05:30", "central european", "são paulo" and "sao paulo").
 */
export function matchesTimeZone(choice: TimeZoneChoice, search: string): boolean {
  const haystack = fold([choice.city, choice.region, choice.offset, choice.offset.replace(/:00$/, ''), ...choice.keywords].join(' '));
  const compact = haystack.replace(/(utc[+-])0(\d)/g, '$1$2');
  return fold(search)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word) || compact.includes(word));
}
