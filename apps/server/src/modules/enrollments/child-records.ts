import type { DecisionAttributes, NoteAttributes } from '@srs/shared/enrollments';
import { messages } from '@srs/shared/messages';
import type { z } from 'zod';
import { invalid, notFound } from '../../core/errors.ts';
import { decisions, notes } from '../../db/schema/index.ts';
import type { ParentRef, RecordContext } from './record-context.ts';
import type { ParentColumn } from './record-pipeline.ts';

type DecisionInput = z.output<typeof DecisionAttributes>;
type NoteInput = z.output<typeof NoteAttributes>;
/** Decisions are recorded against a lesson, a presentation or a visit, never a reminder (DOMAIN.md). */
export type DecisionParent = ParentRef & { column: Exclude<ParentColumn, 'reminder_id'> };

const decisionKeys = { episode_delivery_id: 'episodeDeliveryId', attendance_id: 'attendanceId', visit_id: 'visitId' } as const;
const noteKeys = {
  episode_delivery_id: 'episodeDeliveryId',
  attendance_id: 'attendanceId',
  visit_id: 'visitId',
  reminder_id: 'reminderId',
} as const;

const sameParent = (a: ParentRef, b: ParentRef) => a.column === b.column && a.id === b.id;

/** Forgets the children of a removed record, so that a later item cannot address them. */
export function forgetChildren(ctx: RecordContext, parent: ParentRef): void {
  for (const [id, decision] of ctx.decisions) if (sameParent(decision.parent, parent)) ctx.decisions.delete(id);
  for (const [id, noteParent] of ctx.notes) if (sameParent(noteParent, parent)) ctx.notes.delete(id);
}

function ownDecision(ctx: RecordContext, parent: ParentRef, id: number) {
  const decision = ctx.decisions.get(id);
  if (!decision || !sameParent(decision.parent, parent)) throw notFound('Decision');
  return decision;
}

function checkOption(ctx: RecordContext, optionId: number | undefined): number {
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
export async function writeDecisions(ctx: RecordContext, parent: DecisionParent, items: DecisionInput[] = []) {
  for (const item of items) {
    if (item._destroy) {
      if (item.id === undefined) continue;
      ownDecision(ctx, parent, item.id);
      await ctx.remove(decisions, item.id);
      ctx.decisions.delete(item.id);
      continue;
    }
    if (item.id !== undefined) {
      const decision = ownDecision(ctx, parent, item.id);
      if (item.decision_option_id === undefined || item.decision_option_id === decision.optionId) continue;
      decision.optionId = checkOption(ctx, item.decision_option_id);
      await ctx.update(decisions, item.id, { decisionOptionId: decision.optionId });
      continue;
    }
    const optionId = checkOption(ctx, item.decision_option_id);
    const recorded = [...ctx.decisions.values()].some((d) => sameParent(d.parent, parent) && d.optionId === optionId);
    if (recorded) continue;
    const row = await ctx.insert(decisions, {
      decisionOptionId: optionId,
      cachedEnrollmentId: ctx.enrollment.id,
      [decisionKeys[parent.column]]: parent.id,
    });
    ctx.decisions.set(row.id, { parent, optionId });
  }
}

/** notes_attributes of one record: a new note needs its type and text (SPEC section 5, Note form). */
export async function writeNotes(ctx: RecordContext, parent: ParentRef, items: NoteInput[] = []) {
  for (const item of items) {
    if (item.id !== undefined) {
      const noteParent = ctx.notes.get(item.id);
      if (!noteParent || !sameParent(noteParent, parent)) throw notFound('Note');
      if (item._destroy) {
        await ctx.remove(notes, item.id);
        ctx.notes.delete(item.id);
        continue;
      }
      const changes = {
        ...(item.type === undefined ? {} : { type: item.type }),
        ...(item.text === undefined ? {} : { text: item.text }),
      };
      if (Object.keys(changes).length > 0) await ctx.update(notes, item.id, changes);
      continue;
    }
    if (item._destroy) continue;
    if (item.type === undefined) throw invalid({ type: [messages.fieldRequired] });
    if (item.text === undefined) throw invalid({ text: [messages.fieldRequired] });
    const row = await ctx.insert(notes, {
      type: item.type,
      text: item.text,
      studentId: ctx.enrollment.studentId,
      cachedEnrollmentId: ctx.enrollment.id,
      authorId: ctx.actor.userId,
      [noteKeys[parent.column]]: parent.id,
    });
    ctx.notes.set(row.id, parent);
  }
}
