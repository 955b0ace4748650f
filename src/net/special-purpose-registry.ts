/**
 * The address ranges no outgoing request may reach, as data: the IANA IPv4 and IPv6 Special-Purpose Address
 * Registries (iana-ipv4-special-registry, iana-ipv6-special-registry, as of 2025-01), the multicast blocks, and
 * the cloud metadata and wire-server addresses that are ordinary public or link-local addresses to a router but
 * answer with credentials to a process inside the cloud.
 *
 * Every entry of a registry is refused, including the few it marks globally reachable (PCP/TURN/DNS-SD anycast,
 * AS112, AMT, ORCHIDv2, drone remote ID): none of them is ever a webhook receiver or a web page. The wrapping
 * prefixes (IPv4-mapped, NAT64 64:ff9b::/96, 6to4 2002::/16) are not listed here: address-policy.ts unwraps them
 * and judges the IPv4 address inside.
 */

export interface SpecialRange {
  cidr: string;
  name: string;
  /** Where the range is defined. */
  source: string;
}

/** IANA IPv4 Special-Purpose Address Registry, plus multicast (RFC 5771), which has its own registry. */
export const IPV4_SPECIAL: readonly SpecialRange[] = [
  { cidr: '0.0.0.0/8', name: 'this network', source: 'RFC 791' },
  { cidr: '10.0.0.0/8', name: 'private-use', source: 'RFC 1918' },
  { cidr: '100.64.0.0/10', name: 'shared address space (CGNAT)', source: 'RFC 6598' },
  { cidr: '127.0.0.0/8', name: 'loopback', source: 'RFC 1122' },
  { cidr: '169.254.0.0/16', name: 'link-local', source: 'RFC 3927' },
  { cidr: '172.16.0.0/12', name: 'private-use', source: 'RFC 1918' },
  { cidr: '192.0.0.0/24', name: 'IETF protocol assignments', source: 'RFC 6890' },
  { cidr: '192.0.0.0/29', name: 'IPv4 service continuity prefix (DS-Lite)', source: 'RFC 7335' },
  { cidr: '192.0.0.8/32', name: 'IPv4 dummy address', source: 'RFC 7600' },
  { cidr: '192.0.0.9/32', name: 'port control protocol anycast', source: 'RFC 7723' },
  { cidr: '192.0.0.10/32', name: 'traversal using relays around NAT anycast', source: 'RFC 8155' },
  { cidr: '192.0.0.170/32', name: 'NAT64/DNS64 discovery', source: 'RFC 8880' },
  { cidr: '192.0.0.171/32', name: 'NAT64/DNS64 discovery', source: 'RFC 8880' },
  { cidr: '192.0.2.0/24', name: 'documentation (TEST-NET-1)', source: 'RFC 5737' },
  { cidr: '192.31.196.0/24', name: 'AS112-v4', source: 'RFC 7535' },
  { cidr: '192.52.193.0/24', name: 'automatic multicast tunneling', source: 'RFC 7450' },
  { cidr: '192.88.99.0/24', name: 'deprecated 6to4 relay anycast', source: 'RFC 7526' },
  { cidr: '192.168.0.0/16', name: 'private-use', source: 'RFC 1918' },
  { cidr: '192.175.48.0/24', name: 'direct delegation AS112 service', source: 'RFC 7534' },
  { cidr: '198.18.0.0/15', name: 'benchmarking', source: 'RFC 2544' },
  { cidr: '198.51.100.0/24', name: 'documentation (TEST-NET-2)', source: 'RFC 5737' },
  { cidr: '203.0.113.0/24', name: 'documentation (TEST-NET-3)', source: 'RFC 5737' },
  { cidr: '224.0.0.0/4', name: 'multicast', source: 'RFC 5771' },
  { cidr: '240.0.0.0/4', name: 'reserved', source: 'RFC 1112' },
  { cidr: '255.255.255.255/32', name: 'limited broadcast', source: 'RFC 919' },
];

/**
 * IANA IPv6 Special-Purpose Address Registry, plus multicast (RFC 4291). address-policy.ts also refuses anything
 * outside global unicast 2000::/3 (the rest of the space is reserved or special: ::/96 IPv4-compatible among it).
 */
