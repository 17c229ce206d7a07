import { lookup as lookupCallback, type LookupAddress, type LookupOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { Agent, fetch as undiciFetch, type RequestInit, type Response } from 'undici';

/**
 * Where a follow-alert webhook may point: http(s) only, and, unless the configuration allows it
 * (FOLLOW_WEBHOOK_PRIVATE=allow: tests, a closed network), no private, loopback, link-local or unspecified address,
 * so a subscriber cannot make the server post into its own network. Checked when the address is saved, again before
 * each post, and at the moment of connecting (webhookFetch): a name that answered a public address to the check
 * and a private one a second later (DNS rebinding) is refused by the lookup the connection itself uses.
 */

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

export class WebhookAddressError extends Error {}

/** Whether an IP address is private, loopback, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  return PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** Throws a WebhookAddressError (its message fit for the subscriber) when the address may not be posted to. */
export async function checkWebhookAddress(url: string, allowPrivate: boolean): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new WebhookAddressError('The webhook address is not a valid URL.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new WebhookAddressError('The webhook address must be an http:// or https:// URL.');
  if (parsed.username || parsed.password) throw new WebhookAddressError('The webhook address may not hold a user name or password.');
  if (allowPrivate) return;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw new WebhookAddressError(`The webhook's host "${host}" could not be found.`);
    }
  }
  if (addresses.some(isPrivateAddress))
    throw new WebhookAddressError('The webhook address points at a private or local network; use an address on the public internet.');
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A lookup for net.connect that resolves as usual and refuses private answers: the address checked is the one
 * connected to. Node asks for all addresses (`all: true`, to try both families) or for one, so both are answered.
 */
function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookupCallback(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused) {
      const e: NodeJS.ErrnoException = new WebhookAddressError(
        `The webhook's host "${hostname}" now points at a private or local network (${refused.address}).`,
      );
      e.code = 'EPRIVATEADDRESS';
      return callback(e, '');
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}

let publicOnlyAgent: Agent | undefined;

/**
 * POSTs to a webhook the way fetch does, connecting only to public addresses unless private ones are allowed. A
 * literal IP is never looked up, so checkWebhookAddress (run first by the caller) is what refuses a private one.
 */
export function webhookFetch(url: string, init: RequestInit, allowPrivate: boolean): Promise<Response> {
  if (allowPrivate) return undiciFetch(url, init);
  publicOnlyAgent ??= new Agent({ connect: { lookup: publicOnlyLookup } });
  return undiciFetch(url, { ...init, dispatcher: publicOnlyAgent });
}
