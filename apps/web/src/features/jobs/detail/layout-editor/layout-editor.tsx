import {
  DEFAULT_TEMPLATE_NAME,
  JOB_TAGS,
  LAYOUT_CONVERSIONS,
  LAYOUT_RENDERS,
  LAYOUT_SECTION_TITLES,
  LAYOUT_TRANSLATIONS,
  parseLayout,
  startsModified,
  templateNameProblem,
  type Job,
  type JobLayout,
  type JobTag,
  type LayoutProblem,
  type LayoutSectionTitle,
  type LayoutTagEntry,
} from '@fleet/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  List,
  Paper,
  Select,
  Stack,
  Switch,
  SimpleGrid,
  Text,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, prompt } from '../../../../components/dialogs';
import { showError } from '../../../../components/show-error';
import { downloadText } from '../../../../lib/download';
import { deleteJobTemplateMutation, saveJobTemplateMutation } from '../../api/job-detail';
import { JobReport } from '../../report/job-report';
import { tagLabel } from '../../report/tag-format';
import type { useJobLayouts } from '../../report/use-job-layouts';
import { ActionBar } from '../action-bar';
import { editLayout, type LayoutEdit } from './layout-draft';
import classes from './layout-editor.module.css';

interface Draft {
  layout: JobLayout;
  /** Changed since it was loaded (or not on the server at all): save is offered. */
  modified: boolean;
}

type DraftAction = { type: 'edit'; edit: LayoutEdit } | { type: 'replace'; layout: JobLayout };

function draftReducer(draft: Draft, action: DraftAction): Draft {
  return {
    layout: action.type === 'edit' ? editLayout(draft.layout, action.edit) : action.layout,
    modified: true,
  };
}

/** A problem of an imported layout in the user's words, naming section, line and tag. */
function useProblemText() {
  const { t } = useTranslation();
  return (problem: LayoutProblem) =>
    t(`job_detail.layout.problems.${problem.code}`, {
      ...problem,
      value: 'value' in problem ? problem.value : '',
    });
}

interface TagChipProps {
  entry: LayoutTagEntry;
  onChange: (entry: LayoutTagEntry) => void;
  onMove: (by: -1 | 1) => void;
  onDrop: () => void;
}

function TagEntryEditor({ entry, onChange, onMove, onDrop }: TagChipProps) {
  const { t } = useTranslation();
  const label = tagLabel(entry.tag, t);
  const choose = <K extends keyof LayoutTagEntry>(key: K, value: string | null) => {
    const next = { ...entry };
    if (value) (next as Record<string, unknown>)[key] = value;
    else delete next[key];
    onChange(next);
  };
  const none = { value: '', label: t('job_detail.layout.none') };
  return (
    <Paper
      withBorder
      p={6}
      className={classes.tag}
      aria-label={t('job_detail.layout.tag_label', { tag: entry.tag })}
      role="group"
    >
      <Group gap={4} justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {label} <span className={classes.tagName}>{entry.tag}</span>
        </Text>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={t('job_detail.layout.move_tag_left', { tag: entry.tag })}
            onClick={() => onMove(-1)}
          >
            ‹
          </ActionIcon>
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={t('job_detail.layout.move_tag_right', { tag: entry.tag })}
            onClick={() => onMove(1)}
          >
            ›
          </ActionIcon>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="red"
            aria-label={t('job_detail.layout.remove_tag', { tag: entry.tag })}
            onClick={onDrop}
          >
            ×
          </ActionIcon>
        </Group>
      </Group>
      <Group gap={4} mt={4} wrap="wrap">
        <Select
          size="xs"
          w={120}
          label={t('job_detail.layout.translate')}
          data={[
            none,
            ...LAYOUT_TRANSLATIONS.map((value) => ({
              value,
              label: t(`job_detail.layout.translations.${value}`),
            })),
          ]}
          value={entry.translate ?? ''}
          onChange={(value) => choose('translate', value)}
        />
        <Select
          size="xs"
          w={120}
          label={t('job_detail.layout.convert')}
          data={[
            none,
            ...LAYOUT_CONVERSIONS.map((value) => ({
              value,
              label: t(`job_detail.layout.conversions.${value}`),
            })),
          ]}
          value={entry.convert ?? ''}
          onChange={(value) => choose('convert', value)}
        />
        <Select
          size="xs"
          w={130}
          label={t('job_detail.layout.render')}
          data={[none, ...LAYOUT_RENDERS.map((value) => ({ value, label: value }))]}
          value={entry.render ?? ''}
          onChange={(value) => choose('render', value)}
        />
        <Select
          size="xs"
          w={130}
          label={t('job_detail.layout.condition')}
          searchable
          data={[none, ...JOB_TAGS.map((value) => ({ value, label: value }))]}
          value={entry.conditionTag ?? ''}
          onChange={(value) => choose('conditionTag', value)}
        />
      </Group>
    </Paper>
  );
}

