import { PLAN_LIST, PLANS, PRODUCT_NAME, TRIAL_DAYS, TRIAL_TIER } from '@dcbrief/shared';
import type { MailMessage } from '../mailer.js';
import { renderEmail } from './layout.js';

/**
 * The link signs in on the device that opens it; the code (decision 020) signs in where the link cannot reach:
 * the desktop app, or another device. Neither is in the subject or the preheader, which lock screens show.
 */
export function signInEmail(to: string, link: string, ttlMinutes: number, code: string): MailMessage {
  const { html, text } = renderEmail({
    preheader: `Your ${PRODUCT_NAME} sign-in link and code, valid for ${ttlMinutes} minutes.`,
    heading: `Sign in to ${PRODUCT_NAME}`,
    paragraphs: [
      `Use the button below to sign in on this device. The link and the code each work once, and expire in ${ttlMinutes} minutes.`,
    ],
    button: { label: `Sign in to ${PRODUCT_NAME}`, url: link },
    code: { intro: `Signing in on another device, or in the ${PRODUCT_NAME} desktop app? Enter this code there:`, value: code },
    footnote: `If you did not ask to sign in, you can ignore this email: nobody can sign in without this link or code. Never share the code; ${PRODUCT_NAME} will never ask you for it.`,
  });
  return { to, subject: `Your ${PRODUCT_NAME} sign-in link`, html, text };
}

/**
 * Sent to an address someone typed into the waitlist form: it carries no word that person typed (their
 * name included), as nobody has shown yet that the address is theirs.
 */
export function waitlistConfirmationEmail(to: string): MailMessage {
  const { html, text } = renderEmail({
    preheader: "You're on the list. We'll contact you next week when spots open up.",
    heading: "You're on the list!",
    paragraphs: [
      `Thanks for your interest in ${PRODUCT_NAME}: fact-only data-center intelligence from 250+ global sources, delivered at 6:00 AM.`,
      "We'll contact you next week when spots open up.",
    ],
    footnote: 'You received this email because this address was entered on our waitlist. If that was not you, you can ignore it.',
  });
  return { to, subject: `You're on the ${PRODUCT_NAME} waitlist`, html, text };
}

/** Someone entered an address that is already on the waitlist: its owner hears of it, the form says nothing. */
export function alreadyOnWaitlistEmail(to: string): MailMessage {
  const { html, text } = renderEmail({
    preheader: 'This address is already on our waitlist.',
    heading: "You're already on the list",
    paragraphs: [
      `This address was entered on the ${PRODUCT_NAME} waitlist again. It is already on it, so nothing has changed: we'll contact you when spots open up.`,
    ],
    footnote: 'If that was not you, you can ignore this email: nothing was changed.',
  });
  return { to, subject: `You're already on the ${PRODUCT_NAME} waitlist`, html, text };
}

export function invitationEmail(to: string, firstName: string, signInUrl: string): MailMessage {
  const { html, text } = renderEmail({
    preheader: `Your spot at ${PRODUCT_NAME} is ready.`,
    heading: `${firstName ? `${firstName}, your` : 'Your'} spot is ready`,
    paragraphs: [
      `A spot has opened up at ${PRODUCT_NAME}. Sign in with this email address to set up your daily brief; your free ${TRIAL_DAYS}-day trial of ${PLANS[TRIAL_TIER].name} starts when you first sign in, with no card.`,
    ],
    button: { label: 'Sign in', url: signInUrl },
  });
  return { to, subject: `Your ${PRODUCT_NAME} invitation`, html, text };
}

export function welcomeEmail(to: string, firstName: string, planName: string, dashboardUrl: string, trialEnds: Date | null): MailMessage {
  const trialLine = trialEnds
    ? `Your free trial runs until ${dayOf(trialEnds)}, and your card is first charged then. You can cancel anytime before then and pay nothing.`
    : 'Your subscription is now active.';
  const { html, text } = renderEmail({
    preheader: 'Your first digest will arrive tomorrow.',
    heading: `Welcome to ${PRODUCT_NAME}${firstName ? `, ${firstName}` : ''}!`,
    paragraphs: [
      `You're subscribed to ${planName}. ${trialLine}`,
      'Your first digest will arrive tomorrow at your delivery time (6:00 AM unless you choose another). Tune your interests, depth and delivery time on your dashboard.',
    ],
    button: { label: 'Open your dashboard', url: dashboardUrl },
  });
  return { to, subject: `Welcome to ${PRODUCT_NAME}`, html, text };
}

/** "Mon, 07 Dec 2026": the day in UTC, as the emails have always written it. */
function dayOf(date: Date): string {
  return date.toUTCString().slice(0, 16);
}

/**
 * Three days before a card-free trial ends (docs/decisions/008): what happens then (the digests stop, nothing is
 * charged, there is no card) and the way to keep them, with the remaining days kept.
 */
export function cardFreeTrialEndingEmail(to: string, firstName: string, trialEnds: Date, subscribeUrl: string): MailMessage {
  const when = dayOf(trialEnds);
  const prices = PLAN_LIST.map((p) => `${p.name} $${p.priceUsd} per month`).join(' or ');
  const { html, text } = renderEmail({
    preheader: `Your free trial ends on ${when}. Nothing will be charged.`,
    heading: `${firstName ? `${firstName}, your` : 'Your'} free trial ends on ${when}`,
    paragraphs: [
      `Your ${TRIAL_DAYS}-day free trial of ${PLANS[TRIAL_TIER].name} ends on ${when}. After that your daily brief and weekly summary stop. Nothing will be charged: we have no card of yours.`,
      `To keep them coming, choose a plan (${prices}). Your trial's remaining days stay free: your card is first charged on ${when}, and you can cancel anytime before then.`,
    ],
    button: { label: 'Choose a plan', url: subscribeUrl },
    footnote: 'You received this email because you started a free trial. If you let it end, you will not hear from us about it again.',
  });
  return { to, subject: `Your ${PRODUCT_NAME} free trial ends on ${when}`, html, text };
}

export function trialEndingEmail(to: string, planName: string, trialEnds: Date | null, dashboardUrl: string): MailMessage {
  const when = trialEnds ? trialEnds.toUTCString().slice(0, 16) : 'in a few days';
  const { html, text } = renderEmail({
    preheader: `Your ${PRODUCT_NAME} trial ends ${when}.`,
    heading: 'Your free trial ends soon',
    paragraphs: [
      `Your ${planName} trial ends on ${when}. After that your saved card is charged monthly; nothing to do if you want to keep your daily brief.`,
      'Want to change plan or cancel? You can do it from your dashboard in two clicks.',
    ],
    button: { label: 'Manage subscription', url: dashboardUrl },
  });
  return { to, subject: `Your ${PRODUCT_NAME} trial ends ${when}`, html, text };
}

export function paymentFailedEmail(to: string, dashboardUrl: string): MailMessage {
  const { html, text } = renderEmail({
    preheader: 'We could not charge your card.',
    heading: 'Your payment did not go through',
    paragraphs: [
      `We could not charge your card for ${PRODUCT_NAME}. Stripe will try again over the next days; update your card to keep your digests coming.`,
    ],
    button: { label: 'Update payment details', url: dashboardUrl },
  });
  return { to, subject: `Action needed: your ${PRODUCT_NAME} payment failed`, html, text };
}
