import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { withActor, type AuditActor } from '../db/audit-actor.ts';

/**
 * The author of each request's changes (issue 35): every route's handler runs with its caller in
 * scope (lib/audit-actor.ts), so the audit records its transactions write name them, their role
 * then, the address, the browser and the route. Registered before any route.
 */
export default fp(async function auditActors(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const handler = route.handler;
    route.handler = function auditedHandler(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      return withActor(requestActor(request, route.url), () => handler.call(this, request, reply));
    };
  });
});

/** The request's caller as the audit trail names them: a signed-in account, or a guest (a visitor). */
function requestActor(request: FastifyRequest, url = request.routeOptions.url ?? request.url): AuditActor {
  const principal = request.principal;
  const agent = request.headers['user-agent'];
  return {
    id: principal?.id ?? null,
    role: principal?.role ?? 'guest',
    label: principal ? (principal.user.email ?? principal.user.name) : null,
    ip: request.ip ?? null,
    ua: typeof agent === 'string' ? agent.slice(0, 300) : null,
    route: `${request.method} ${url}`,
  };
}
