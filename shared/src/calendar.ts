import { z } from 'zod';

/**
 * The calendar of followed events (issue 26 item 4): GET /api/calendar says whether a private calendar address
 * exists (its token is stored hashed, so the address is shown only when made); POST /api/calendar/rotate makes a
 * new one (the old one stops working); DELETE /api/calendar turns it off. The address itself,
 * `/api/calendar/<token>.ics`, is an iCalendar (RFC 5545) file that calendar apps subscribe to.
 */
export const calendarFeedSchema = z.object({ exists: z.boolean(), url: z.string().nullable() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
