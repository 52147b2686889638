import type { JobGraphSummary } from '@fleet/contract';
import { Button, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CallError, CallLoading } from '../../../../components/call-state';
import { showError } from '../../../../components/show-error';
import { DataTable, type DataColumn } from '../../../../components/table/data-table';
import { useDateFormat } from '../../../../hooks/use-date-format';
import { downloadText } from '../../../../lib/download';
import { jobGraphQueryOptions, jobGraphsQueryOptions } from '../../api/job-detail';
import { useJobId } from '../job-detail-page';
import { GraphChart, GRAPH_HEIGHT } from './graph-chart';
import { graphCsv } from './graph-csv';

/**
 * The Graphs tab (jobs spec §2): the job's graph files, the first selected, the selected one drawn. The
 * selection is in the address (`?graph=`), so that a graph can be linked to.
 */
export function GraphsTab() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const jobId = useJobId();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const graphs = useQuery(jobGraphsQueryOptions(jobId));
  const list = graphs.data?.data ?? [];
  const selectedId = list.find((graph) => graph.id === params.get('graph'))?.id ?? list[0]?.id ?? null;
  const graph = useQuery(jobGraphQueryOptions(selectedId));

  const select = (id: string) =>
    setParams((current) => ({ ...Object.fromEntries(current), graph: id }), { replace: true });

  const download = async (id: string, fileName: string) => {
    try {
      const data = await queryClient.fetchQuery(jobGraphQueryOptions(id));
      downloadText(
        fileName.replace(/\.[^.]*$/, '') + '.csv',
        graphCsv(data, t('job_detail.graphs.seconds')),
        'text/csv',
      );
    } catch (error) {
      showError(error, 'job_detail.graph_download');
    }
  };

  // The file name is a button too: the way to a graph for whoever looks for it by name.
  const columns: DataColumn<JobGraphSummary>[] = [
    {
      prop: 'graphFileName',
      labelLang: 'job_detail.graphs.file_name',
      cell: (row) => (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => select(row.id)}
          aria-pressed={row.id === selectedId}
        >
          {row.graphFileName}
        </Button>
      ),
    },
    {
      prop: 'beginDate',
      labelLang: 'job_detail.graphs.begin_date',
      type: 'date',
      cell: (row) => date.long(row.beginDate),
    },
    { prop: 'workflow', labelLang: 'job_detail.graphs.workflow', cell: (row) => row.workflow },
    {
      prop: 'pointCount',
      labelLang: 'job_detail.graphs.points',
      type: 'number',
      cell: (row) => row.pointCount.toLocaleString(),
    },
    {
      prop: 'download',
      hideLabel: true,
      labelLang: 'job_detail.graphs.download',
      type: 'action',
      cell: (row) => (
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => void download(row.id, row.graphFileName)}
          aria-label={t('job_detail.graphs.download_file', { name: row.graphFileName })}
        >
          {t('job_detail.graphs.download')}
        </Button>
      ),
    },
  ];

  if (graphs.isError) return <CallError error={graphs.error} onRetry={() => void graphs.refetch()} />;
  if (!graphs.data) return <CallLoading />;
  if (list.length === 0)
    return (
      <Text c="dimmed" py="md">
        {t('job_detail.graphs.none')}
      </Text>
    );
  return (
    <Stack gap="md">
      <DataTable
        label={t('job_detail.graphs.label')}
        columns={columns}
        items={list}
        rowKey={(row) => row.id}
        minWidth={560}
        rowClick={{
          mode: 'select',
          selected: selectedId,
          onSelect: (key) => key !== null && select(key),
        }}
      />
      {graph.isError ? (
        <CallError error={graph.error} onRetry={() => void graph.refetch()} />
      ) : graph.data ? (
        <GraphChart key={graph.data.id} graph={graph.data} />
      ) : (
        <div style={{ height: GRAPH_HEIGHT }}>
          <CallLoading />
        </div>
      )}
    </Stack>
  );
}
