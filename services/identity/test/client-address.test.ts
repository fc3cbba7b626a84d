import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { FastifyRequest } from 'fastify';
import { clientAddress, parseTrustedProxies } from '../src/http/client-address.ts';

function request(peer: string, forwardedFor?: string): FastifyRequest {
  return { socket: { remoteAddress: peer }, ip: peer, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } } as unknown as FastifyRequest;
}

describe('client address behind trusted proxies (TRUSTED_PROXIES)', () => {
  const trusted = parseTrustedProxies('127.0.0.1/32,::1/128,10.0.0.0/8');

  it('a spoofed X-Forwarded-For from an untrusted peer is ignored', () => {
    assert.equal(clientAddress(request('203.0.113.9', '198.51.100.1'), trusted), '203.0.113.9');
    assert.equal(clientAddress(request('203.0.113.9', '10.0.0.5, 127.0.0.1'), trusted), '203.0.113.9');
  });

  it('behind the edge in a cluster (peer in 10.0.0.0/8) the client is the entry the edge appended', () => {
    assert.equal(clientAddress(request('10.1.2.3', '198.51.100.7'), trusted), '198.51.100.7');
    assert.equal(clientAddress(request('::ffff:10.1.2.3', '198.51.100.7'), trusted), '198.51.100.7');
  });

  it('a client cannot slip an address in front of the trusted hops: the first untrusted entry from the right wins', () => {
    // client wrote "1.2.3.4", the load balancer (10.0.0.9) appended the real client, the edge appended the LB
    assert.equal(clientAddress(request('10.1.2.3', '1.2.3.4, 198.51.100.7, 10.0.0.9'), trusted), '198.51.100.7');
    assert.equal(clientAddress(request('127.0.0.1', 'not-an-ip'), trusted), '127.0.0.1');
  });

  it('two users behind the edge are told apart (they no longer share the edge address)', () => {
    const a = clientAddress(request('10.9.9.9', '198.51.100.1'), trusted);
    const b = clientAddress(request('10.9.9.9', '198.51.100.2'), trusted);
    assert.notEqual(a, b);
  });

  it('bad entries stop start-up with the variable named', () => {
    assert.throws(() => parseTrustedProxies('10.0.0.0/33'), /TRUSTED_PROXIES/);
    assert.throws(() => parseTrustedProxies('edge'), /TRUSTED_PROXIES/);
  });
});
