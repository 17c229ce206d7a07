import ical, { ICalEventTransparency } from 'ical-generator';
import { entityPath } from '@dcbrief/shared';
import type { CalendarEvent, CalendarStatement, EventDay } from './calendar-events.js';

const DAY_MS = 86_400_000;

/** How often a calendar app should read the calendar again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const CALENDAR_REFRESH_SEC = 6 * 60 * 60;

const WHAT_LABELS: Record<string, string> = {
  hearing: 'Hearing',
  vote: 'Vote',
  commissioning: 'Commissioning',
  opening: 'Opening',
  deadline: 'Deadline',
};

export interface CalendarInput {
  publicUrl: string;
  /** The owner may read followed events (an active or trialing account); otherwise the calendar says why it is empty. */
  active: boolean;
  events: CalendarEvent[];
}

/** The event's page in the web app: the entity's, with its timeline of facts and their stories. */
function entityPageUrl(publicUrl: string, entityId: string): string {
  return `${publicUrl}${entityPath(entityId)}`;
}

/** "Vote: Loudoun County", with "(month only)" when the stories give the month and not the day. */
export function eventSummary(event: Pick<CalendarEvent, 'what' | 'entity' | 'date'>): string {
  const label = WHAT_LABELS[event.what] ?? event.what.charAt(0).toUpperCase() + event.what.slice(1);
  return `${label}: ${event.entity.name}${event.date.day === null ? ' (month only)' : ''}`;
}

function statementText(s: CalendarStatement): string {
  const outlets = s.outlets.map((o) => o.name).join(', ');
  const links = s.outlets.filter((o) => o.url).map((o) => `${o.name}: ${o.url}`);
  return [
    `"${s.sentence}"`,
    `Stated ${s.statedAt.toISOString().slice(0, 10)} by ${outlets || 'an outlet'}${s.storyTitle ? `, in "${s.storyTitle}"` : ''}.`,
    ...links,
  ].join('\n');
}

/** What the event says and who says it: each story's sentence, as written, with its outlets and their articles. */
export function eventDescription(event: CalendarEvent, publicUrl: string): string {
  const when = event.date.day === null ? `The stories give the month, not the day: shown on the 1st.` : null;
  return [
    ...(when ? [when, ''] : []),
    event.statements.map(statementText).join('\n\n'),
    '',
    `${event.entity.name} on DC Brief: ${entityPageUrl(publicUrl, event.entity.id)}`,
  ].join('\n');
}

/** A day, or the 1st of a month given without its day, as the UTC midnight ical-generator writes as a DATE. */
function startOf(date: EventDay): Date {
  return new Date(Date.UTC(date.year, date.month - 1, date.day ?? 1));
}

/**
 * The subscriber's calendar (RFC 5545): one all-day VEVENT per event. The output depends only on the events, so
 * the same events give the same bytes (and ETag): DTSTAMP is when the event's latest statement was published.
 */
export function renderCalendar(input: CalendarInput): string {
  const calendar = ical({
    name: 'DC Brief: followed events',
    description: input.active
      ? 'Hearings, votes, commissioning and opening dates and deadlines stated in the news about the entities you follow on DC Brief.'
      : 'Your DC Brief subscription is not active: followed events show again when it is.',
    prodId: { company: 'DC Brief', product: 'Followed events', language: 'EN' },
    url: `${input.publicUrl}/dashboard`,
    ttl: CALENDAR_REFRESH_SEC,
  });
  for (const event of input.active ? input.events : []) {
    const start = startOf(event.date);
    calendar.createEvent({
      id: event.uid,
      allDay: true,
      start,
      end: new Date(start.getTime() + DAY_MS),
      stamp: event.revisedAt,
      lastModified: event.revisedAt,
      summary: eventSummary(event),
      description: eventDescription(event, input.publicUrl),
      url: entityPageUrl(input.publicUrl, event.entity.id),
      // An event in the news is not the subscriber's own appointment: it does not make them busy.
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  return calendar.toString();
}
