import {
  isEditableInContext,
  isSectionShown,
  isTagShown,
  layoutTable,
  tagsOutsideLayout,
  type Job,
  type JobLayout,
  type LayoutTagEntry,
  type VisibilityContext,
} from '@fleet/contract';
import { Table, TextInput, Textarea } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTagValue, tagLabel, type FormatContext } from './tag-format';
import { useTemperatureUnit } from './use-temperature-unit';
import classes from './job-report.module.css';

export interface JobReportProps {
  job: Job;
  layout: JobLayout;
  /** View, or editing the job's editable tags. */
  mode?: 'view' | 'editJob';
  /** Empty tags and sections shown, and the tags the layout does not place. */
  showAll?: boolean;
  /** Each tag's name beside its label (jobs spec §2 "show tags"). */
  showTagNames?: boolean;
  edited?: Readonly<Record<string, string | null>>;
  onEdit?: (tag: string, value: string) => void;
  /** The tags the server lets users edit (edit mode); the catalogue's until it answers. */
  editable?: readonly string[];
  /** Headings one level down, for a report inside another page (the list's row preview). */
  headingLevel?: 2 | 3;
}

function TagTable({
  entry,
  value,
  context,
}: {
  entry: LayoutTagEntry;
  value: unknown;
  context: FormatContext;
}) {
  const model = layoutTable(value, entry);
  if (!model) return <span>{formatTagValue(value, entry, context)}</span>;
  const { t } = context;
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table
        withTableBorder
        withColumnBorders
        striped
        className={classes.table}
        aria-label={tagLabel(entry.tag, t)}
      >
        {model.headers && (
          <Table.Thead>
            <Table.Tr>
              {model.rowHeader !== null && (
                <Table.Th>{model.rowHeader ? tagLabel(model.rowHeader, t) : ''}</Table.Th>
              )}
              {model.columns.map((column) => (
                <Table.Th key={column.name}>{tagLabel(column.name, t)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
        )}
        <Table.Tbody>
          {model.rows.map((row, index) => (
            <Table.Tr key={row.name ?? index}>
              {row.name !== null && (
                <Table.Th scope="row">
                  {formatTagValue(row.name, { translate: entry.config?.yaxis }, context)}
                </Table.Th>
              )}
              {row.cells.map((cell) => (
                <Table.Td key={cell.column.name}>{formatTagValue(cell.value, cell.column, context)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface TagProps {
  entry: LayoutTagEntry;
  job: Job;
  context: FormatContext;
  showTagNames: boolean;
  /** Editing the job, with the tags the server lets users edit; false when viewing. */
  editing: false | { editable: readonly string[] | undefined };
  edited: Readonly<Record<string, string | null>> | undefined;
  onEdit: ((tag: string, value: string) => void) | undefined;
}

function Tag({ entry, job, context, showTagNames, editing, edited, onEdit }: TagProps) {
  const label = tagLabel(entry.tag, context.t);
  const value = job.data[entry.tag];
  if (editing && isEditableInContext(entry.tag, editing) && onEdit) {
    const current =
      edited && entry.tag in edited ? (edited[entry.tag] ?? '') : typeof value === 'string' ? value : '';
    const Input = entry.tag === 'NOTE' ? Textarea : TextInput;
    return (
      <div className={classes.tag} data-wide={entry.tag === 'NOTE' || undefined}>
        <Input
          label={showTagNames ? `${label} (${entry.tag})` : label}
          value={current}
          autosize={entry.tag === 'NOTE' ? true : undefined}
          onChange={(event) => onEdit(entry.tag, event.currentTarget.value)}
        />
      </div>
    );
  }
  return (
    <div className={classes.tag} data-wide={entry.render ? true : undefined}>
      <dt>
        {label}
        {showTagNames && label !== entry.tag && <span className={classes.tagName}> {entry.tag}</span>}
      </dt>
      <dd>
        {entry.render ? (
          <TagTable entry={entry} value={value} context={context} />
        ) : (
          formatTagValue(value, entry, context) || '—'
        )}
      </dd>
    </div>
  );
}

/**
 * The one renderer of a job through a report layout (jobs spec §2–§4): the job detail's summary, the
 * list's row preview and the printed report. Sections and tags are shown by the contract's visibility
 * rules; tables laid out by their configuration.
 */
export function JobReport({
  job,
  layout,
  mode = 'view',
  showAll = false,
  showTagNames = false,
  edited,
  onEdit,
  editable,
  headingLevel = 2,
}: JobReportProps) {
  const { t, i18n } = useTranslation();
  const [temperatureUnit] = useTemperatureUnit();
  const numberFormat = useMemo(
    () => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 }),
    [i18n.language],
  );
  const context: FormatContext = { t, temperatureUnit, numberFormat };
  const visibility: VisibilityContext = {
    mode,
    data: job.data,
    showAll,
    ...(edited ? { edited } : {}),
    ...(editable ? { editable } : {}),
  };
  const Heading = `h${headingLevel}` as const;
  const others = showAll ? tagsOutsideLayout(layout, job.data) : [];
  const sections = layout.data
    .map((section, index) => ({ section, index }))
    .filter(({ section }) => isSectionShown(section, visibility));

  return (
    <div className={classes.report}>
      {sections.map(({ section, index }) => (
        <section
          key={index}
          className={classes.section}
          aria-label={t(`job_detail.sections.${section.title}`)}
        >
          {section.show_title && (
            <Heading className={classes.sectionTitle}>{t(`job_detail.sections.${section.title}`)}</Heading>
          )}
          {section.render.map((line, lineIndex) => {
            const entries = line.filter((entry) => isTagShown(entry, visibility));
            if (entries.length === 0) return null;
            return (
              <dl key={lineIndex} className={classes.line}>
                {entries.map((entry, entryIndex) => (
                  <Tag
                    key={`${entry.tag}-${entryIndex}`}
                    entry={entry}
                    job={job}
                    context={context}
                    showTagNames={showTagNames}
                    editing={mode === 'editJob' && { editable }}
                    edited={edited}
                    onEdit={onEdit}
                  />
                ))}
              </dl>
            );
          })}
        </section>
      ))}
      {others.length > 0 && (
        <section className={classes.section} aria-label={t('job_detail.sections.other')}>
          <Heading className={classes.sectionTitle}>{t('job_detail.sections.other')}</Heading>
          <dl className={classes.line}>
            {others.map((tag) => (
              <Tag
                key={tag}
                entry={{ tag } as LayoutTagEntry}
                job={job}
                context={context}
                showTagNames={showTagNames}
                editing={false}
                edited={undefined}
                onEdit={undefined}
              />
            ))}
          </dl>
        </section>
      )}
      {sections.length === 0 && others.length === 0 && (
        <p className={classes.empty}>{t('job_detail.report.no_tags')}</p>
      )}
    </div>
  );
}
