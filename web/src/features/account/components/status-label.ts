import { TRIAL_ENDED_STATUS, TRIALING_STATUS } from '@dcbrief/shared';

/** Our own states, as the subscriber reads them (docs/decisions/008). */
const OWN_WORDS: Record<string, string> = { [TRIALING_STATUS]: 'Free trial', [TRIAL_ENDED_STATUS]: 'Trial ended' };

/** Stripe's words ('past_due') read as words ('Past due'); the card-free trial's states as 'Free trial' and 'Trial ended'. */
export function statusLabel(status: string): string {
  if (OWN_WORDS[status]) return OWN_WORDS[status];
  const words = status.replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Inactive';
}
