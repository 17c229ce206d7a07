import { PRODUCT_NAME } from '@dcbrief/shared';
import type { MailMessage } from '../mailer.js';
import { renderEmail } from './layout.js';

export function signInEmail(to: string, link: string, ttlMinutes: number): MailMessage {
  const { html, text } = renderEmail({
    preheader: `Your ${PRODUCT_NAME} sign-in link, valid for ${ttlMinutes} minutes.`,
    heading: `Sign in to ${PRODUCT_NAME}`,
    paragraphs: [`Use the button below to sign in. The link works once and expires in ${ttlMinutes} minutes.`],
    button: { label: `Sign in to ${PRODUCT_NAME}`, url: link },
    footnote: 'If you did not ask to sign in, you can ignore this email: nobody can sign in without this link.',
  });
  return { to, subject: `Your ${PRODUCT_NAME} sign-in link`, html, text };
}

export function waitlistConfirmationEmail(to: string, firstName: string): MailMessage {
  const { html, text } = renderEmail({
    preheader: "You're on the list. We'll contact you next week when spots open up.",
    heading: `You're on the list, ${firstName}!`,
    paragraphs: [
      `Thanks for your interest in ${PRODUCT_NAME}: fact-only data-center intelligence from 250+ global sources, delivered at 6:00 AM.`,
      "We'll contact you next week when spots open up.",
    ],
    footnote: 'You received this email because this address was entered on our waitlist.',
  });
  return { to, subject: `You're on the ${PRODUCT_NAME} waitlist`, html, text };
}

export function invitationEmail(to: string, firstName: string, signInUrl: string): MailMessage {
  const { html, text } = renderEmail({
    preheader: `Your spot at ${PRODUCT_NAME} is ready.`,
    heading: `${firstName ? `${firstName}, your` : 'Your'} spot is ready`,
    paragraphs: [
      `A spot has opened up at ${PRODUCT_NAME}. Sign in with this email address to set up your daily brief; your 14-day free trial starts when you choose a plan.`,
    ],
    button: { label: 'Sign in', url: signInUrl },
  });
  return { to, subject: `Your ${PRODUCT_NAME} invitation`, html, text };
}
