import { CalendarClock, CircleAlert, Gift } from 'lucide-react';
import { isTrialing, PLANS, TRIAL_ENDED_STATUS, TRIAL_REMINDER_DAYS, TRIAL_TIER, trialDaysLeft, type User } from '@dcbrief/shared';
import { formatDay } from '@/lib/date-format';
import { cn } from '@/lib/utils';
import { PlansLink } from './plans-link';

type TrialUser = Pick<User, 'subscriptionStatus' | 'trialEndsAt'>;

export type TrialState = 'running' | 'ending' | 'ended' | null;

/** Which moment of the card-free trial the user is at (docs/decisions/008); null outside it. */
export function trialState(user: TrialUser, now: Date = new Date()): TrialState {
  if (user.subscriptionStatus === TRIAL_ENDED_STATUS) return 'ended';
  if (!isTrialing(user)) return null;
  return trialDaysLeft(user.trialEndsAt, now) <= TRIAL_REMINDER_DAYS ? 'ending' : 'running';
}

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/**
 * The trial, said plainly at the top of the home page: how long it runs and that no card is on file; in its
 * last days what happens at the end; after it, that the digests stopped and nothing was charged.
 */
export function TrialNotice({ user, now = new Date() }: { user: TrialUser; now?: Date }) {
  const state = trialState(user, now);
  if (!state || !user.trialEndsAt) return null;
  const left = trialDaysLeft(user.trialEndsAt, now);
  const end = formatDay(user.trialEndsAt);
  const plan = PLANS[TRIAL_TIER].name;
  const content = {
    running: {
      icon: Gift,
      title: `Free trial: ${days(left)} left`,
      text: `Your daily brief and weekly summary come with your free trial of ${plan} until ${end}. No card on file, so nothing will be charged.`,
      action: 'See plans',
    },
    ending: {
      icon: CalendarClock,
      title: `Your free trial ends in ${days(left)}, on ${end}`,
      text: `Then your digests stop and nothing is charged. Subscribe now to keep them: your remaining ${days(left)} stay free.`,
      action: 'Keep my digests',
    },
    ended: {
      icon: CircleAlert,
      title: `Your free trial ended on ${end}`,
      text: 'Your digests have stopped, and nothing was charged. Choose a plan to start them again.',
      action: 'Choose a plan',
    },
  }[state];
  const Icon = content.icon;
  return (
    <section
      aria-labelledby="trial-notice-title"
      data-trial-state={state}
      className={cn(
        'mt-6 flex flex-col gap-4 rounded-2xl p-5 ring-1 sm:flex-row sm:items-center sm:justify-between',
        state === 'running' && 'bg-blue-50 ring-blue-100',
        state === 'ending' && 'bg-amber-50 ring-amber-200',
        state === 'ended' && 'bg-slate-100 ring-slate-200',
      )}
    >
      <div className="flex gap-3">
        <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', state === 'ending' ? 'text-amber-700' : 'text-blue-700')} />
        <div>
          <h2 id="trial-notice-title" className="font-semibold text-slate-900">
            {content.title}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{content.text}</p>
        </div>
      </div>
      <PlansLink label={content.action} size="sm" variant={state === 'running' ? 'outline' : 'default'} className="shrink-0" />
    </section>
  );
}
