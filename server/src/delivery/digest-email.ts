import { mergePreferences } from '@dcbrief/shared';
import { wrap } from '@mikro-orm/core';
import type { Digest } from '../modules/digests/digest.entity.js';
import type { User } from '../modules/users/user.entity.js';
import type { DeliveryDeps } from './deps.js';
import { digestLinks } from './digest-links.js';
import { renderDigestEmail, type DigestEmailContent } from './render.js';
import type { LinkSigner } from './tokens.js';

/** What a stored digest's email shows: its content must have been loaded with it. */
export function emailContentOf(digest: Digest): DigestEmailContent {
  // An unloaded content would read as no stories, and the email as a quiet day: fail loudly instead.
  if (digest.content && !wrap(digest.content).isInitialized()) throw new Error(`digest ${digest.id}: its content was not loaded`);
  return {
    kind: digest.kind,
    date: digest.date,
    title: digest.title,
    quiet: digest.quiet,
    stories: digest.content?.stories ?? [],
    changes: digest.content?.changes ?? null,
  };
}

/** The email of a stored digest, exactly as the outbox sends it. */
export function digestEmail(deps: Pick<DeliveryDeps, 'config'>, signer: LinkSigner, user: User, digest: Digest) {
  const links = digestLinks(deps, signer, user.id, digest.id);
  const { deliveryTime } = mergePreferences(user.preferences, {});
  return { ...renderDigestEmail(user.firstName, emailContentOf(digest), links, { deliveryTime }), links };
}
