import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TRIAL_DAYS } from '@dcbrief/shared';
import { makeUser } from '@/test/fixtures';
import { billingLine, hasBillingAccount } from './billing-summary';
import { statusLabel } from './status-label';
import { TrialNotice, trialState } from './trial-notice';

const NOW = new Date('2026-11-23T10:00:00Z');
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();
/** The day a reader sees for `days` from NOW: in their own time zone, as the screen writes it (Nov 25 in Lisbon, Nov 26 in Auckland). */
const dayIn = (days: number) => new Date(inDays(days)).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

function renderNotice(user: Parameters<typeof TrialNotice>[0]['user']) {
  return render(
    <MemoryRouter>
      <TrialNotice user={user} now={NOW} />
    </MemoryRouter>,
  );
}

describe('the free trial on screen (decisions 008, 115)', () => {
  it('a new trial: days left, the end date, no card; its state is "running"', () => {
    const user = { subscriptionStatus: 'trialing', trialEndsAt: inDays(TRIAL_DAYS) };
    expect(trialState(user, NOW)).toBe('running');
    renderNotice(user);
    expect(screen.getByRole('heading', { name: `Free trial: ${TRIAL_DAYS} days left` })).toBeInTheDocument();
    expect(
      screen.getByText(new RegExp(`until ${dayIn(TRIAL_DAYS)}\\. No card on file, so nothing will be charged\\.`)),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/subscribe');
  });

  it('the last three days: what happens at the end, and the way to keep the digests', () => {
    const user = { subscriptionStatus: 'trialing', trialEndsAt: inDays(2.5) };
    expect(trialState(user, NOW)).toBe('ending');
    renderNotice(user);
    expect(screen.getByRole('heading', { name: `Your free trial ends in 3 days, on ${dayIn(2.5)}` })).toBeInTheDocument();
    expect(screen.getByText(/Then your digests stop and nothing is charged/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Keep my digests' })).toBeInTheDocument();
  });

  it('after the end: stopped, nothing charged; nothing at all for a subscriber', () => {
    const ended = { subscriptionStatus: 'trial_ended', trialEndsAt: inDays(-1) };
    renderNotice(ended);
    expect(screen.getByRole('heading', { name: `Your free trial ended on ${dayIn(-1)}` })).toBeInTheDocument();
    expect(screen.getByText(/Your digests have stopped, and nothing was charged/)).toBeInTheDocument();
    expect(trialState({ subscriptionStatus: 'active', trialEndsAt: inDays(5) }, NOW)).toBeNull();
    expect(statusLabel('trialing')).toBe('Free trial');
    expect(statusLabel('trial_ended')).toBe('Trial ended');
    expect(statusLabel('past_due')).toBe('Past due');
  });

  it('the billing line: trial end, the next charge with its amount, a cancelled plan; Manage billing only with a Stripe plan', () => {
    const trialing = makeUser({ subscriptionTier: 'basic', subscriptionStatus: 'trialing', trialEndsAt: inDays(14) });
    expect(billingLine(trialing, NOW)).toBe(`Free trial of Essential until ${dayIn(14)}. No card on file: nothing will be charged.`);
    expect(hasBillingAccount(trialing)).toBe(false);
    const converted = makeUser({
      subscriptionTier: 'premium',
      subscriptionStatus: 'active',
      trialEndsAt: inDays(10),
      nextChargeAt: inDays(10),
    });
    expect(billingLine(converted, NOW)).toBe(`Free trial until ${dayIn(10)}. Next charge: $79 on ${dayIn(10)}.`);
    expect(hasBillingAccount(converted)).toBe(true);
    const cancelled = makeUser({ subscriptionTier: 'basic', subscriptionStatus: 'active', cancelsAt: inDays(20) });
    expect(billingLine(cancelled, NOW)).toBe(`Cancelled: your plan runs until ${dayIn(20)}, and nothing more is charged.`);
    expect(billingLine(makeUser(), NOW)).toBeNull();
  });
});
