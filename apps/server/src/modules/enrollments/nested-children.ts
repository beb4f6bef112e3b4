import type { DecisionAttributes, NoteAttributes } from '@srs/shared/enrollments';
import { messages } from '@srs/shared/messages';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { decisions, notes } from '../../db/schema/index.ts';
import { deleteAudited, insertAudited, itemTypeOf, updateAudited } from '../../lib/audited.ts';
import { recordVersion } from '../../plugins/audit.ts';
import { invalid, notFound } from '../../plugins/errors.ts';
import type { ParentColumn, ParentRef, WriteContext } from './write-context.ts';

type DecisionInput = z.output<typeof DecisionAttributes>;
type NoteInput = z.output<typeof NoteAttributes>;
/** Decisions are recorded against a lesson, a presentation or a visit, never a reminder (DOMAIN.md). */
export type DecisionParent = ParentRef & { column: Exclude<ParentColumn, 'reminder_id'> };

const decisionColumns = {
  episode_delivery_id: decisions.episodeDeliveryId,
  attendance_id: decisions.attendanceId,
  visit_id: decisions.visitId,
} as const;
const decisionKeys = { episode_delivery_id: 'episodeDeliveryId', attendance_id: 'attendanceId', visit_id: 'visitId' } as const;
const noteColumns = {
  episode_delivery_id: notes.episodeDeliveryId,
  attendance_id: notes.attendanceId,
  visit_id: notes.visitId,
  reminder_id: notes.reminderId,
} as const;
const noteKeys = {
  episode_delivery_id: 'episodeDeliveryId',
  attendance_id: 'attendanceId',
  visit_id: 'visitId',
  reminder_id: 'reminderId',
} as const;

const sameParent = (a: ParentRef, b: ParentRef) => a.column === b.column && a.id === b.id;

/** Removes a record whose decisions and notes the database would cascade away, keeping a version of each. */
export async function destroyWithDependents<T extends PgTable & { id: PgColumn }>(
  tx: DbOrTx,
  userId: number,
  table: T,
  id: number,
  column: ParentColumn,
): Promise<void> {
  const dependents: [PgTable & { id: PgColumn }, PgColumn][] = [[notes, noteColumns[column]]];
  if (column !== 'reminder_id') dependents.unshift([decisions, decisionColumns[column]]);
  for (const [dependent, parentColumn] of dependents) {
    const removed = (await tx.delete(dependent).where(eq(parentColumn, id)).returning()) as Record<string, unknown>[];
    for (const row of removed) {
      await recordVersion(tx, {
        itemType: itemTypeOf(dependent),
        itemId: row.id as number,
        whodunnit: userId,
        before: row,
        after: null,
      });
    }
  }
  await deleteAudited(tx, table, id, userId);
}

/** Forgets the children of a removed record, so that a later item cannot address them. */
export function forgetChildren(ctx: WriteContext, parent: ParentRef): void {
  for (const [id, decision] of ctx.decisions) if (sameParent(decision.parent, parent)) ctx.decisions.delete(id);
  for (const [id, noteParent] of ctx.notes) if (sameParent(noteParent, parent)) ctx.notes.delete(id);
}

function ownDecision(ctx: WriteContext, parent: ParentRef, id: number) {
  const decision = ctx.decisions.get(id);
  if (!decision || !sameParent(decision.parent, parent)) throw notFound('Decision');
  return decision;
}

function checkOption(ctx: WriteContext, optionId: number | undefined): number {
  if (optionId === undefined) throw invalid({ decision_option_id: [messages.fieldRequired] });
  if (!ctx.decisionOptionIds.has(optionId)) {
    throw invalid({ decision_option_id: ['is not a decision option of this series'] });
  }
  return optionId;
}

/**
 * decisions_attributes of one record (SPEC section 4, Decision form): ticked options are kept —
 * an option already recorded on the record stays one decision — and unticked ones come with _destroy.
 */
export async function writeDecisions(ctx: WriteContext, parent: DecisionParent, items: DecisionInput[] = []) {
  for (const item of items) {
    if (item._destroy) {
      if (item.id === undefined) continue;
      ownDecision(ctx, parent, item.id);
      await deleteAudited(ctx.tx, decisions, item.id, ctx.userId);
      ctx.decisions.delete(item.id);
      continue;
    }
    if (item.id !== undefined) {
      const decision = ownDecision(ctx, parent, item.id);
      if (item.decision_option_id === undefined || item.decision_option_id === decision.optionId) continue;
      decision.optionId = checkOption(ctx, item.decision_option_id);
      await updateAudited(ctx.tx, decisions, item.id, { decisionOptionId: decision.optionId }, ctx.userId);
      continue;
    }
    const optionId = checkOption(ctx, item.decision_option_id);
    const recorded = [...ctx.decisions.values()].some((d) => sameParent(d.parent, parent) && d.optionId === optionId);
    if (recorded) continue;
    const row = await insertAudited(
      ctx.tx,
      decisions,
      { decisionOptionId: optionId, cachedEnrollmentId: ctx.enrollment.id, [decisionKeys[parent.column]]: parent.id },
      ctx.userId,
    );
    ctx.decisions.set(row.id, { parent, optionId });
  }
}

/** notes_attributes of one record: a new note needs its type and text (SPEC section 5, Note form). */
export async function writeNotes(ctx: WriteContext, parent: ParentRef, items: NoteInput[] = []) {
  for (const item of items) {
    if (item.id !== undefined) {
      const noteParent = ctx.notes.get(item.id);
      if (!noteParent || !sameParent(noteParent, parent)) throw notFound('Note');
      if (item._destroy) {
        await deleteAudited(ctx.tx, notes, item.id, ctx.userId);
        ctx.notes.delete(item.id);
        continue;
      }
      const changes = {
        ...(item.type === undefined ? {} : { type: item.type }),
        ...(item.text === undefined ? {} : { text: item.text }),
      };
      if (Object.keys(changes).length > 0) await updateAudited(ctx.tx, notes, item.id, changes, ctx.userId);
      continue;
    }
    if (item._destroy) continue;
    if (item.type === undefined) throw invalid({ type: [messages.fieldRequired] });
    if (item.text === undefined) throw invalid({ text: [messages.fieldRequired] });
    const row = await insertAudited(
      ctx.tx,
      notes,
      {
        type: item.type,
        text: item.text,
        studentId: ctx.enrollment.studentId,
        cachedEnrollmentId: ctx.enrollment.id,
        authorId: ctx.userId,
        [noteKeys[parent.column]]: parent.id,
      },
      ctx.userId,
    );
    ctx.notes.set(row.id, parent);
  }
}
