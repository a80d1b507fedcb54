import type { Server } from 'node:http';
import { type NestApplicationOptions, RequestMethod } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import type { HttpServerLimits } from './config/http.config.js';
import type { AppConfig } from './config/configuration.js';
import { AllExceptionsFilter } from './http/all-exceptions.filter.js';
import { API_PREFIX } from './http/api-prefix.js';
import { DtoValidationPipe } from './http/dto-validation.pipe.js';
import { JsonBodyGuard } from './http/json-body.guard.js';
import { jsonBodyParser } from './http/json-body.parser.js';
import { noStore } from './http/no-store.js';
import { UnsafeTextPipe } from './http/unsafe-text.pipe.js';
import { validationExceptionFactory } from './http/validation-exception.factory.js';
import { AppLogger } from './logging/app-logger.js';
import { REQUEST_LOGGER, type RequestLogger } from './logging/logging.module.js';
import { recordHttpMetrics } from './metrics/http-metrics.js';
import { Metrics } from './metrics/metrics.service.js';
import { openAiErrorShape } from './openai-api/openai-exception.filter.js';
import { OPENAPI_DOCUMENT_PATH, OPENAPI_UI_PATH, openApiDocument } from './openapi-document.js';
import { scimErrorShape } from './teams/scim/scim-error.shape.js';
import { refuseWhileDraining } from './shutdown/refuse-while-draining.js';
import { ShutdownService } from './shutdown/shutdown.service.js';

/**
 * The options main.ts, `npm run routes`, the benches and the tests create the app with. Express
 * tries routes in the order they were registered, which Nest takes from the order it reads the
 * modules in: registered by specificity instead, a literal segment is tried before a parameter
 * (`/workflows/resume` before `/workflows/:id`) whichever module declares it; and one method and
 * path declared twice stops the start. (Nest's `shadow` check stays off: it takes the dashboard's
 * `/dashboard` and `/dashboard/{*path}`, one handler, for a conflict; test/e2e/http/route-matching
 * checks every literal and parameter pair instead.)
 */
export const APP_OPTIONS = {
  bodyParser: false,
  routeResolutionStrategy: 'specificity',
  routeConflictPolicy: { duplicate: 'error' },
} as const satisfies NestApplicationOptions;

/** Everything main.ts and the tests share: the app as it runs in production. */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  const config = app.get<ConfigService<AppConfig, true>>(ConfigService);
  const settings = config.get('app', { infer: true });
  const http = config.get('http', { infer: true });

  app.useLogger(app.get(AppLogger));
  limitHttpServer(app.getHttpServer(), http.server);
  app.use(app.get<RequestLogger>(REQUEST_LOGGER));
  app.use(recordHttpMetrics(app.get(Metrics)));
  app.use(['/api', '/v1', '/mcp'], noStore);
  app.use(refuseWhileDraining(app.get(ShutdownService)));
  app.set('trust proxy', http.trustProxyHops);
  // API bodies change with every write and clients do not revalidate them: no ETag hashing.
  app.set('etag', false);
  setApiPrefix(app);
  // The dashboard shows stored images by their public links: the bucket's, or this service's own.
  const imagesOrigin = new URL(config.get('storage', { infer: true }).s3?.publicUrl ?? settings.publicUrl).origin;
  // Over plain http (a LAN address, a host without TLS) `upgrade-insecure-requests` would send the
  // dashboard's scripts to https, where nothing answers, and leave the page blank.
  const upgradeInsecureRequests = new URL(settings.publicUrl).protocol === 'https:' ? [] : null;
  app.use(helmet({ contentSecurityPolicy: { directives: { imgSrc: ["'self'", 'data:', imagesOrigin], upgradeInsecureRequests } } }));
  app.use(cookieParser());
  app.enableCors({ origin: settings.frontendUrl, credentials: true, exposedHeaders: ['x-conversation-id', 'x-request-id'] });
  // Attachments travel in chat messages: only the chat routes take bodies up to BODY_LIMIT.
  app.use(
    jsonBodyParser({ limit: http.defaultBodyLimit, largeLimit: http.bodyLimit, largeRoutes: ['/api/assistant/router', '/v1/chat/completions', '/v1/responses'] }),
  );
  // JSON only: HTML forms reach just the routes that take them (@CredentialInRequest()).
  app.useGlobalGuards(new JsonBodyGuard(app.get(Reflector)));
  app.useGlobalPipes(
    new UnsafeTextPipe(),
    new DtoValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      exceptionFactory: validationExceptionFactory,
    }),
  );
  app.useGlobalFilters(new AllExceptionsFilter([openAiErrorShape, scimErrorShape], app.get(Metrics)));

  // The document (public) at /api/openapi.json, the UI that reads it at /api/docs.
  SwaggerModule.setup(OPENAPI_UI_PATH, app, openApiDocument(app), { jsonDocumentUrl: OPENAPI_DOCUMENT_PATH, raw: ['json'] });
  return app;
}

/**
 * `/api` before every route but the ones beside the API. Its own function: `npm run openapi` builds
 * the document from an app that is never started, whose paths must read as the served app's.
 */
export function setApiPrefix(app: NestExpressApplication): void {
  // Locally stored images (/files/...), the dashboard (/dashboard/...), the OpenAI-compatible
  // API (/v1/..., where OpenAI clients look for it), the MCP server (/mcp) and the redirects of / and /favicon.ico to the
  // dashboard sit beside the API.
  app.setGlobalPrefix(API_PREFIX, {
    exclude: [
      { path: '/', method: RequestMethod.GET },
      { path: 'favicon.ico', method: RequestMethod.GET },
      { path: 'files/*path', method: RequestMethod.GET },
      { path: 'dashboard', method: RequestMethod.GET },
      { path: 'dashboard/{*path}', method: RequestMethod.GET },
      { path: 'v1/{*path}', method: RequestMethod.ALL },
      { path: 'scim/v2/{*path}', method: RequestMethod.ALL },
      { path: 'mcp', method: RequestMethod.ALL },
    ],
  });
}

/**
 * Deadlines for what a client sends, and a ceiling on connections; nothing on how long a response
 * may last or stay silent (`timeout` stays 0): a paused run's events may be quiet for hours.
 */
function limitHttpServer(server: Server, limits: HttpServerLimits): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  server.timeout = 0;
}
