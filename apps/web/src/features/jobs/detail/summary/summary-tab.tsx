import {
  TEMPERATURE_SYMBOLS,
  TEMPERATURE_UNITS,
  changedTags,
  mayCheckWarranty,
  warrantyCheckQuery,
  type Job,
  type JobDetail,
  type JobDetailMode,
  type TemperatureUnit,
} from '@fleet/contract';
import { Button, Loader, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showError } from '../../../../components/show-error';
import { TemporaryBanner } from '../../../../components/temporary-banner';
import { routeNamed } from '../../../../config/paths';
import { useCanUse } from '../../../../hooks/use-can-use';
import { useMe } from '../../../../hooks/use-me';
import { useDateFormat } from '../../../../hooks/use-date-format';
import { useTemporaryBanner } from '../../../../hooks/use-temporary-banner';
import { useUserConfiguration } from '../../../../hooks/use-user-configuration';
import {
  editableTagsQueryOptions,
  editJobMutation,
  jobDetailQueryOptions,
  jobQueryOptions,
  jobTemplateQueryOptions,
} from '../../api/job-detail';
import { JobReport } from '../../report/job-report';
import { printElement } from '../../report/print-report';
import { downloadRawJson, openRawData } from '../../report/raw-data';
import { tagLabel } from '../../report/tag-format';
import { useJobLayouts } from '../../report/use-job-layouts';
import { useTemperatureUnit } from '../../report/use-temperature-unit';
import { LayoutEditor } from '../layout-editor/layout-editor';
import { useJobId } from '../job-detail-page';
import { ActionBar } from '../action-bar';
import classes from './summary-tab.module.css';

/** Who changed the job's tags, and when: under the report. */
function EditHistory({ detail }: { detail: JobDetail }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  if (detail.edits.length === 0) return null;
  return (
    <section aria-label={t('job_detail.history.title')}>
      <Text fw={600} size="sm">
        {t('job_detail.history.title')}
      </Text>
      {detail.edits.map((edit) => (
        <Text key={edit.at} size="sm" c="dimmed">
          {t('job_detail.history.entry', {
            date: date.long(edit.at),
            user: edit.by,
            tags: Object.keys(edit.changes)
              .map((tag) => tagLabel(tag, t))
              .join(', '),
          })}
        </Text>
      ))}
    </section>
  );
}

/**
 * The Summary tab (jobs spec §2): the job through the chosen report layout, and the floating action
 * bar. Editing the job and editing the layout exclude each other (§4).
 */
