import { digestPath, entityPath, episodePath, WEB_PATHS } from '@dcbrief/shared';
import type { DeliveryDeps } from './deps.js';
import type { DigestEmailLinks } from './render.js';
import type { LinkSigner } from './tokens.js';

/** The digest in the web app: it needs the subscriber's own sign-in, so any copy of the email may carry it. */
export const digestPageUrl = (publicUrl: string, digestId: string) => `${publicUrl}${digestPath(digestId)}`;

/** The digest's episode in the web app's Audio Library, behind the subscriber's sign-in. */
export const episodePageUrl = (publicUrl: string, digestId: string) => `${publicUrl}${episodePath(digestId)}`;

/** An entity's page in the web app (the emails' "Follow" links), behind the subscriber's sign-in. */
export const entityPageUrl = (publicUrl: string) => (entityId: string) => `${publicUrl}${entityPath(entityId)}`;

/** Where a subscriber chooses their emails (the dashboard, behind their sign-in). */
export const preferencesUrl = (publicUrl: string) => `${publicUrl}${WEB_PATHS.dashboard}`;

/**
 * The links of one subscriber's copy of a digest. Rating and unsubscribing act without sign-in, on the
 * signed token in the address alone (docs/decisions/303).
 */
export function digestLinks(deps: Pick<DeliveryDeps, 'config'>, signer: LinkSigner, userId: string, digestId: string): DigestEmailLinks {
  const base = deps.config.publicUrl;
  const unsubscribe = `${base}/api/email/unsubscribe?t=${signer.sign({ p: 'unsub', u: userId })}`;
  const rateToken = signer.sign({ p: 'rate', u: userId, d: digestId });
  return {
    web: digestPageUrl(base, digestId),
    rate: (n: number) => `${base}/api/email/rate?t=${rateToken}&rating=${n}`,
    unsubscribe,
    preferences: preferencesUrl(base),
    entity: entityPageUrl(base),
  };
}
