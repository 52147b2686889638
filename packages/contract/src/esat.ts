import { z } from 'zod';
import { TIME_DIMENSIONS } from './dashboards.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListDefinition } from './list-query.ts';
import type { RoleCode } from './roles.ts';
import { isDateOnly, tokenFilterKeys, type SearchTokenDefinition } from './search-tokens.ts';
import { importDraftBodySchema, importDraftIdSchema, importProblemSchema } from './table-import.ts';

/**
 * Customer satisfaction (ESAT, docs/insights.md "Statistics"): a survey per delivered order, its questions
 * scored 1 to 5, entered or imported by external ESAT users, read as statistics by ESAT stat viewers.
 */

export const ESAT_SCORES = [1, 2, 3, 4, 5] as const;
export const ESAT_SCORE_MIN = 1;
export const ESAT_SCORE_MAX = 5;
export const ESAT_COMMENT_MAX_LENGTH = 2000;
export const ESAT_QUESTION_CODE_MAX_LENGTH = 40;
export const ESAT_ORDER_NUMBER_MAX_LENGTH = 20;
/** A survey's answers at most: one per question. */
export const ESAT_ANSWERS_MAX = 20;

/** How a survey's answers came in. */
export const ESAT_SOURCES = ['entered', 'imported'] as const;
export type EsatSource = (typeof ESAT_SOURCES)[number];

/** Spec §3's time groupings. */
export const ESAT_GROUPINGS = TIME_DIMENSIONS;
export type EsatGrouping = (typeof ESAT_GROUPINGS)[number];

/**
 * Who enters and imports results: external ESAT users and administrators. ESAT stat viewers only read;
 * what the whole of the statistics shows is for the STATISTICS feature (administrator, ESAT stat viewer).
 */
export const ESAT_ENTRY_ROLES: readonly RoleCode[] = ['administrator', 'external-esat'];

const scoreMessage = `must be a whole number from ${ESAT_SCORE_MIN} to ${ESAT_SCORE_MAX}`;
export const esatScoreSchema = z
  .number(scoreMessage)
  .int(scoreMessage)
  .min(ESAT_SCORE_MIN, scoreMessage)
  .max(ESAT_SCORE_MAX, scoreMessage);

export const esatQuestionSchema = z.object({
  code: z.string(),
  position: z.number().int(),
  active: z.boolean(),
});
export type EsatQuestion = z.infer<typeof esatQuestionSchema>;

const centerSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

/** What the screens choose from: the questions in their order, the service centers. */
export const esatOptionsAnswerSchema = z.object({
  questions: z.array(esatQuestionSchema),
  serviceCenters: z.array(centerSchema),
});
export type EsatOptions = z.infer<typeof esatOptionsAnswerSchema>;

export const esatAnswerSchema = z.object({ question: z.string(), score: z.number().int() });

export const surveySchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  company: z.object({ id: z.string(), name: z.string() }),
  serviceCenter: centerSchema,
  deliveredAt: z.string(),
  /** Null while the customer has not answered. */
  answeredAt: z.string().nullable(),
  comment: z.string().nullable(),
  source: z.enum(ESAT_SOURCES).nullable(),
  enteredByName: z.string().nullable(),
  averageScore: z.number().nullable(),
  answers: z.array(esatAnswerSchema),
});
export type Survey = z.infer<typeof surveySchema>;
export const surveyListAnswerSchema = z.object({
  surveys: z.array(surveySchema),
  totalCount: z.number().int(),
});
export type SurveyListAnswer = z.infer<typeof surveyListAnswerSchema>;

export const ESAT_SURVEY_STATUSES = ['answered', 'unanswered'] as const;

const deliveryToken: SearchTokenDefinition = {
  type: 'At',
  label: 'statistics.filters.delivered',
  kind: 'date',
  unique: true,
  operators: ['equal', 'since', 'before', 'range'],
  order: 1,
};
const centerToken: SearchTokenDefinition = {
  type: 'ServiceCenter',
  label: 'statistics.filters.service_center',
  kind: 'choice',
  order: 2,
};

