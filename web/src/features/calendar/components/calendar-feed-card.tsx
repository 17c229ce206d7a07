import { CalendarDays } from 'lucide-react';
import { PrivateAddressCard, type PrivateAddressTexts } from '@/components/private-address-card';
import { useCalendarFeed, useRevokeCalendarFeed, useRotateCalendarFeed } from '../api/calendar-feed';

const TEXTS: PrivateAddressTexts = {
  title: 'Calendar of followed events',
  description:
    'Hearings, votes, openings and deadlines the news states about what you follow. Add this private address to your calendar app by URL; anyone with it sees your follows, so keep it to yourself.',
  inputLabel: 'Private calendar address',
  copied: 'Calendar address copied',
  active: 'Your calendar is active. Its address is shown only when it is made: make a new one to see it again (the old one stops working).',
  none: 'You have no calendar address yet.',
  create: 'Create calendar',
  turnOff: 'Turn off calendar',
};

/**
 * Calendar of followed events: the private `.ics` address, shown when made (its token is stored hashed), copied,
 * replaced or turned off, as the Audio Library's podcast feed is.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed({ enabled: true });
  const rotate = useRotateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  return <PrivateAddressCard icon={CalendarDays} texts={TEXTS} address={feed.data} rotate={rotate} revoke={revoke} />;
}
