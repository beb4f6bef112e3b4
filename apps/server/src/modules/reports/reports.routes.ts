import { everyone } from '@srs/shared/roles';
import {
  FollowupReportQuery,
  type PeriodReportKind,
  periodReportKinds,
  periodReportQuery,
  reportDefinitions,
  reportFileLabel,
  ReportResponse,
} from '@srs/shared/reports';
import { exportFormatNames, exportFormats } from '@srs/shared/exports';
import { sendExport } from '../../core/csv.ts';
import { sharedText } from '../../core/i18n.ts';
import { requestLanguage } from '../../core/request-language.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { App } from '../../types.ts';
import { followupExport, followupReport } from './followup-report.ts';
import { periodExport, periodReport } from './period-report.ts';
import { periodReports } from './period-reports.ts';
import { reportHeading } from './report-heading.ts';

/** The label of a report's grouping ('Course'), as its first column is headed. */
const groupLabel = (kind: PeriodReportKind, group: string) =>
  (reportDefinitions[kind].groups as Record<string, string>)[group] ?? group;

/** Reports (DOMAIN.md "Reports", issue 11): every role, each within its scope. */
export async function reportRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  app.get(
    '/api/reports/followup',
    {
      config: { roles: everyone },
      schema: {
        tags: ['reports'],
        summary: 'Enrollments needing follow-up by conference, school or instructor, with the age of the oldest',
        querystring: FollowupReportQuery,
        response: { 200: ReportResponse },
      },
    },
    async (request) => followupReport(db, request.actor.scope, request.query, env.FOLLOWUP_DAYS),
  );

  for (const format of exportFormats) {
    app.get(
      `/api/reports/followup.${format}`,
      {
        // A HEAD would run the report to throw it away (docs/decisions/010).
        exposeHeadRoute: false,
        config: { roles: everyone, userLimit: 'export' },
        schema: {
          tags: ['reports'],
          summary: `${exportFormatNames[format]} of the follow-up roll-up as shown`,
          querystring: FollowupReportQuery,
        },
      },
      async (request, reply) => {
        // The file's words in the language of who asks for it (issue 29).
        const language = requestLanguage(request);
        return sendExport(format, reply, db, {
          ...followupExport(request.actor.scope, request.query, env.FOLLOWUP_DAYS, language),
          heading: format === 'xlsx' ? await reportHeading(db, request.actor.scope, 'followup', request.query, language) : [],
        });
      },
    );
  }

  for (const kind of periodReportKinds) {
    const definition = reportDefinitions[kind];
    const report = periodReports[kind];
    const querystring = periodReportQuery(kind);
    app.get(
      `/api/reports/${kind}`,
      {
        config: { roles: everyone },
        schema: { tags: ['reports'], summary: `${definition.label}: ${definition.description}`, querystring, response: { 200: ReportResponse } },
      },
      async (request) => periodReport(db, report, groupLabel(kind, request.query.group), request.actor.scope, request.query),
    );
    for (const format of exportFormats) {
      app.get(
        `/api/reports/${kind}.${format}`,
        {
          exposeHeadRoute: false,
          config: { roles: everyone, userLimit: 'export' },
          schema: { tags: ['reports'], summary: `${exportFormatNames[format]} of the ${definition.label} report as shown`, querystring },
        },
        async (request, reply) => {
          const { actor, query } = request;
          // The file's words in the language of who asks for it (issue 29); its name stays as it is.
          const language = requestLanguage(request);
          const file = reportFileLabel(kind, query.group, query);
          const group = sharedText(groupLabel(kind, query.group), language);
          const exported = await periodExport(db, report, { file, group }, actor.scope, query, language);
          // Only the Excel file opens with the heading: a CSV's first line stays its columns.
          const heading = format === 'xlsx' ? await reportHeading(db, actor.scope, kind, query, language) : [];
          return sendExport(format, reply, db, { ...exported, heading });
        },
      );
    }
  }
}
