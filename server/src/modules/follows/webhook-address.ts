import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a follow-alert webhook may point: http(s) only, and, unless the configuration allows it
 * (FOLLOW_WEBHOOK_PRIVATE=allow: tests, a closed network), no private, loopback, link-local or unspecified address,
 * so a subscriber cannot make the server post into its own network. Checked when the address is saved and again
 * before each post (a name may resolve elsewhere later).
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
