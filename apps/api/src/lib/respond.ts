import type { FastifyReply } from 'fastify';
import type { TListMeta } from '@residency/shared';

/** The success envelope every route answers with: `{ success: true, message?, data }` (a list adds `meta`). */
export function ok<T>(data: T, message?: string) {
  return message === undefined ? { success: true as const, data } : { success: true as const, message, data };
}

export function list<T>(data: T[], meta: TListMeta) {
  return { success: true as const, data, meta };
}

/**
 * Sends JSON that is already serialised and encoded (a cached answer): Fastify sends a Buffer
 * as it is, without running the route's serializer or re-encoding it on every request.
 */
export function sendSerialized(reply: unknown, json: Buffer) {
  return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
}

/** Serialises an answer once, for the cache. */
export function serialize(body: unknown): Buffer {
  return Buffer.from(JSON.stringify(body));
}
