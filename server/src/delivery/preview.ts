import { mergePreferences } from '@dcbrief/shared';
import type { Digest } from '../modules/digests/digest.entity.js';
import type { User } from '../modules/users/user.entity.js';
import type { DeliveryDeps } from './deps.js';
import { emailContentOf } from './digest-email.js';
import { digestPageUrl, entityPageUrl, preferencesUrl } from './digest-links.js';
import { renderDigestEmail, type DigestEmailLinks } from './render.js';

export const PREVIEW_BANNER = 'Operator preview: the rating and unsubscribe links are disabled in this copy';

/**
 * The operator's preview of a stored digest (`npm run deliver -- --preview`): the same content and layout as
 * the email, but the links that act for the subscriber (rating, unsubscribe) are inert `#preview-...`
 * anchors carrying no token, so opening the file, or a link scanner reading it, can neither unsubscribe
 * nor rate for them. The web app and dashboard links stay: they need the subscriber's own sign-in.
 */
export function digestPreview(deps: Pick<DeliveryDeps, 'config'>, user: User, digest: Digest) {
  const base = deps.config.publicUrl;
  const links: DigestEmailLinks = {
    web: digestPageUrl(base, digest.id),
    rate: (n: number) => `#preview-rating-${n}`,
    unsubscribe: '#preview-unsubscribe',
    preferences: preferencesUrl(base),
    entity: entityPageUrl(base),
  };
  const { deliveryTime } = mergePreferences(user.preferences, {});
  return { ...renderDigestEmail(user.firstName, emailContentOf(digest), links, { banner: PREVIEW_BANNER, deliveryTime }), links };
}