/** The statistics' own filters: the delivery period and the service centers. */
export const ESAT_STATISTICS_TOKENS: readonly SearchTokenDefinition[] = [deliveryToken, centerToken];
export const ESAT_STATISTICS_FILTERS: ListDefinition = {
  sortColumns: ['Period'],
  filters: tokenFilterKeys(ESAT_STATISTICS_TOKENS),
};

/** The surveys (to pick one to enter, say): by order number or company, status, center, delivery. */
export const ESAT_SURVEY_TOKENS: readonly SearchTokenDefinition[] = [
  { type: 'Search', label: 'statistics.filters.search', kind: 'text', unique: true, order: 0 },
  deliveryToken,
  centerToken,
  {
    type: 'Status',
    label: 'statistics.filters.status',
    kind: 'choice',
    unique: true,
    choices: ESAT_SURVEY_STATUSES,
    order: 3,
  },
];
export const ESAT_SURVEY_LIST: ListDefinition = {
  sortColumns: ['DeliveredAt'],
  defaultSortOrder: 'DESC',
  filters: tokenFilterKeys(ESAT_SURVEY_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};

/** One score of one survey: a row of the answers list, where a chart's bar leads. */
export const esatAnswerRowSchema = z.object({
  surveyId: z.number().int(),
  orderNumber: z.string(),
  company: z.object({ id: z.string(), name: z.string() }),
  serviceCenter: centerSchema,
  deliveredAt: z.string(),
  answeredAt: z.string(),
  question: z.string(),
  score: z.number().int(),
  comment: z.string().nullable(),
  source: z.enum(ESAT_SOURCES),
});
export type EsatAnswerRow = z.infer<typeof esatAnswerRowSchema>;
export const esatAnswerListAnswerSchema = z.object({
  answers: z.array(esatAnswerRowSchema),
  totalCount: z.number().int(),
});
export type EsatAnswerListAnswer = z.infer<typeof esatAnswerListAnswerSchema>;

export const ESAT_ANSWER_TOKENS: readonly SearchTokenDefinition[] = [
  { type: 'Search', label: 'statistics.filters.search', kind: 'text', unique: true, order: 0 },
  deliveryToken,
  centerToken,
  { type: 'Question', label: 'statistics.filters.question', kind: 'choice', order: 3 },
  {
    type: 'Score',
    label: 'statistics.filters.score',
    kind: 'choice',
    choices: ESAT_SCORES.map(String),
    order: 4,
  },
];
export const ESAT_ANSWER_SORT_COLUMNS = ['DeliveredAt', 'Score'] as const;
export const ESAT_ANSWER_LIST: ListDefinition = {
  sortColumns: ESAT_ANSWER_SORT_COLUMNS,
  defaultSortOrder: 'DESC',
  filters: tokenFilterKeys(ESAT_ANSWER_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};

const commentSchema = z
  .string()
  .trim()
  .max(ESAT_COMMENT_MAX_LENGTH, `must be at most ${ESAT_COMMENT_MAX_LENGTH} characters`);
const answeredOnSchema = z.iso.date('must be a date such as 2026-03-31');

/**
 * A survey's answers entered by hand for a delivered order (by its number). Whether the order is delivered,
 * the questions known and the day not before the delivery is the server's to say, each naming its field.
 */
export const esatEntryBodySchema = z
  .strictObject({
    orderNumber: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(ESAT_ORDER_NUMBER_MAX_LENGTH, `must be at most ${ESAT_ORDER_NUMBER_MAX_LENGTH} characters`),
    /** The day the customer answered; today when absent. */
    answeredOn: answeredOnSchema.optional(),
    answers: z
      .array(
        z.strictObject({
          question: z
            .string()
            .trim()
            .min(1, 'is required')
            .max(
              ESAT_QUESTION_CODE_MAX_LENGTH,
              `must be at most ${ESAT_QUESTION_CODE_MAX_LENGTH} characters`,
            ),
          score: esatScoreSchema,
        }),
      )
      .min(1, 'must hold at least one score')
      .max(ESAT_ANSWERS_MAX, `must hold at most ${ESAT_ANSWERS_MAX} scores`),
    comment: commentSchema.nullable().optional(),
  })
  .meta({
    examples: [
      {
        orderNumber: 'FC-2026-000001',
        answeredOn: '2026-03-02',
        answers: [
          { question: 'overall', score: 5 },
          { question: 'turnaround', score: 4 },
        ],
        comment: 'Quick and careful work.',
      },
    ],
  });
export type EsatEntryBody = z.infer<typeof esatEntryBodySchema>;

// ---- Import ----

/** The fixed columns of a results file; the others are question codes, one score per cell. */
export const ESAT_IMPORT_FIXED_COLUMNS = ['orderNumber', 'answeredOn', 'comment'] as const;
export const ESAT_IMPORT_MAX_ROWS = 5000;
export const ESAT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

const squeeze = (header: string) => header.toLowerCase().replace(/[\s_-]/g, '');

/** The column a header names among these, matched without case, spaces, dashes or underscores. */
export function esatImportColumnOf(header: string, questionCodes: readonly string[]): string | undefined {
  const wanted = squeeze(header);
  return [...ESAT_IMPORT_FIXED_COLUMNS, ...questionCodes].find((column) => squeeze(column) === wanted);
}

const columnNameSchema = z.string().max(ESAT_QUESTION_CODE_MAX_LENGTH);
export const esatImportRowSchema = z.object({
  line: z
    .number()
    .int()
    .min(2)
    .max(ESAT_IMPORT_MAX_ROWS + 1),
  values: z.record(
    columnNameSchema,
    z.string().max(ESAT_COMMENT_MAX_LENGTH, `must be at most ${ESAT_COMMENT_MAX_LENGTH} characters`),
  ),
});
export type EsatImportRow = z.infer<typeof esatImportRowSchema>;

export const esatImportBodySchema = importDraftBodySchema(esatImportRowSchema, {
  maxRows: ESAT_IMPORT_MAX_ROWS,
  what: 'surveys',
}).meta({
  examples: [
    {
      draft: '3f1c2a9e-7b4d-4e8a-9c51-2d6f0b8e4a17',
      changes: [
        {
          line: 2,
          values: { orderNumber: 'FC-2026-000001', answeredOn: '2026-03-02', overall: '5', quality: '4' },
        },
      ],
    },
  ],
});

export const esatImportProblemSchema = importProblemSchema(z.string());
export type EsatImportProblem = z.infer<typeof esatImportProblemSchema>;

export const checkedEsatImportRowSchema = esatImportRowSchema.extend({
  /** The survey it answers; null while the row has errors. */
  surveyId: z.number().int().nullable(),
  errors: z.array(esatImportProblemSchema),
});
export type CheckedEsatImportRow = z.infer<typeof checkedEsatImportRowSchema>;

export const esatImportPreviewSchema = z.object({
  /** The file kept on the server, for the check and the import. */
  draft: importDraftIdSchema,
  /** The file's columns, in its order. */
  columns: z.array(z.string()),
  rows: z.array(checkedEsatImportRowSchema),
});
export type EsatImportPreview = z.infer<typeof esatImportPreviewSchema>;
export const esatImportAnswerSchema = z.object({ imported: z.number().int() });

/** A row read as an entry, by the entry's own rules; each problem by its column. */
export interface ImportedSurvey {
  orderNumber: string;
  answeredOn: string | undefined;
  comment: string | null;
  answers: { question: string; score: number }[];
}

/**
 * Reads a row of a results file: the order number required, the day a date, each question's cell blank
 * (not answered) or a score, at least one score. Whether the order and survey exist is the server's to say.
 */
export function readEsatImportRow(
  values: Record<string, string>,
  questionCodes: readonly string[],
): { survey: ImportedSurvey | null; errors: EsatImportProblem[] } {
  const errors: EsatImportProblem[] = [];
  const orderNumber = values.orderNumber?.trim() ?? '';
  if (orderNumber === '')
    errors.push({ column: 'orderNumber', message: 'is required', rule: { kind: 'required' } });
  else if (orderNumber.length > ESAT_ORDER_NUMBER_MAX_LENGTH)
    errors.push({
      column: 'orderNumber',
      message: `must be at most ${ESAT_ORDER_NUMBER_MAX_LENGTH} characters`,
      rule: { kind: 'too_long', limit: ESAT_ORDER_NUMBER_MAX_LENGTH },
    });
  const day = values.answeredOn?.trim() || undefined;
  if (day !== undefined && !isDateOnly(day))
    errors.push({
      column: 'answeredOn',
      message: 'must be a date such as 2026-03-31',
      rule: { kind: 'format' },
    });
  const comment = values.comment?.trim() || null;
  const answers: ImportedSurvey['answers'] = [];
  for (const question of questionCodes) {
    const cell = values[question]?.trim();
    if (!cell) continue;
    const score = esatScoreSchema.safeParse(/^\d+$/.test(cell) ? Number(cell) : NaN);
    if (score.success) answers.push({ question, score: score.data });
    else errors.push({ column: question, message: scoreMessage, rule: { kind: 'choice' } });
  }
  if (answers.length === 0 && !errors.some((error) => questionCodes.includes(error.column ?? '')))
    errors.push({ column: null, message: 'must hold at least one score', rule: { kind: 'required' } });
  if (errors.length > 0) return { survey: null, errors };
  return { survey: { orderNumber, answeredOn: day, comment, answers }, errors };
}

// ---- Statistics ----

const countsShape = {
  /** Delivered orders, each with its survey. */
  delivered: z.number().int(),
  answered: z.number().int(),
  /** answered / delivered; null without a delivered order. */
  responseRate: z.number().nullable(),
  /** Scores given. */
  answers: z.number().int(),
  /** The mean of the scores given, to two decimals; null without any. */
  averageScore: z.number().nullable(),
};

export const esatStatisticsAnswerSchema = z.object({
  grouping: z.enum(ESAT_GROUPINGS),
  totals: z.object(countsShape),
  /** Every month (yyyy-MM) or year (yyyy) from the first delivery to the last, none left out. */
  overTime: z.array(z.object({ period: z.string(), ...countsShape })),
  byServiceCenter: z.array(z.object({ serviceCenter: centerSchema, ...countsShape })),
  byQuestion: z.array(
    z.object({
      question: z.string(),
      answers: z.number().int(),
      averageScore: z.number().nullable(),
      /** How many gave 1, 2, 3, 4 and 5. */
      scores: z.array(z.number().int()).length(ESAT_SCORES.length),
    }),
  ),
});
export type EsatStatistics = z.infer<typeof esatStatisticsAnswerSchema>;
export type EsatCounts = EsatStatistics['totals'];

/** The ratio and mean of counted sums; null where nothing was counted. */
export function esatRates(sums: {
  delivered: number;
  answered: number;
  answers: number;
  scoreSum: number;
}): EsatCounts {
  return {
    delivered: sums.delivered,
    answered: sums.answered,
    responseRate: sums.delivered > 0 ? sums.answered / sums.delivered : null,
    answers: sums.answers,
    averageScore: sums.answers > 0 ? Math.round((sums.scoreSum / sums.answers) * 100) / 100 : null,
  };
}

/** Every period from `first` to `last` (yyyy-MM or yyyy), in order. */
export function esatPeriods(first: string, last: string, grouping: EsatGrouping): string[] {
  const periods: string[] = [];
  if (grouping === 'year') {
    for (let year = Number(first); year <= Number(last); year++) periods.push(String(year));
    return periods;
  }
  let [year, month] = first.split('-').map(Number) as [number, number];
  const end = last;
  for (;;) {
    const period = `${year}-${String(month).padStart(2, '0')}`;
    if (period > end) return periods;
    periods.push(period);
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year++;
  }
}

/** The days a period covers, as the answers list's day filter takes them (first/last). */
export function esatPeriodDays(period: string): string {
  if (/^\d{4}$/.test(period)) return `${period}-01-01/${period}-12-31`;
  const [year, month] = period.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${period}-01/${period}-${String(last).padStart(2, '0')}`;
}
