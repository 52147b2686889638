import type { DashboardWidget, WidgetData } from '@fleet/contract';
import { Box, Card, Group, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CallError } from '../../components/call-state';
import { widgetDataQuery } from './api';
import { dashboardColours, type KeyColours } from './key-colours';
import { WidgetChart } from './widget-chart';
import classes from './dashboard.module.css';

/** A widget's own title, or one said from what it counts. */
export function useWidgetTitle(): (widget: DashboardWidget) => string {
  const { t } = useTranslation();
  return (widget) => {
    if (widget.title) return widget.title;
    const source = t(`dashboard.sources.${widget.source}`);
    const groupBy = t(`dashboard.dimensions.${widget.groupBy}`);
    return widget.splitBy
      ? t('dashboard.widget.title_split', {
          source,
          groupBy,
          splitBy: t(`dashboard.dimensions.${widget.splitBy}`),
        })
      : t('dashboard.widget.title', { source, groupBy });
  };
}

interface WidgetBodyProps {
  widget: DashboardWidget;
  data: WidgetData | undefined;
  colours: KeyColours;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** What a widget shows: its chart, or where its numbers are (coming, failed). */
function WidgetBody({ widget, data, colours, loading, error, onRetry }: WidgetBodyProps) {
  const title = useWidgetTitle()(widget);
  if (data) return <WidgetChart widget={widget} data={data} colours={colours} title={title} />;
  if (error) return <CallError error={error} onRetry={onRetry} />;
  return loading ? <Skeleton h="100%" radius="sm" aria-hidden="true" /> : null;
}

interface WidgetCardProps extends WidgetBodyProps {
  /** The editor's handles, shown in the card's header while editing. */
  controls?: ReactNode;
  footer?: ReactNode;
}

/** A widget in its card: the title, the handles while editing, the chart. */
export function WidgetCard({ controls, footer, ...body }: WidgetCardProps) {
  const title = useWidgetTitle()(body.widget);
  const headingId = `widget-${body.widget.id}`;
  return (
    <Card withBorder radius="md" padding="sm" h="100%" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
        <Title order={2} size="h6" id={headingId} lineClamp={1}>
          {title}
        </Title>
        {controls}
      </Group>
      <Box className={classes.chart}>
        <WidgetBody {...body} />
      </Box>
      {footer}
    </Card>
  );
}

/** The widget being set, counted on its own as the editor changes it. */
export function WidgetPreview({ widget, valid }: { widget: DashboardWidget; valid: boolean }) {
  const { t } = useTranslation();
  const call = useQuery({ ...widgetDataQuery([widget]), enabled: valid });
  const data = call.data?.data.find((one) => one.id === widget.id);
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {t('dashboard.settings.preview')}
      </Text>
      <Box h={260}>
        <WidgetCard
          widget={widget}
          data={valid ? data : undefined}
          colours={dashboardColours([widget], () => data)}
          loading={call.isFetching}
          error={call.error}
          onRetry={() => void call.refetch()}
        />
      </Box>
    </div>
  );
}