interface LayoutEditorProps {
  job: Job;
  layouts: ReturnType<typeof useJobLayouts>;
  /** Leaves layout mode, with the banner to show when something was saved or deleted. */
  onDone: (message?: string) => void;
}

/**
 * Layout mode of the summary (jobs spec §2, §4, §5): sections, lines and tags added, changed, moved and
 * dropped (with the confirmations of §4); the layout exported, imported (checked by the contract's rules),
 * saved, created under a new name or deleted.
 */
export function LayoutEditor({ job, layouts, onDone }: LayoutEditorProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const current = layouts.current;
  // The built-in default, not on the server: saving it is what there is to do (jobs spec §4).
  const [draft, dispatch] = useReducer(draftReducer, {
    layout: structuredClone(current.layout),
    modified: startsModified(current),
  });
  const [problems, setProblems] = useState<LayoutProblem[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const edit = (change: LayoutEdit) => dispatch({ type: 'edit', edit: change });
  const names = layouts.choices.map((choice) => choice.name);

  const save = useMutation({
    ...saveJobTemplateMutation,
    onSuccess: (saved) => {
      layouts.select(saved.name);
      onDone(t('job_detail.banners.layout_saved'));
    },
    onError: (error) => showError(error, 'job_detail.layout_save'),
  });
  const remove = useMutation({
    ...deleteJobTemplateMutation,
    onSuccess: () => {
      layouts.select(DEFAULT_TEMPLATE_NAME);
      onDone(t('job_detail.banners.layout_deleted'));
    },
    onError: (error) => showError(error, 'job_detail.layout_delete'),
  });

  const dropSection = async (section: number) => {
    if (
      await confirm({
        title: t('job_detail.layout.drop_section'),
        message: t('job_detail.layout.confirm_drop_section'),
        danger: true,
      })
    )
      edit({ type: 'dropSection', section });
  };
  const dropLine = async (section: number, line: number) => {
    if (
      await confirm({
        title: t('job_detail.layout.drop_line'),
        message: t('job_detail.layout.confirm_drop_line'),
        danger: true,
      })
    )
      edit({ type: 'dropLine', section, line });
  };
  const dropTag = async (section: number, line: number, tag: number, name: string) => {
    if (
      await confirm({
        title: t('job_detail.layout.remove_tag', { tag: name }),
        message: t('job_detail.layout.confirm_remove_tag', { tag: name }),
        danger: true,
      })
    )
      edit({ type: 'dropTag', section, line, tag });
  };
  const create = async () => {
    const answer = await prompt({
      title: t('job_detail.layout.create'),
      label: t('job_detail.layout.name'),
      validate: (value) => {
        const problem = templateNameProblem(value, names);
        return problem
          ? { error: t(`job_detail.layout.name_problems.${problem}`, { name: value.trim() }) }
          : null;
      },
    });
    if (answer) save.mutate({ name: answer.value.trim(), layout: draft.layout });
  };
  const importFile = async (file: File) => {
    const parsed = parseLayout(await file.text());
    setProblems(parsed.problems);
    if (parsed.layout) dispatch({ type: 'replace', layout: parsed.layout });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('job_detail.layout.title', { name: current.name })}
        </Title>
      </Group>
      {problems.length > 0 && (
        <Alert color="red" title={t('job_detail.layout.problems.title')} role="alert">
          <List size="sm">
            {problems.map((problem, index) => (
              <List.Item key={index}>{problemText(problem)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        <Stack gap="md">
          {draft.layout.data.map((section, sectionIndex) => (
            <Paper
              key={sectionIndex}
              withBorder
              p="sm"
              component="section"
              aria-label={t('job_detail.layout.section_label', { index: sectionIndex + 1 })}
            >
              <Group gap="xs" align="flex-end" wrap="wrap">
                <Select
                  size="xs"
                  w={160}
                  label={t('job_detail.layout.section_title')}
                  data={LAYOUT_SECTION_TITLES.map((value) => ({
                    value,
                    label: t(`job_detail.sections.${value}`),
                  }))}
                  value={section.title}
                  allowDeselect={false}
                  onChange={(title) =>
                    title &&
                    edit({
                      type: 'section',
                      section: sectionIndex,
                      change: { title: title as LayoutSectionTitle },
                    })
                  }
                />
                <Switch
                  size="sm"
                  label={t('job_detail.layout.show_title')}
                  checked={section.show_title}
                  onChange={(event) =>
                    edit({
                      type: 'section',
                      section: sectionIndex,
                      change: { show_title: event.currentTarget.checked },
                    })
                  }
                />
                <Switch
                  size="sm"
                  label={t('job_detail.layout.hidden')}
                  checked={section.hidden === true}
                  onChange={(event) =>
                    edit({
                      type: 'section',
                      section: sectionIndex,
                      change: { hidden: event.currentTarget.checked },
                    })
                  }
                />
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => edit({ type: 'moveSection', section: sectionIndex, by: -1 })}
                >
                  {t('job_detail.layout.move_up')}
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => edit({ type: 'moveSection', section: sectionIndex, by: 1 })}
                >
                  {t('job_detail.layout.move_down')}
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => void dropSection(sectionIndex)}
                >
                  {t('job_detail.layout.drop_section')}
                </Button>
              </Group>
              <Stack gap="xs" mt="xs">
                {section.render.map((line, lineIndex) => (
                  <div
                    key={lineIndex}
                    className={classes.line}
                    role="group"
                    aria-label={t('job_detail.layout.line_label', { index: lineIndex + 1 })}
                  >
                    {line.map((entry, tagIndex) => (
                      <TagEntryEditor
                        key={`${entry.tag}-${tagIndex}`}
                        entry={entry}
                        onChange={(next) =>
                          edit({
                            type: 'changeTag',
                            section: sectionIndex,
                            line: lineIndex,
                            tag: tagIndex,
                            entry: next,
                          })
                        }
                        onMove={(by) =>
                          edit({ type: 'moveTag', section: sectionIndex, line: lineIndex, tag: tagIndex, by })
                        }
                        onDrop={() => void dropTag(sectionIndex, lineIndex, tagIndex, entry.tag)}
                      />
                    ))}
                    <Group gap={4} className={classes.lineTools}>
                      <Select
                        size="xs"
                        w={150}
                        searchable
                        aria-label={t('job_detail.layout.add_tag')}
                        placeholder={t('job_detail.layout.add_tag')}
                        data={JOB_TAGS.map((tag) => ({ value: tag, label: `${tag} · ${tagLabel(tag, t)}` }))}
                        value={null}
                        onChange={(tag) =>
                          tag &&
                          edit({
                            type: 'addTag',
                            section: sectionIndex,
                            line: lineIndex,
                            entry: { tag: tag as JobTag },
                          })
                        }
                      />
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        disabled={lineIndex === 0}
                        aria-label={t('job_detail.layout.move_line_up', { index: lineIndex + 1 })}
                        onClick={() =>
                          edit({ type: 'moveLine', section: sectionIndex, line: lineIndex, by: -1 })
                        }
                      >
                        {t('job_detail.layout.move_up')}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        disabled={lineIndex === section.render.length - 1}
                        aria-label={t('job_detail.layout.move_line_down', { index: lineIndex + 1 })}
                        onClick={() =>
                          edit({ type: 'moveLine', section: sectionIndex, line: lineIndex, by: 1 })
                        }
                      >
                        {t('job_detail.layout.move_down')}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        onClick={() => void dropLine(sectionIndex, lineIndex)}
                      >
                        {t('job_detail.layout.drop_line')}
                      </Button>
                    </Group>
                  </div>
                ))}
                <Button
                  size="compact-xs"
                  variant="light"
                  w="fit-content"
                  onClick={() => edit({ type: 'addLine', section: sectionIndex })}
                >
                  {t('job_detail.layout.add_line')}
                </Button>
              </Stack>
            </Paper>
          ))}
          <Button variant="light" w="fit-content" onClick={() => edit({ type: 'addSection' })}>
            {t('job_detail.layout.add_section')}
          </Button>
        </Stack>
        <Paper
          withBorder
          p="sm"
          component="section"
          aria-label={t('job_detail.layout.preview', { id: job.id })}
          className={classes.preview}
        >
          <Title order={3} size="h5" mb="sm">
            {t('job_detail.layout.preview', { id: job.id })}
          </Title>
          <JobReport job={job} layout={draft.layout} showAll headingLevel={3} />
        </Paper>
      </SimpleGrid>
      <ActionBar>
        <Button
          size="xs"
          disabled={!draft.modified}
          loading={save.isPending}
          onClick={() =>
            save.mutate({
              name: current.name,
              layout: draft.layout,
              ...(current.id ? { id: current.id } : {}),
            })
          }
        >
          {t('job_detail.layout.save')}
        </Button>
        <Button size="xs" variant="default" onClick={() => void create()}>
          {t('job_detail.layout.create')}
        </Button>
        {current.id !== null && (
          <Button
            size="xs"
            variant="default"
            color="red"
            loading={remove.isPending}
            onClick={async () => {
              if (
                await confirm({
                  title: t('job_detail.layout.delete'),
                  message: t('job_detail.layout.confirm_delete', { name: current.name }),
                  danger: true,
                })
              )
                remove.mutate(current.name);
            }}
          >
            {t('job_detail.layout.delete')}
          </Button>
        )}
        <Button
          size="xs"
          variant="subtle"
          onClick={() => downloadText(`${current.name}.layout.json`, JSON.stringify(draft.layout, null, 2))}
        >
          {t('job_detail.layout.export')}
        </Button>
        <Button size="xs" variant="subtle" onClick={() => fileInput.current?.click()}>
          {t('job_detail.layout.import')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          aria-label={t('job_detail.layout.import_file')}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void importFile(file);
          }}
        />
        <Button size="xs" variant="subtle" onClick={() => onDone()}>
          {t('job_detail.layout.leave')}
        </Button>
      </ActionBar>
    </Stack>
  );
}
