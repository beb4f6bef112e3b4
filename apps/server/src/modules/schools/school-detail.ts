import type { FastifyRequest } from 'fastify';
import type { Visible } from '../../core/records.ts';
import type { Db } from '../../db/client.ts';
import { schoolPermissions } from './school-rules.ts';
import { findSchool, schoolExtras } from './schools.queries.ts';

/** GET /schools/{id} and every write's answer: the school, its head and zips, and the user's permissions. */
export async function schoolDetail(db: Db, request: FastifyRequest, id: Visible<'school'>) {
  const school = await findSchool(db, id);
  return {
    ...school,
    ...(await schoolExtras(db, id)),
    permissions: schoolPermissions(request.user, request.actor, school),
  };
}
