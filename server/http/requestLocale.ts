// The language of a request's answers: Indonesian unless Accept-Language asks for English.

import type { FastifyRequest } from 'fastify';
import type { Locale } from '../../src/shared/entityModel';
import { pickLocale } from '../../src/shared/messages';

export function requestLocale(request: FastifyRequest): Locale {
  return pickLocale(request.headers['accept-language']);
}