export const IPV6_SPECIAL: readonly SpecialRange[] = [
  { cidr: '::1/128', name: 'loopback', source: 'RFC 4291' },
  { cidr: '::/128', name: 'unspecified', source: 'RFC 4291' },
  { cidr: '64:ff9b:1::/48', name: 'local-use IPv4/IPv6 translation', source: 'RFC 8215' },
  { cidr: '100::/64', name: 'discard-only', source: 'RFC 6666' },
  { cidr: '100:0:0:1::/64', name: 'dummy IPv6 prefix', source: 'RFC 9780' },
  { cidr: '2001::/23', name: 'IETF protocol assignments', source: 'RFC 2928' },
  { cidr: '2001::/32', name: 'TEREDO', source: 'RFC 4380' },
  { cidr: '2001:1::1/128', name: 'port control protocol anycast', source: 'RFC 7723' },
  { cidr: '2001:1::2/128', name: 'traversal using relays around NAT anycast', source: 'RFC 8155' },
  { cidr: '2001:1::3/128', name: 'DNS-SD service registration protocol anycast', source: 'RFC 9665' },
  { cidr: '2001:2::/48', name: 'benchmarking', source: 'RFC 5180' },
  { cidr: '2001:3::/32', name: 'automatic multicast tunneling', source: 'RFC 7450' },
  { cidr: '2001:4:112::/48', name: 'AS112-v6', source: 'RFC 7535' },
  { cidr: '2001:10::/28', name: 'deprecated ORCHID', source: 'RFC 4843' },
  { cidr: '2001:20::/28', name: 'ORCHIDv2', source: 'RFC 7343' },
  { cidr: '2001:30::/28', name: 'drone remote ID protocol entity tags', source: 'RFC 9374' },
  { cidr: '2001:db8::/32', name: 'documentation', source: 'RFC 3849' },
  { cidr: '2620:4f:8000::/48', name: 'direct delegation AS112 service', source: 'RFC 7534' },
  { cidr: '3fff::/20', name: 'documentation', source: 'RFC 9637' },
  { cidr: '5f00::/16', name: 'segment routing (SRv6) SIDs', source: 'RFC 9602' },
  { cidr: 'fc00::/7', name: 'unique-local', source: 'RFC 4193' },
  { cidr: 'fe80::/10', name: 'link-local unicast', source: 'RFC 4291' },
  { cidr: 'ff00::/8', name: 'multicast', source: 'RFC 4291' },
];

/**
 * Cloud instance metadata and wire-server endpoints. Most already lie in a special range (link-local, CGNAT,
 * unique-local); they are listed so that they stay refused even with an UNSAFE_ALLOW_PRIVATE_* setting on, and
 * because some (Azure's WireServer) are publicly routable addresses.
 */
export const CLOUD_METADATA: readonly SpecialRange[] = [
  {
    cidr: '169.254.169.254/32',
    name: 'instance metadata (AWS, GCP, Azure IMDS, OCI, DigitalOcean ...)',
    source: 'vendors',
  },
  { cidr: '169.254.170.2/32', name: 'AWS ECS task metadata and credentials', source: 'AWS' },
  { cidr: '169.254.170.23/32', name: 'AWS EKS pod identity agent', source: 'AWS' },
  { cidr: '169.254.0.23/32', name: 'Tencent Cloud metadata', source: 'Tencent Cloud' },
  { cidr: '168.63.129.16/32', name: 'Azure WireServer and platform DNS/health', source: 'Microsoft' },
  { cidr: '100.100.100.200/32', name: 'Alibaba Cloud metadata', source: 'Alibaba Cloud' },
  { cidr: 'fd00:ec2::254/128', name: 'AWS instance metadata (IPv6)', source: 'AWS' },
  { cidr: 'fd00:ec2::23/128', name: 'AWS EKS pod identity agent (IPv6)', source: 'AWS' },
];

/** Host names of metadata services, refused before any DNS lookup (they resolve only inside the cloud). */
export const CLOUD_METADATA_HOSTS: readonly string[] = [
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.com',
  'metadata.tencentyun.com',
  'instance-data',
  'instance-data.ec2.internal',
];
