import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { describeAccess, type Access } from './access.ts';
import { ERROR_SCHEMA_NAME, errorComponent, withErrorAnswers } from './docs-answers.ts';
import { contractsTransform } from './docs-formats.ts';

/**
 * The OpenAPI document at /api/openapi.json, generated from the zod contracts, and its
 * reference page at /api/docs. Each operation says who may call it (see plugins/auth.ts), every
 * answer it may give, errors included (docs-answers.ts), and each string its format (docs-formats.ts).
 */
export default fp(async function docs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${app.config.hotel.name} API`,
        version: '1.0.0',
        description:
          'The booking website and back office of one hotel. Successful answers are `{ success: true, data, meta? }`; errors are `{ success: false, message, code, errors? }`. Send `Authorization: Bearer <token>` from `POST /api/auth/login`.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        schemas: { [ERROR_SCHEMA_NAME]: errorComponent() },
      },
    },
    // Each operation states who may call it, from the route's access declaration.
    transform: (input) => {
      // The reference is the API's: the web app's pages, /sitemap.xml, /robots.txt and the static
      // files (plugins/web.ts, storage.ts) are left out. They have no schema, and the document
      // failed with a 500 on the first of them once a web build was served.
      if (!input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
      const out = contractsTransform(input);
      // (An /api route without a schema still gets its access note and its error answers.)
      const schema = (out.schema ?? {}) as Record<string, unknown>;
      out.schema = schema;
      if (schema.hide) return out;
      schema.response = withErrorAnswers(input.route, schema, schema.response as Record<string, unknown> | undefined);
      const access = input.route.config?.access as Access | undefined;
      if (!access) return out;
      const about = describeAccess(access);
      schema.description = schema.description ? `${String(schema.description)}\n\n${about}` : about;
      schema['x-access'] = typeof access === 'string' ? access : [...access];
      if (access !== 'public') schema.security = [{ bearerAuth: [] }];
      return out;
    },
  });

  app.get(
    '/api/openapi.json',
    { config: { access: 'public' }, schema: { hide: true } },
    async () => app.swagger(),
  );

  // The reference page's own routes (HTML, static assets) are public by nature.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
});