export function SummaryTab() {
  const { t } = useTranslation();
  const jobId = useJobId();
  const detail = useQuery(jobDetailQueryOptions(jobId));
  const layouts = useJobLayouts();
  const printSettings = useUserConfiguration().data?.print_settings;
  const [unit, setUnit] = useTemperatureUnit();
  const [mode, setMode] = useState<JobDetailMode>('view');
  // Layout mode starts from the server's copy of the layout (another user may have saved it since).
  const freshLayout = useQuery({
    ...jobTemplateQueryOptions(layouts.current.name),
    enabled: mode === 'editLayout' && layouts.current.id !== null,
  });
  const { data: editable } = useQuery({ ...editableTagsQueryOptions(), enabled: mode === 'editJob' });
  const [showAll, setShowAll] = useState(false);
  const [showTagNames, setShowTagNames] = useState(false);
  const [edited, setEdited] = useState<Record<string, string>>({});
  const [banner, showBanner] = useTemporaryBanner();
  const reportRef = useRef<HTMLDivElement>(null);
  const mayEditJob = useCanUse('JOBS.EDIT') && detail.data?.archived === false;
  const mayEditLayout = useCanUse('JOBS.EDIT_LAYOUT');
  const mayShowTagNames = useCanUse('JOBS.SHOW_TAGS');
  const mayDecode = useCanUse('WARRANTY.DECODE');
  const { data: me } = useMe();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (layouts.failed) showBanner({ message: t('job_detail.banners.default_applied'), colour: 'yellow' });
  }, [layouts.failed, showBanner, t]);

  const job = detail.data?.job;
  const changes = job ? changedTags(job.data, edited) : {};
  const save = useMutation({
    ...editJobMutation(jobId),
    onSuccess: () => {
      setMode('view');
      setEdited({});
      showBanner({ message: t('job_detail.banners.job_updated'), colour: 'teal' });
    },
    onError: (error) => showError(error, 'job_detail.edit'),
  });
  if (!detail.data || !job) return null;

  const switchMode = (next: JobDetailMode) => {
    setEdited({});
    setMode((current) => (current === next ? 'view' : next));
  };
  // Raw data is the job as the API holds it (GET /Jobs/{id}), read when asked for.
  const withRawJob = async (show: (raw: Job) => void) => {
    try {
      show(await queryClient.fetchQuery(jobQueryOptions(jobId)));
    } catch (error) {
      showError(error, 'job_detail.raw_data');
    }
  };
  const print = () => {
    if (reportRef.current && printSettings)
      void printElement(reportRef.current, printSettings, t('job_detail.page.title', { id: job.id }));
  };

  if (mode === 'editLayout') {
    if (freshLayout.isPending && layouts.current.id !== null) return <Loader size="sm" />;
    const current = freshLayout.data
      ? { ...layouts.current, layout: { version: freshLayout.data.version, data: freshLayout.data.data } }
      : layouts.current;
    return (
      <LayoutEditor
        job={job}
        layouts={{ ...layouts, current }}
        onDone={(message) => {
          setMode('view');
          if (message) showBanner({ message, colour: 'teal' });
        }}
      />
    );
  }

  return (
    <Stack gap="md">
      <TemporaryBanner banner={banner} />
      <div ref={reportRef} className={classes.printable}>
        <JobReport
          job={job}
          layout={layouts.current.layout}
          mode={mode === 'editJob' ? 'editJob' : 'view'}
          showAll={showAll}
          showTagNames={mayShowTagNames && showTagNames}
          edited={edited}
          editable={editable}
          onEdit={(tag, value) => setEdited((current) => ({ ...current, [tag]: value }))}
        />
      </div>
      <EditHistory detail={detail.data} />
      <ActionBar>
        {mode === 'editJob' ? (
          <>
            <Button
              size="xs"
              disabled={Object.keys(changes).length === 0}
              loading={save.isPending}
              onClick={() => save.mutate({ data: changes })}
            >
              {t('job_detail.actions.save')}
            </Button>
            <Button size="xs" variant="default" onClick={() => switchMode('editJob')}>
              {t('job_detail.actions.cancel_edit')}
            </Button>
          </>
        ) : (
          mayEditJob && (
            <Button size="xs" variant="default" onClick={() => switchMode('editJob')}>
              {t('job_detail.actions.edit_job')}
            </Button>
          )
        )}
        {mayEditLayout && mode !== 'editJob' && (
          <Button size="xs" variant="default" onClick={() => switchMode('editLayout')}>
            {t('job_detail.actions.edit_layout')}
          </Button>
        )}
        <Switch
          size="sm"
          label={t('job_detail.actions.show_all')}
          checked={showAll}
          onChange={(event) => setShowAll(event.currentTarget.checked)}
        />
        {mayShowTagNames && (
          <Switch
            size="sm"
            label={t('job_detail.actions.show_tag_names')}
            checked={showTagNames}
            onChange={(event) => setShowTagNames(event.currentTarget.checked)}
          />
        )}
        {mayDecode && mayCheckWarranty(job.data, me?.roles ?? []) && (
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={`${routeNamed('WarrantyCodeHome').path}?${warrantyCheckQuery(job.data)}`}
            // Jobs §2: the check opens in a new tab, the job stays where it was.
            target="_blank"
            rel="noopener"
          >
            {t('job_detail.actions.check_warranty')}
          </Button>
        )}
        <Button size="xs" variant="subtle" onClick={() => void withRawJob(openRawData)}>
          {t('job_detail.actions.raw_data')}
        </Button>
        <Button size="xs" variant="subtle" onClick={() => void withRawJob(downloadRawJson)}>
          {t('job_detail.actions.download_json')}
        </Button>
        <Button size="xs" variant="subtle" onClick={print} disabled={!printSettings || mode === 'editJob'}>
          {t('job_detail.actions.print')}
        </Button>
        <Select
          size="xs"
          w={170}
          aria-label={t('job_detail.actions.layout')}
          data={layouts.choices.map((choice) => choice.name)}
          value={layouts.current.name}
          onChange={(name) => name && layouts.select(name)}
          allowDeselect={false}
          disabled={mode === 'editJob'}
        />
        <SegmentedControl
          size="xs"
          aria-label={t('job_detail.actions.temperature_unit')}
          value={unit}
          onChange={(value) => setUnit(value as TemperatureUnit)}
          data={TEMPERATURE_UNITS.map((value) => ({ value, label: TEMPERATURE_SYMBOLS[value] }))}
        />
      </ActionBar>
    </Stack>
  );
}
