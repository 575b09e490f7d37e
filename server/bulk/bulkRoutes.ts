// The master-data routes every generic entity gets besides its CRUD (issue 16):
// POST {endpoint}/import (dry run or commit), GET {endpoint}/export (csv, xlsx, pdf) and
// PATCH {endpoint} (bulk edit). Each is behind the entity's roles: an import needs create or
// edit (and each new row create, each changed row edit), an export list, a bulk edit edit.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EntityModel } from '../../src/shared/entityModel';
import { bulkMessage } from '../../src/shared/bulkMessages';
import { isPlainObject } from '../../src/shared/validation';
import { mayDo } from '../auth/access';
import { sessionUser } from '../auth/requireSession';
import type { Catalog } from '../crud/catalog';
import { allowed } from '../crud/routeParts';
import type { Db } from '../db/database';
import { ApiError, apiError } from '../http/apiError';
import { requestLocale } from '../http/requestLocale';
import { success } from '../http/success';
import { pdfBuffer, xlsxStream, type ExportTable } from '../export/tableExport';
import { schoolName } from '../finance/reports/reportRoutes';
import type { RecordWrites } from '../records/recordWrites';
import { callerOf } from '../records/routeDoor';
import { bulkEdit, bulkEditRequest } from './bulkEdit';
import { readImportFile } from './importFile';
import { runImport } from './importRun';
import { countRows, csvStream, exportColumns, exportRows, filterLine, parseExportRequest, PDF_EXPORT_MAX_ROWS } from './listExport';

/** The largest import request: a 30 MB file, base64 (4/3) in JSON. */
const IMPORT_BODY_LIMIT = 41 * 1024 * 1024;

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', pdf: 'application/pdf' };

async function organisation(db: Db, catalog: Catalog): Promise<string> {
  if (!catalog.entityNamed('setting_school') || !catalog.entityNamed('school_identity')) return '';
  return schoolName(db);
}

export function registerBulkRoutes(app: FastifyInstance, db: Db, catalog: Catalog, entity: EntityModel, records: RecordWrites): void {
  const base = `/${entity.endpoint}`;
  const table = catalog.tableOf(entity);
  const targetOf = (name: string) => {
    const target = catalog.entityNamed(name);
    return target && { table: catalog.tableOf(target), entity: target };
  };

  app.post(`${base}/import`, { bodyLimit: IMPORT_BODY_LIMIT }, async (request: FastifyRequest) => {
    const locale = requestLocale(request);
    const user = sessionUser(request);
    if (!mayDo(user.roles, entity, 'create') && !mayDo(user.roles, entity, 'edit')) throw apiError(locale, 403, 'forbidden');
    const body = isPlainObject(request.body) ? request.body : {};
    if (typeof body.content !== 'string' || body.content === '') throw new ApiError(400, bulkMessage(locale, 'importNoFile'));
    const filename = typeof body.filename === 'string' ? body.filename : '';
    let file;
    try {
      file = await readImportFile(filename, Buffer.from(body.content, 'base64'));
    } catch (error) {
      throw new ApiError(400, bulkMessage(locale, 'importBadFile', { reason: error instanceof Error ? error.message : String(error) }));
    }
    const report = await runImport(db, catalog, records, callerOf(request), entity, file, body.dryRun !== false);
    if (!report.dryRun && !report.committed) {
      throw new ApiError(422, bulkMessage(locale, 'importFailed', { count: report.counts.error }), undefined, { data: report });
    }
    const text = bulkMessage(locale, 'importDone', { created: report.counts.new, updated: report.counts.changed, unchanged: report.counts.unchanged });
    return success({ message: text, data: report });
  });

  app.get(`${base}/export`, async (request: FastifyRequest, reply: FastifyReply) => {
    const { locale } = allowed(request, entity, 'list');
    const exportRequest = parseExportRequest(entity, request.query as Record<string, unknown>, locale, targetOf, sessionUser(request).roles);
    if (exportRequest.format === 'pdf') {
      const count = await countRows(db, table, exportRequest.query);
      if (count > PDF_EXPORT_MAX_ROWS) throw new ApiError(422, bulkMessage(locale, 'exportPdfTooMany', { max: PDF_EXPORT_MAX_ROWS, count }));
    }
    const exportTable: ExportTable = {
      organisation: await organisation(db, catalog),
      title: entity.labelPlural[locale],
      subtitle: filterLine(entity, exportRequest.query, locale),
      columns: exportColumns(exportRequest.fields, locale),
      rows: exportRows(db, catalog, table, exportRequest, locale),
      locale,
    };
    reply.header('content-disposition', `attachment; filename="${entity.resource}.${exportRequest.format}"`);
    reply.header('cache-control', 'private, no-store');
    reply.type(CONTENT_TYPES[exportRequest.format]);
    if (exportRequest.format === 'pdf') return reply.send(await pdfBuffer(exportTable));
    return reply.send(exportRequest.format === 'xlsx' ? xlsxStream(exportTable) : csvStream(exportTable));
  });

  app.patch(base, async (request: FastifyRequest) => {
    const writer = allowed(request, entity, 'edit');
    const caller = callerOf(request);
    const { ids, data } = bulkEditRequest(entity, request.body, caller);
    const rows = await bulkEdit(db, catalog, records, caller, entity, ids, data);
    const entities = rows.length === 1 ? entity.label[writer.locale] : entity.labelPlural[writer.locale];
    return success({ message: bulkMessage(writer.locale, 'bulkEditDone', { count: rows.length, entities }), data: rows.map((row) => row.id) });
  });
}
