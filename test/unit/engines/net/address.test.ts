import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addressRange, isPublicAddress } from '../../../../engines/net/address.ts';

describe('isPublicAddress', () => {
  const publicAddresses = [
    '8.8.8.8',
    '93.184.216.34',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.0',
    '172.32.0.1',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001::1',
    '[2606:4700::1]',
    '::ffff:8.8.8.8', // IPv4-mapped public
    '64:ff9b::808:808', // NAT64 of 8.8.8.8
    '2002:808:808::1', // 6to4 of 8.8.8.8
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7', // Teredo: server 65.54.227.120, client 8.8.8.8
  ];
  for (const ip of publicAddresses) it(`accepts ${ip}`, () => assert.equal(isPublicAddress(ip), true));

  const refused: [string, string][] = [
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['192.0.2.1', 'TEST-NET-1'],
    ['198.51.100.1', 'TEST-NET-2'],
    ['203.0.113.1', 'TEST-NET-3'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.88.99.1', '6to4 relay'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'bracketed loopback'],
    ['fc00::1', 'ULA'],
    ['fd12:3456::1', 'ULA'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with zone'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'site-local'],
    ['100::1', 'discard'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001:2::1', 'benchmarking'],
    ['5f00::1', 'SRv6'],
    ['::7f00:1', 'IPv4-compatible'],
    ['::ffff:127.0.0.1', 'mapped loopback'],
    ['::ffff:7f00:1', 'mapped loopback (hex)'],
    ['::ffff:169.254.169.254', 'mapped metadata'],
    ['::ffff:10.0.0.1', 'mapped private'],
    ['::ffff:0:7f00:1', 'IPv4-translated'],
    ['64:ff9b::7f00:1', 'NAT64 loopback'],
    ['64:ff9b::a00:1', 'NAT64 private'],
    ['64:ff9b:1::a00:1', 'local-use NAT64'],
    ['2002:7f00:1::1', '6to4 loopback'],
    ['2002:a00:1::', '6to4 private'],
    ['2002:c0a8:101::1', '6to4 192.168.1.1'],
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'Teredo client 10.0.0.1'],
    ['2001:0:7f00:1:8000:63bf:f7f7:f7f7', 'Teredo server 127.0.0.1'],
    ['not-an-ip', 'garbage'],
    ['', 'empty'],
    ['1.2.3.4.5', 'five parts'],
    ['example.com', 'a name'],
  ];
  for (const [ip, what] of refused) it(`refuses ${ip || '""'} (${what})`, () => assert.equal(isPublicAddress(ip), false));

  it('accepts listed ranges (the test world) and nothing else', () => {
    assert.equal(isPublicAddress('127.0.0.1', ['127.0.0.0/8']), true);
    assert.equal(isPublicAddress('127.0.0.2', ['127.0.0.1/32']), false);
    assert.equal(isPublicAddress('10.0.0.1', ['127.0.0.0/8']), false);
    assert.equal(isPublicAddress('::ffff:127.0.0.1', ['127.0.0.0/8']), true, 'the embedded address is matched too');
    assert.equal(isPublicAddress('::1', ['::1/128']), true);
    assert.equal(isPublicAddress('::1', ['127.0.0.0/8']), false);
    assert.equal(isPublicAddress('8.8.8.8', ['127.0.0.0/8']), true);
  });
});

describe('addressRange', () => {
  it('names the range, and the carried address for wrappers', () => {
    assert.equal(addressRange('8.8.8.8'), 'unicast');
    assert.equal(addressRange('10.0.0.1'), 'private');
    assert.equal(addressRange('198.51.100.1'), 'reserved');
    assert.equal(addressRange('[::1]'), 'loopback');
    assert.equal(addressRange('::ffff:7f00:1'), 'ipv4Mapped(loopback)');
    assert.equal(addressRange('2002:a00:1::'), '6to4(private)');
    assert.equal(addressRange('x'), 'invalid');
  });
});
