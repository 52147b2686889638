import { Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CallError, CallLoading } from '../../../../components/call-state';
import { showError } from '../../../../components/show-error';
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
      <Table.ScrollContainer minWidth={560}>
        <Table highlightOnHover aria-label={t('job_detail.graphs.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('job_detail.graphs.file_name')}</Table.Th>
              <Table.Th>{t('job_detail.graphs.begin_date')}</Table.Th>
              <Table.Th>{t('job_detail.graphs.workflow')}</Table.Th>
              <Table.Th>{t('job_detail.graphs.points')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('job_detail.graphs.download')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((row) => {
              const selected = row.id === selectedId;
              const select = () =>
                setParams((current) => ({ ...Object.fromEntries(current), graph: row.id }), {
                  replace: true,
                });
              return (
                <Table.Tr
                  key={row.id}
                  aria-selected={selected}
                  data-selected={selected || undefined}
                  style={{ cursor: 'pointer' }}
                  bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
                  onClick={(event) => !(event.target as HTMLElement).closest('button') && select()}
                >
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={select} aria-pressed={selected}>
                      {row.graphFileName}
                    </Button>
                  </Table.Td>
                  <Table.Td>{date.long(row.beginDate)}</Table.Td>
                  <Table.Td>{row.workflow}</Table.Td>
                  <Table.Td>{row.pointCount.toLocaleString()}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="default"
                      onClick={() => void download(row.id, row.graphFileName)}
                      aria-label={t('job_detail.graphs.download_file', { name: row.graphFileName })}
                    >
                      {t('job_detail.graphs.download')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
