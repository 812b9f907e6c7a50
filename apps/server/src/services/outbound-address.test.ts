import { describe, expect, it } from 'vitest';
import { isAllowedHost, parseAllowedHosts } from '../config/allowed-hosts';
import { classifyAddress } from './outbound-address';

/** How a URL's host reaches the classifier: as the URL parser normalises it, without brackets. */
const hostOf = (typed: string) => new URL(`http://${typed}/`).hostname.replace(/^\[|\]$/g, '');

describe('classifyAddress: only public unicast addresses pass', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['not-an-address', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '172.15.255.255',
    '100.128.0.1',
    '169.255.0.1',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '2002:808:808::1',
    '64:ff9b::808:808',
  ])('%s is public', (address) => {
    expect(classifyAddress(address)).toBeNull();
  });

  it('judges the host forms a URL can spell the same address in', () => {
    expect(hostOf('2130706433')).toBe('127.0.0.1');
    expect(hostOf('127.1')).toBe('127.0.0.1');
    expect(hostOf('0x7f.1')).toBe('127.0.0.1');
    expect(hostOf('0177.0.0.1')).toBe('127.0.0.1');
    for (const typed of ['2130706433', '127.1', '0x7f000001', '017700000001', '[::ffff:127.0.0.1]', '[0:0::1]', 'localhost']) {
      const host = hostOf(typed);
      expect(host === 'localhost' ? 'loopback' : classifyAddress(host), typed).toBe('loopback');
    }
    expect(classifyAddress(hostOf('0.0.0.0'))).toBe('unspecified');
    expect(classifyAddress(hostOf('0'))).toBe('unspecified');
    expect(classifyAddress(hostOf('[::]'))).toBe('unspecified');
    expect(classifyAddress(hostOf('[::ffff:a9fe:a9fe]'))).toBe('metadata');
  });
});

describe('OUTBOUND_ALLOWED_HOSTS', () => {
  it('reads host and host:port entries, spelled as a URL spells them', () => {
    expect(parseAllowedHosts(undefined)).toEqual([]);
    expect(parseAllowedHosts(' ollama.LAN:11434, 10.0.0.5 ,[::1]:8080,127.1:80,')).toEqual([
      { host: 'ollama.lan', port: 11434 },
      { host: '10.0.0.5', port: null },
      { host: '::1', port: 8080 },
      { host: '127.0.0.1', port: 80 },
    ]);
    expect(() => parseAllowedHosts('http://x/y')).toThrow(/OUTBOUND_ALLOWED_HOSTS/);
    expect(() => parseAllowedHosts('a b')).toThrow(/OUTBOUND_ALLOWED_HOSTS/);
  });

  it('lets a listed host through on its port (or any port when none is given)', () => {
    const allowed = parseAllowedHosts('ollama.lan:11434,10.0.0.5,[::1]:8080');
    expect(isAllowedHost(allowed, 'ollama.lan', 11434)).toBe(true);
    expect(isAllowedHost(allowed, 'OLLAMA.lan.', 11434)).toBe(true);
    expect(isAllowedHost(allowed, 'ollama.lan', 80)).toBe(false);
    expect(isAllowedHost(allowed, '10.0.0.5', 1234)).toBe(true);
    expect(isAllowedHost(allowed, '[::1]', 8080)).toBe(true);
    expect(isAllowedHost(allowed, '::1', 8081)).toBe(false);
    expect(isAllowedHost(allowed, '10.0.0.6', 1234)).toBe(false);
  });
});
