import type { FastifyRequest } from 'fastify';
import {
  ESAT_COMMENT_MAX_LENGTH,
  ESAT_IMPORT_MAX_BYTES,
  ESAT_IMPORT_MAX_ROWS,
  esatImportColumnOf,
  readEsatImportRow,
  type CheckedEsatImportRow,
  type EsatImportRow,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { readTableFile, receiveTableFile } from '../../lib/table-file.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { refuseRowsWithErrors } from '../table-imports/all-or-none.ts';
import { repeatedRow } from '../table-imports/repeated-row.ts';
import {
  activeQuestionCodes,
  answeredAtOf,
  orderProblem,
  ordersByNumber,
  writeAnswers,
  type SurveyAnswers,
} from './answers.ts';

/** A checked row, with what importing it writes. */
interface PlannedRow extends CheckedEsatImportRow {
  write: (SurveyAnswers & { orderNumber: string }) | null;
}

/** Reads a results file: an orderNumber column, the others fixed ones or question codes, at most 5,000 rows. */
export async function readResultsFile(
  db: Db,
  request: FastifyRequest,
): Promise<{ columns: string[]; rows: EsatImportRow[] }> {
  const { file } = await receiveTableFile(request, ESAT_IMPORT_MAX_BYTES);
  const codes = await activeQuestionCodes(db);
  const read = await readTableFile(file, {
    columnOf: (header) => esatImportColumnOf(header, codes),
    required: ['orderNumber'],
    maxRows: ESAT_IMPORT_MAX_ROWS,
    what: 'surveys',
    file: 'a survey results file',
    cellMax: ESAT_COMMENT_MAX_LENGTH,
  });
  return {
    columns: read.columns,
    rows: read.rows.map((row) => ({ line: row.line, values: row.values as Record<string, string> })),
  };
}

/**
 * Checks rows as the import would write them: each by the entry's rules, its order delivered and its survey
 * unanswered, each order once in the file. Nothing is written.
 */
async function planImport(db: Db, rows: readonly EsatImportRow[]): Promise<PlannedRow[]> {
  const now = new Date();
  const codes = await activeQuestionCodes(db);
  const read = rows.map((row) => readEsatImportRow(row.values, codes));
  const found = await ordersByNumber(db, [
    ...new Set(rows.map((row) => row.values.orderNumber?.trim()).filter((number) => number)),
  ] as string[]);
  const unknownColumns = (row: EsatImportRow) =>
    Object.keys(row.values).filter((column) => esatImportColumnOf(column, codes) !== column);
  const seen = new Map<string, number>();
  return rows.map((row, index) => {
    const { survey, errors } = read[index]!;
    for (const column of unknownColumns(row))
      errors.push({
        column,
        message: 'is not a column of a survey results file',
        rule: { kind: 'not_a_column' },
      });
    const orderNumber = row.values.orderNumber?.trim();
    const order = orderNumber ? found.get(orderNumber) : undefined;
    if (orderNumber) {
      const wrongOrder = orderProblem(order);
      const problem = wrongOrder ?? (order?.answeredAt ? 'has its survey answered already' : null);
      // The same rules as a survey entered by hand (answerSurvey).
      if (problem)
        errors.push({
          column: 'orderNumber',
          message: problem,
          rule: { kind: !order ? 'unknown' : wrongOrder ? 'unavailable' : 'taken' },
        });
      else errors.push(...repeatedRow(seen, orderNumber, row.line, 'orderNumber', 'order'));
    }
    const answered =
      order?.deliveredAt && !errors.some((error) => error.column === 'answeredOn')
        ? answeredAtOf(row.values.answeredOn?.trim() || undefined, order.deliveredAt, now)
        : null;
    if (answered?.problem) errors.push({ column: 'answeredOn', ...answered.problem });
    const planned = { line: row.line, values: row.values, surveyId: null, errors, write: null };
    if (!survey || errors.length > 0 || !answered) return planned;
    return {
      ...planned,
      surveyId: order!.surveyId,
      write: {
        orderNumber: survey.orderNumber,
        answeredAt: answered.at,
        comment: survey.comment,
        answers: survey.answers,
      },
    };
  });
}

/** The rows as the preview shows them. */
export async function checkEsatImport(
  db: Db,
  rows: readonly EsatImportRow[],
): Promise<CheckedEsatImportRow[]> {
  return (await planImport(db, rows)).map(({ write: _write, ...row }) => row);
}

/**
 * Imports the rows, all or none: checked again, any problem answers 400 with every problem by row and
 * column; otherwise one transaction answers every survey with its audit entry.
 */
export async function importResults(
  db: Db,
  user: SignedInUser,
  rows: readonly EsatImportRow[],
): Promise<{ imported: number }> {
  const planned = await planImport(db, rows);
  refuseRowsWithErrors(planned);
  const entries = planned.map((row) => ({ surveyId: row.surveyId!, written: row.write! }));
  await db.transaction((tx) => writeAnswers(tx, user, entries, 'imported'));
  return { imported: planned.length };
}
