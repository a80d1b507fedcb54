import { clientAddressKey } from './client-address.js';

describe('clientAddressKey', () => {
  it('counts IPv6 by its /64 and IPv4-mapped IPv6 as its IPv4 address', () => {
    expect(clientAddressKey('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddressKey('::ffff:c633:6407')).toBe('198.51.100.7');
    expect(clientAddressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddressKey(undefined)).toBe('unknown');
  });
});
