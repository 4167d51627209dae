import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * @fastify/static answers a directory (`/assets/`, `/uploads/`) or a `..` path with 403: to a
 * caller, that is a file that does not exist, and saying "forbidden" only hints at the layout.
 */
export function directoriesAreNotFound(scope: FastifyInstance) {
  scope.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    if (error.statusCode === 403) return notFound(request, reply);
    throw error;
  });
}

/** The 404 of the API contract, for any method and path that matched nothing. */
export function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({
    success: false,
    // Cut: the path is the caller's text and may be kilobytes long.
    message: `Nothing is found at ${request.method} ${request.url.split('?')[0]!.slice(0, 200)}.`,
    code: 'NOT_FOUND',
  });
}
