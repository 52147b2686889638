import {
  CHART_TYPES,
  WIDGET_DEFAULT_MONTHS,
  WIDGET_DIMENSIONS,
  WIDGET_MAX_MONTHS,
  WIDGET_MEASURES,
  WIDGET_SOURCES,
  widgetProblem,
  type ChartType,
  type DashboardWidget,
  type WidgetDimension,
  type WidgetSource,
} from '@fleet/contract';
import { Button, Group, MultiSelect, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { SideDrawer } from '../../components/side-drawer';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardDeviceTypesQuery } from './api';
import { WidgetPreview } from './widget-card';

interface WidgetSettingsProps {
  widget: DashboardWidget | null;
  onApply: (widget: DashboardWidget) => void;
  onClose: () => void;
}

/** A change of source keeps what still applies and picks the first grouping that does. */
function withSource(widget: DashboardWidget, source: WidgetSource): DashboardWidget {
  const allowed: readonly WidgetDimension[] = WIDGET_DIMENSIONS[source];
  const jobs = source === 'jobs';
  return {
    ...widget,
    source,
    groupBy: allowed.includes(widget.groupBy) ? widget.groupBy : allowed[0]!,
    splitBy: widget.splitBy && allowed.includes(widget.splitBy) ? widget.splitBy : undefined,
    months: jobs ? (widget.months ?? WIDGET_DEFAULT_MONTHS) : undefined,
    synthetic: jobs ? widget.synthetic : undefined,
  };
}

/** The drawer where an editor sets what a widget counts and how it is drawn, with a live preview. */
export function WidgetSettings({ widget, onApply, onClose }: WidgetSettingsProps) {
  const { t } = useTranslation();
  return (
    <SideDrawer
      opened={widget !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('dashboard.settings.title')}
    >
      {widget && <SettingsForm widget={widget} onApply={onApply} onClose={onClose} />}
    </SideDrawer>
  );
}

/** Dimension names are written to sit inside a title ("Jobs by month"); a list shows them as labels. */
const capitalised = (text: string, language: string) =>
  text.charAt(0).toLocaleUpperCase(language) + text.slice(1);

function SettingsForm({ widget, onApply, onClose }: WidgetSettingsProps & { widget: DashboardWidget }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<DashboardWidget>(widget);
  const deviceTypes = useQuery(dashboardDeviceTypesQuery);
  const problem = widgetProblem(draft);
  const dimensions = WIDGET_DIMENSIONS[draft.source].map((value) => ({
    value,
    label: capitalised(t(`dashboard.dimensions.${value}`), i18n.language),
  }));
  const update = (change: Partial<DashboardWidget>) => setDraft({ ...draft, ...change });
  const errorOf = (field: string) =>
    problem?.field === field
      ? t(`dashboard.problems.${problem.code}`, { chart: t(`dashboard.chart_types.${draft.chartType}`) })
      : undefined;

  return (
    <Stack gap="sm">
      <TextInput
        label={t('dashboard.settings.widget_title')}
        description={t('dashboard.settings.widget_title_hint')}
        maxLength={80}
        value={draft.title ?? ''}
        onChange={(event) => update({ title: event.currentTarget.value || undefined })}
      />
      <Select
        label={t('dashboard.settings.source')}
        data={WIDGET_SOURCES.map((value) => ({ value, label: t(`dashboard.sources.${value}`) }))}
        value={draft.source}
        allowDeselect={false}
        onChange={(value) => value && setDraft(withSource(draft, value as WidgetSource))}
      />
      <Group grow align="flex-start">
        <Select
          label={t('dashboard.settings.group_by')}
          data={dimensions}
          value={draft.groupBy}
          allowDeselect={false}
          error={errorOf('groupBy')}
          onChange={(value) => value && update({ groupBy: value as WidgetDimension })}
        />
        <Select
          label={t('dashboard.settings.split_by')}
          placeholder={t('dashboard.settings.no_split')}
          data={dimensions.filter((dimension) => dimension.value !== draft.groupBy)}
          value={draft.splitBy ?? null}
          clearable
          error={errorOf('splitBy')}
          onChange={(value) => update({ splitBy: (value as WidgetDimension | null) ?? undefined })}
        />
      </Group>
      <Group grow align="flex-start">
        <Select
          label={t('dashboard.settings.chart_type')}
          data={CHART_TYPES.map((value) => ({ value, label: t(`dashboard.chart_types.${value}`) }))}
          value={draft.chartType}
          allowDeselect={false}
          onChange={(value) => value && update({ chartType: value as ChartType })}
        />
        <Select
          label={t('dashboard.settings.measure')}
          data={WIDGET_MEASURES.map((value) => ({ value, label: t(`dashboard.measures.${value}`) }))}
          value={draft.measure}
          allowDeselect={false}
          onChange={(value) => value && update({ measure: value as DashboardWidget['measure'] })}
        />
      </Group>
      {draft.source === 'jobs' && (
        <Group grow align="flex-end">
          <NumberInput
            label={t('dashboard.settings.months')}
            min={1}
            max={WIDGET_MAX_MONTHS}
            clampBehavior="strict"
            allowDecimal={false}
            value={draft.months ?? WIDGET_DEFAULT_MONTHS}
            onChange={(value) =>
              update({ months: typeof value === 'number' ? value : WIDGET_DEFAULT_MONTHS })
            }
          />
          <Switch
            label={t('dashboard.settings.synthetic')}
            checked={draft.synthetic ?? false}
            onChange={(event) => update({ synthetic: event.currentTarget.checked || undefined })}
            mb={8}
          />
        </Group>
      )}
      <MultiSelect
        label={t('dashboard.settings.device_types')}
        placeholder={draft.deviceTypes?.length ? undefined : t('dashboard.settings.every_type')}
        // A type saved on the widget stays offered even when no device has it any more.
        data={[...new Set([...(deviceTypes.data?.types ?? []), ...(draft.deviceTypes ?? [])])]}
        value={draft.deviceTypes ?? []}
        searchable
        clearable
        onChange={(value) => update({ deviceTypes: value.length ? value : undefined })}
      />
      <WidgetPreview widget={draft} valid={problem === null} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.actions.cancel')}
        </Button>
        <Button disabled={problem !== null} onClick={() => onApply(draft)}>
          {t('dashboard.settings.apply')}
        </Button>
      </Group>
    </Stack>
  );
}
