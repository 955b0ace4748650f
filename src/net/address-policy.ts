/**
 * Which resolved addresses an outgoing request may connect to (webhooks, URL-scan page fetches, chain providers):
 * public unicast only. The refused ranges are data (special-purpose-registry.ts): the IANA IPv4 and IPv6
 * special-purpose registries, multicast, and cloud metadata / wire-server addresses. IPv4 wrapped in IPv6
 * (IPv4-mapped, IPv4-translated, NAT64 64:ff9b::/96, 6to4 2002::/16) is unwrapped and judged as IPv4. Any other
 * IPv6 address must lie in global unicast 2000::/3: the rest of the space (IPv4-compatible ::/96 among it) is
 * reserved.
 *
 * `allowPrivate` (an UNSAFE_ALLOW_PRIVATE_* setting, for tests on loopback) lets special-purpose addresses
 * through, never a cloud metadata address.
 */
import ipaddr from 'ipaddr.js';
import { CLOUD_METADATA, IPV4_SPECIAL, IPV6_SPECIAL, type SpecialRange } from './special-purpose-registry.ts';

export interface AddressVerdict {
  allowed: boolean;
  reason?: string;
  address: string;
}

export interface AddressPolicyOptions {
  /** Let special-purpose (private, loopback ...) addresses through; cloud metadata stays refused. */
  allowPrivate?: boolean;
}

type Range = SpecialRange & { parsed: [ipaddr.IPv4 | ipaddr.IPv6, number] };

const compile = (list: readonly SpecialRange[]): Range[] =>
  list.map((r) => ({ ...r, parsed: ipaddr.parseCIDR(r.cidr) }));
const V4_SPECIAL = compile(IPV4_SPECIAL);
const V6_SPECIAL = compile(IPV6_SPECIAL);
const METADATA = compile(CLOUD_METADATA);

/** Prefixes that carry an IPv4 address, and the bytes of the IPv6 address that hold it. */
const WRAPPERS = [
  { cidr: '::ffff:0:0/96', name: 'IPv4-mapped', from: 12 },
  { cidr: '::ffff:0:0:0/96', name: 'IPv4-translated', from: 12 },
  { cidr: '64:ff9b::/96', name: 'NAT64', from: 12 },
  { cidr: '2002::/16', name: '6to4', from: 2 },
].map((w) => ({ ...w, parsed: ipaddr.parseCIDR(w.cidr) }));
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** The most specific range of `ranges` that holds `ip` (so 192.0.0.9 is named PCP anycast, not 192.0.0.0/24). */
function matchRange(ip: ipaddr.IPv4 | ipaddr.IPv6, ranges: Range[]): Range | null {
  let best: Range | null = null;
  for (const r of ranges) {
    if (r.parsed[0].kind() !== ip.kind() || !ip.match(r.parsed)) continue;
    if (!best || r.parsed[1] > best.parsed[1]) best = r;
  }
  return best;
}

function judge(ip: ipaddr.IPv4 | ipaddr.IPv6, shown: string, opts: AddressPolicyOptions, wrapped = ''): AddressVerdict {
  const prefix = wrapped ? `${wrapped} wrapping ` : '';
  const metadata = matchRange(ip, METADATA);
  if (metadata)
    return { allowed: false, address: shown, reason: `${prefix}cloud metadata address ${ip} (${metadata.name})` };
  const special = matchRange(ip, ip.kind() === 'ipv4' ? V4_SPECIAL : V6_SPECIAL);
  if (special && !opts.allowPrivate)
    return { allowed: false, address: shown, reason: `${prefix}${special.name} address ${ip} (${special.cidr})` };
  if (!special && ip.kind() === 'ipv6' && !ip.match(GLOBAL_UNICAST_V6) && !opts.allowPrivate)
    return { allowed: false, address: shown, reason: `reserved address ${ip} (outside global unicast 2000::/3)` };
  return { allowed: true, address: shown };
}

/** Judges one IP address literal (v4 or v6, no brackets). Anything unparsable is refused. */
export function checkAddress(ip: string, opts: AddressPolicyOptions = {}): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(ip);
  } catch {
    return { allowed: false, address: ip, reason: 'not an IP address' };
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    const wrapper = WRAPPERS.find((w) => v6.match(w.parsed));
    if (wrapper) {
      const inner = new ipaddr.IPv4(v6.toByteArray().slice(wrapper.from, wrapper.from + 4));
      return judge(inner, ip, opts, wrapper.name);
    }
  }
  return judge(parsed, ip, opts);
}
