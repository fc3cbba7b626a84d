// The caller's address for the sign-in throttle. Behind the edge (a proxy on this host) the peer
// is loopback, so the edge's X-Forwarded-For entry (the right-most, the one it appended) is used;
// from any other peer the header is ignored, since a client could write anything in it.
import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

export function clientAddress(request: FastifyRequest): string {
  const peer = request.socket.remoteAddress ?? request.ip;
  if (!LOOPBACK.test(peer)) return peer;
  const header = request.headers['x-forwarded-for'];
  const value = Array.isArray(header) ? header.join(',') : header;
  const last = value?.split(',').map((s) => s.trim()).filter(Boolean).at(-1);
  return last ?? peer;
}
