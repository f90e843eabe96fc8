import { describe, expect, it } from 'vitest';
import { classifyAddress } from './address-class';
import { createAddressPolicy } from './address-policy';

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:80b::200e', 'public'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd00:ec2::254', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['64:ff9b:1::1', 'reserved'],
    // IPv6 forms that carry an IPv4 address are judged as that address.
    ['::ffff:127.0.0.1', 'loopback'],
    ['[::ffff:127.0.0.1]', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::808:808', 'public'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['localhost', 'invalid'],
    ['999.1.1.1', 'invalid'],
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });
});

describe('createAddressPolicy', () => {
  it('refuses everything but public addresses by default', () => {
    const policy = createAddressPolicy();
    expect(policy.refusal('8.8.8.8')).toBeNull();
    expect(policy.refusal('::ffff:7f00:1')).toBe('a loopback address');
    expect(policy.refusal('10.0.0.1')).toBe('a private address');
  });

  it("lets the operator's ranges through, IPv4-mapped forms included, and nothing more", () => {
    const policy = createAddressPolicy(['10.0.0.0/8', '127.0.0.2', 'fd00::/8']);
    expect(policy.refusal('10.9.9.9')).toBeNull();
    expect(policy.refusal('::ffff:10.9.9.9')).toBeNull();
    expect(policy.refusal('127.0.0.2')).toBeNull();
    expect(policy.refusal('127.0.0.1')).toBe('a loopback address');
    expect(policy.refusal('fd12::1')).toBeNull();
    expect(policy.refusal('fc00::1')).toBe('a private address');
    expect(policy.refusal('192.168.0.1')).toBe('a private address');
  });

  it.each([
    ['http://[::ffff:127.0.0.1]:8080/v1', 'a loopback address'],
    ['http://0x7f.1/v1', 'a loopback address'],
    ['http://2130706433/', 'a loopback address'],
    ['http://169.254.169.254/latest', 'a link-local address'],
    ['http://metadata.google.internal/computeMetadata', 'a cloud metadata service'],
    ['http://METADATA.GOOGLE.INTERNAL./x', 'a cloud metadata service'],
    ['http://localhost:11434/v1', 'a loopback address'],
    ['http://api.localhost./v1', 'a loopback address'],
    ['ftp://example.com/', 'not an http(s) URL'],
    ['not a url', 'not a valid URL'],
  ])('urlRefusal(%s) is %s', (url, expected) => {
    expect(createAddressPolicy().urlRefusal(url)).toBe(expected);
  });

  it('leaves host names to connect time', () => {
    expect(createAddressPolicy().urlRefusal('https://api.mistral.ai/v1')).toBeNull();
  });

  it('refuses a malformed range', () => {
    expect(() => createAddressPolicy(['10.0.0.0/33'])).toThrow(/prefix/);
    expect(() => createAddressPolicy(['example.com'])).toThrow(/not an IP/);
  });
});
