import type { FastifyRequest } from 'fastify';
import { type Language, languageOf } from './i18n.ts';

/**
 * The language a request is answered in (issue 29): the signed-in user's own choice (My Account →
 * Language, carried by their session: plugins/auth.ts loads it with the user, the session cache
 * keeps it, so it costs no query), else the first language of the Accept-Language header the
 * product speaks, else English. A public route, or a refusal before the user is known, goes by the
 * header alone.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const user = request.user as FastifyRequest['user'] | null | undefined;
  return languageOf(user?.language, request.headers['accept-language']);
}
