import { isIPv4, isIPv6 } from 'node:net';
import type { RefusedAddressKind } from '@guildhall/contract';

/**
 * Which addresses an outgoing call to an admin- or officer-typed URL may reach: public unicast only. Everything
 * else (private, loopback, link-local, cloud metadata, unspecified, multicast, reserved ranges) is refused unless
 * the operator allowlists the host (OUTBOUND_ALLOWED_HOSTS).
 */

/** null: a public address; otherwise why it is refused. Anything that is not an IP address counts as reserved. */
export function classifyAddress(address: string): RefusedAddressKind | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return classifyIpv4(ipv4ToNumber(bare));
  if (isIPv6(bare)) return classifyIpv6(ipv6ToHextets(bare));
  return 'reserved';
}

const METADATA_V4 = new Set([ipv4ToNumber('169.254.169.254'), ipv4ToNumber('100.100.100.200')]);

/** [first address, prefix length, kind] in order: the first match decides. */
const V4_RANGES: [string, number, RefusedAddressKind][] = [
  ['0.0.0.0', 32, 'unspecified'],
  ['0.0.0.0', 8, 'reserved'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const V4_MASKS = V4_RANGES.map(([first, prefix, kind]) => {
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return { base: ipv4ToNumber(first) & mask, mask, kind };
});

function classifyIpv4(value: number): RefusedAddressKind | null {
  if (METADATA_V4.has(value)) return 'metadata';
  for (const { base, mask, kind } of V4_MASKS) if ((value & mask) >>> 0 === base >>> 0) return kind;
  return null;
}

function classifyIpv6(h: number[]): RefusedAddressKind | null {
  const [a = 0, b = 0] = h;
  const zeroUpTo = (n: number) => h.slice(0, n).every((x) => x === 0);
  const embeddedV4 = (hi: number, lo: number) => ((hi << 16) >>> 0) + lo;
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && h[7] === 1) return 'loopback';
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible) reach the IPv4 address: judged as it.
  if (zeroUpTo(5) && h[5] === 0xffff) return classifyIpv4(embeddedV4(h[6]!, h[7]!));
  if (zeroUpTo(6)) return classifyIpv4(embeddedV4(h[6]!, h[7]!)) ?? 'reserved';
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address that decides where the packet goes.
  if (a === 0x64 && b === 0xff9b && h.slice(2, 6).every((x) => x === 0)) return classifyIpv4(embeddedV4(h[6]!, h[7]!));
  if (a === 0x2002) return classifyIpv4(embeddedV4(b, h[2]!));
  if (a === 0xfd00 && b === 0x0ec2 && h.slice(2, 7).every((x) => x === 0) && h[7] === 0x254) return 'metadata';
  if ((a & 0xfe00) === 0xfc00) return 'private';
  if ((a & 0xffc0) === 0xfe80) return 'link-local';
  if ((a & 0xffc0) === 0xfec0) return 'private';
  if ((a & 0xff00) === 0xff00) return 'multicast';
  // Teredo (2001::/32) tunnels to hosts it does not name; 2001:db8::/32 is for documentation.
  if (a === 0x2001 && (b === 0 || b === 0x0db8)) return 'reserved';
  // Global unicast is 2000::/3; the rest is unassigned or special.
  if ((a & 0xe000) !== 0x2000) return 'reserved';
  return null;
}

function ipv4ToNumber(address: string): number {
  return address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0) >>> 0;
}

/** The eight 16-bit groups of an IPv6 address (with '::' expanded and a dotted IPv4 tail converted). */
function ipv6ToHextets(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4ToNumber(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const first = parse(head);
  if (tail === undefined) return first;
  const last = parse(tail);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}
