import {
  Anchor,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EsatChart, type EsatChartOption } from './esat-chart';

export interface ChartTable {
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[]; text: string; to: string }[];
}

/**
 * A chart with its text alternative (docs/insights.md "Statistics"): the figures in a table a toggle shows
 * instead, each row leading where its bar does, and the same figures read out to screen readers.
 */
export function ChartCard(props: {
  title: string;
  option: EsatChartOption;
  table: ChartTable;
  height: number;
  onSelect: (dataIndex: number, seriesIndex: number) => void;
  controls?: ReactNode;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const titleId = useId();
  const figuresId = useId();
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={3} size="h5" id={titleId}>
            {props.title}
          </Title>
          <Group gap="sm">
            {props.controls}
            <SegmentedControl
              size="xs"
              value={view}
              onChange={(value) => setView(value as 'chart' | 'table')}
              data={[
                { value: 'chart', label: t('statistics.chart.chart') },
                { value: 'table', label: t('statistics.chart.table') },
              ]}
              aria-label={t('statistics.chart.view', { title: props.title })}
            />
          </Group>
        </Group>
        {props.table.rows.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('statistics.chart.empty')}
          </Text>
        ) : view === 'chart' ? (
          <>
            <div role="img" aria-labelledby={titleId} aria-describedby={figuresId}>
              <EsatChart option={props.option} height={props.height} onSelect={props.onSelect} />
            </div>
            <VisuallyHidden id={figuresId}>
              {props.table.rows.map((row) => row.text).join('; ')}
            </VisuallyHidden>
          </>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table striped verticalSpacing={4} aria-labelledby={titleId}>
              <Table.Thead>
                <Table.Tr>
                  {props.table.columns.map((column) => (
                    <Table.Th key={column}>{column}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {props.table.rows.map((row) => (
                  <Table.Tr key={row.key}>
                    {row.cells.map((cell, index) => (
                      <Table.Td key={index}>
                        {index === 0 ? (
                          <Anchor component={Link} to={row.to} size="sm">
                            {cell}
                          </Anchor>
                        ) : (
                          cell
                        )}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
