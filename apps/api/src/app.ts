import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { bookingsRoutes } from './modules/reservations/bookings.routes.ts';
import { guestRegisterRoutes } from './modules/guest-register/guest-register.routes.ts';
import { policeRegisterRoutes } from './modules/guest-register/police-register.routes.ts';
import { idViewsRoutes } from './modules/guest-register/id-views.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { nightAuditRoutes } from './modules/night-audit/night-audit.routes.ts';
import nightAudit from './modules/night-audit/night-audit.plugin.ts';
import { backupsRoutes } from './modules/backups/backups.routes.ts';
import backupsGuard from './modules/backups/backups.plugin.ts';
import { cashUpRoutes } from './modules/cash-up/cash-up.routes.ts';
import { chargeTypesRoutes } from './modules/charge-types/charge-types.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { categoriesRoutes } from './modules/categories/categories.routes.ts';
import { channelsRoutes } from './modules/channels/channels.routes.ts';
import { ratesRoutes } from './modules/rates/rates.routes.ts';
import { couponsRoutes } from './modules/coupons/coupons.routes.ts';
import { roomsRoutes } from './modules/rooms/rooms.routes.ts';
import roomsCache from './plugins/rooms-cache.ts';
import availabilityIndex from './modules/availability/availability.plugin.ts';
import { googleRoutes } from './modules/auth/google.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { createSitePages } from './modules/site/site.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { servicesRoutes } from './modules/services/services.routes.ts';
import { emailTemplatesRoutes } from './modules/email-templates/email-templates.routes.ts';
import { smsRoutes } from './modules/sms/sms.routes.ts';
import { blogsRoutes } from './modules/blogs/blogs.routes.ts';
import { galleryRoutes } from './modules/gallery/gallery.routes.ts';
import { heroSlidesRoutes } from './modules/hero-slides/hero-slides.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import onlinePayments from './modules/online-payments/online-payments.plugin.ts';
import preArrival from './modules/reservations/pre-arrival.ts';
import guestRegister from './modules/guest-register/guest-register.plugin.ts';
import { onlinePaymentsRoutes } from './modules/online-payments/online-payments.routes.ts';
import auth from './plugins/auth.ts';
import compression from './plugins/compress.ts';
import database from './plugins/db.ts';
import idempotency from './plugins/idempotency.ts';
import auditActors from './plugins/audit.ts';
import docs from './plugins/docs.ts';
import errors, { clientErrorHandler, frameworkErrors } from './plugins/errors.ts';
import { serializeErrorForLog } from './lib/database-errors.ts';
import mailer from './plugins/mailer.ts';
import sms from './plugins/sms.ts';
import rateLimits from './plugins/rate-limit.ts';
import securityHeaders from './plugins/security-headers.ts';
import storage from './plugins/storage.ts';
import privateStorage from './plugins/private-storage.ts';
import web from './plugins/web.ts';
import { validatorCompiler } from './plugins/validation.ts';

export interface BuildOptions {
  /** An open database to use instead of opening one from the configuration. */
  database?: DatabaseHandle;
  /** Pino logger on (true), off (false), or its options. */
  logger?: boolean | object;
}

/**
 * What the log keeps of errors and requests: never query parameters (SQL values, nor a URL's
 * query string, which may hold a password-reset token or what a guest searched for).
 */
const LOG_SERIALIZERS = {
  err: serializeErrorForLog,
  req: (request: { method: string; url: string; hostname?: string; ip?: string }) => ({
    method: request.method,
    url: request.url.split('?')[0],
    host: request.hostname,
    remoteAddress: request.ip,
  }),
};

/** Builds the whole server: plugins first, then each feature's routes under /api. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const logger = options.logger ?? { level: config.logLevel };
  const app = Fastify({
    logger: logger === false ? false : { ...(logger === true ? {} : logger), serializers: LOG_SERIALIZERS },
    trustProxy: config.trustProxy,
    // Opening the embedded database and running its migrations can take longer than Fastify's
    // default 10 s on a busy 2-core machine; a slow start is better than none.
    pluginTimeout: 120_000,
    bodyLimit: 1_048_576,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  // First, so that answers refused by a later hook (401, 403, 429) carry the headers too.
  await app.register(securityHeaders);
  // Brotli or gzip for the answers the server builds (JSON, pages) when the client accepts it.
  await app.register(compression);
  await app.register(errors);
  await app.register(auth);
  await app.register(rateLimits);
  await app.register(database, { handle: options.database });
  await app.register(idempotency);
  await app.register(auditActors);
  await app.register(mailer);
  await app.register(sms);
  await app.register(storage);
  await app.register(privateStorage);
  await app.register(roomsCache);
  await app.register(availabilityIndex);
  // Gateways, the payment job and (outside production) the sandbox gateway under /sandbox-gateway/.
  await app.register(onlinePayments);
  await app.register(preArrival);
  await app.register(guestRegister);
  await app.register(nightAudit);
  await app.register(backupsGuard);
  // Filled by features that may forbid removing a room (bookings).
  app.decorate('roomRemovalGuards', []);
  await app.register(docs);

  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(googleRoutes);
      await api.register(usersRoutes);
      await api.register(contactRoutes);
      await api.register(siteRoutes);
      await api.register(healthRoutes);
      await api.register(dashboardRoutes);
      await api.register(uploadsRoutes);
      await api.register(roomsRoutes);
      await api.register(categoriesRoutes);
      await api.register(couponsRoutes);
      await api.register(bookingsRoutes);
      await api.register(guestRegisterRoutes);
      await api.register(policeRegisterRoutes);
      await api.register(idViewsRoutes);
      await api.register(auditRoutes);
      await api.register(nightAuditRoutes);
      await api.register(backupsRoutes);
      await api.register(onlinePaymentsRoutes);
      await api.register(chargeTypesRoutes);
      await api.register(cashUpRoutes);
      await api.register(invoicesRoutes);
      await api.register(channelsRoutes);
      await api.register(ratesRoutes);
      await api.register(eventsRoutes);
      await api.register(servicesRoutes);
      await api.register(emailTemplatesRoutes);
      await api.register(smsRoutes);
      await api.register(blogsRoutes);
      await api.register(galleryRoutes);
      await api.register(heroSlidesRoutes);
    },
    { prefix: '/api' },
  );

  // The web app's pages come from the site module: the plugin serves, the module knows the pages.
  await app.register(web, { pages: (build) => createSitePages(app, build) });
  return app;
}
