// Every refused or failed request answers with the envelope: `success: false`, a message in
// the caller's language and the request id; never a stack trace or SQL text. A database that
// cannot answer now (restart, failover, unreachable) is 503 with Retry-After. Errors the
// server did not expect are logged in full and answered with 500 `internal`.

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatBytes, message, type MessageKey } from '../../src/shared/messages';
import type { Locale } from '../../src/shared/entityModel';
import { isDatabaseUnavailable } from '../db/databaseUnavailable';
import { ApiError } from './apiError';
import { requestLocale } from './requestLocale';

/** Fastify's own errors that mean "the body could not be read as JSON". */
const BAD_BODY_CODES = new Set([
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
]);

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.status(error.status).send({
    success: false,
    ...error.extra,
    message: error.message,
    ...(error.messages ? { messages: error.messages } : {}),
    request_id: reply.request.id,
  });
}

function fromFastifyError(request: FastifyRequest, error: FastifyError, bodyLimit: number): ApiError | null {
  const locale = requestLocale(request);
  const known = (status: number, key: MessageKey, params: Record<string, string | number> = {}) =>
    new ApiError(status, message(locale, key, params));
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return known(413, 'tooLarge', { limit: formatBytes(bodyLimit) });
  if (error.code && BAD_BODY_CODES.has(error.code)) return known(400, 'badJson');
  const status = error.statusCode ?? 500;
  if (status === 404) return known(404, 'routeNotFound');
  if (status >= 400 && status < 500) return known(status, 'badRequest');
  return null;
}

/** Seconds a caller is asked to wait while the database cannot answer. */
export const RETRY_AFTER_SECONDS = 5;

/** 503 `databaseUnavailable`, with Retry-After (header and `retry_after`). */
export function sendUnavailable(reply: FastifyReply, locale: Locale): FastifyReply {
  reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
  const text = message(locale, 'databaseUnavailable', { count: RETRY_AFTER_SECONDS });
  return sendError(reply, new ApiError(503, text, undefined, { retry_after: RETRY_AFTER_SECONDS }));
}

export interface ErrorAnswerOptions {
  bodyLimit: number;
  /** Answers unknown non-API GET paths (the single-page app's index.html); null when there is no app to serve. */
  appFallback: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null;
}

export function installErrorAnswers(app: FastifyInstance, options: ErrorAnswerOptions): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return sendError(reply, error);
    const known = fromFastifyError(request, error, options.bodyLimit);
    if (known) return sendError(reply, known);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendUnavailable(reply, requestLocale(request));
    }
    request.log.error({ err: error }, 'request failed');
    const locale = requestLocale(request);
    return sendError(reply, new ApiError(500, message(locale, 'internal', { requestId: request.id })));
  });

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && isRead && options.appFallback) return options.appFallback(request, reply);
    return sendError(reply, new ApiError(404, message(requestLocale(request), 'routeNotFound')));
  });
}
