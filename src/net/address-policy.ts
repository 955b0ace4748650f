/**
 * Which resolved addresses an outgoing request may connect to: public unicast only. Ranges come from ipaddr.js
 * (IANA special-purpose registries): loopback, private, CGNAT, link-local (cloud metadata), unique-local,
 * multicast, broadcast, unspecified, reserved, documentation, benchmarking, discard. IPv4 wrapped in IPv6
 * (IPv4-mapped, IPv4-translated, NAT64 64:ff9b::/96, 6to4 2002::/16) is unwrapped and judged as IPv4; Teredo and
 * the local-use NAT64 prefix 64:ff9b:1::/48 (operator-chosen embedding) are refused outright. Any other IPv6
 * address must lie in global unicast 2000::/3 outside the IETF protocol assignments 2001::/23: the rest of the
 * space (IPv4-compatible ::/96 among it) is reserved.
 */
import ipaddr from 'ipaddr.js';

export interface AddressVerdict {
  allowed: boolean;
  reason?: string;
  address: string;
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const IETF_PROTOCOL_V6 = ipaddr.parseCIDR('2001::/23');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

function embeddedV4(v6: ipaddr.IPv6, range: string): ipaddr.IPv4 | null {
  const b = v6.toByteArray();
  if (range === 'ipv4Mapped') return v6.toIPv4Address();
  if (range === 'rfc6145' || (range === 'rfc6052' && v6.match(NAT64_WELL_KNOWN)))
    return new ipaddr.IPv4(b.slice(12, 16));
  if (range === '6to4') return new ipaddr.IPv4(b.slice(2, 6));
  return null;
}

function judgeV4(v4: ipaddr.IPv4, shown: string, wrapped?: string): AddressVerdict {
  const range = v4.range();
  if (range === 'unicast') return { allowed: true, address: shown };
  return {
    allowed: false,
    address: shown,
    reason: `${wrapped ? `${wrapped} wrapping ` : ''}${range} address ${v4.toString()}`,
  };
}

/** Judges one IP address literal (v4 or v6, no brackets). Anything unparsable is refused. */
export function checkAddress(ip: string): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(ip);
  } catch {
    return { allowed: false, address: ip, reason: 'not an IP address' };
  }
  if (parsed.kind() === 'ipv4') return judgeV4(parsed as ipaddr.IPv4, ip);
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  const inner = embeddedV4(v6, range);
  if (inner) return judgeV4(inner, ip, range);
  if (range === 'unicast' && v6.match(GLOBAL_UNICAST_V6) && !v6.match(IETF_PROTOCOL_V6))
    return { allowed: true, address: ip };
  return { allowed: false, address: ip, reason: `${range === 'unicast' ? 'reserved' : range} address ${ip}` };
}
