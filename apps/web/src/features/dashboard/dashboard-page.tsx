import {
  DASHBOARD_MAX_WIDGETS,
  DASHBOARD_TEMPLATE,
  dashboardInputSchema,
  dashboardWidgetsSchema,
  type Dashboard,
  type DashboardWidget,
} from '@fleet/contract';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CallState } from '../../components/call-state';
import { confirm, prompt } from '../../components/dialogs';
import { ValidationText } from '../../components/dialogs/validation-text';
import { PageFrame } from '../../components/page-frame';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { useCanUse } from '../../hooks/use-can-use';
import { useContractForm } from '../../hooks/use-contract-form';
import { useUnsavedGuard } from '../../hooks/use-unsaved-guard';
import {
  createDashboardMutation,
  dashboardListQuery,
  dashboardQuery,
  deleteDashboardMutation,
  updateDashboardMutation,
  widgetDataQuery,
} from './api';
import { DashboardGrid, type WidgetCall } from './dashboard-editor';
import { nextSlot, without } from './grid-layout';
import { dashboardColours } from './key-colours';
import { WidgetSettings } from './widget-settings';

interface Draft {
  name: string;
  widgets: DashboardWidget[];
}

/** The numbers of every widget of the screen, in one call. */
function useWidgetCall(widgets: readonly DashboardWidget[]): WidgetCall {
  const call = useQuery(widgetDataQuery(widgets));
  return {
    dataOf: (id) => call.data?.data.find((one) => one.id === id),
    loading: call.isFetching,
    error: call.error,
    retry: () => void call.refetch(),
  };
}

function newWidgetId(widgets: readonly DashboardWidget[]): string {
  let index = widgets.length + 1;
  while (widgets.some((widget) => widget.id === `w${index}`)) index++;
  return `w${index}`;
}

interface DashboardScreenProps {
  dashboard: Dashboard;
  choices: { value: string; label: string }[];
  onChoose: (id: number) => void;
  onCreate: () => void;
  onDeleted: () => void;
}

/** One dashboard, viewed, or edited by those who may: each editing starts a fresh form. */
function DashboardScreen(props: DashboardScreenProps) {
  const [session, setSession] = useState(0);
  return <DashboardSession key={session} {...props} onEnd={() => setSession((current) => current + 1)} />;
}

function DashboardSession({
  dashboard,
  choices,
  onChoose,
  onCreate,
  onDeleted,
  onEnd,
}: DashboardScreenProps & { onEnd: () => void }) {
  const { t } = useTranslation();
  const mayEdit = useCanUse('DASHBOARD.EDIT');
  const update = useMutation(updateDashboardMutation);
  const deletion = useMutation(deleteDashboardMutation);
  const form = useContractForm<typeof dashboardInputSchema, Draft>(dashboardInputSchema, {
    name: dashboard.name,
    widgets: dashboard.widgets,
  });
  const [editing, setEditing] = useState(false);
  const draft = editing ? form.values : null;
  const startEditing = () => {
    // The dashboard as it is now: another editor may have saved it since this screen opened.
    form.set('name', dashboard.name);
    form.set('widgets', dashboard.widgets);
    setEditing(true);
  };
  const [settingsOf, setSettingsOf] = useState<DashboardWidget | null>(null);
  const widgets = draft?.widgets ?? dashboard.widgets;
  const widgetsRefused = draft ? form.error('widgets') : undefined;
  const dirty =
    draft !== null &&
    (draft.name !== dashboard.name || JSON.stringify(draft.widgets) !== JSON.stringify(dashboard.widgets));
  useUnsavedGuard(dirty);
  const call = useWidgetCall(widgets);
  const colours = useMemo(() => dashboardColours(widgets, call.dataOf), [widgets, call]);

  const save = async () => {
    if (!draft) return;
    await form.submit(async (body) => {
      // The dashboard and the list reload before the editing ends.
      const saved = await update.mutateAsync({
        id: dashboard.id,
        body: { ...body, version: dashboard.version },
      });
      onEnd();
      showSuccess(t('dashboard.edit.saved', { name: saved.name }));
    });
  };
  const remove = async () => {
    const sure = await confirm({
      title: t('dashboard.delete.title', { name: dashboard.name }),
      message: t('dashboard.delete.message'),
      confirmLabel: t('dashboard.delete.confirm'),
      danger: true,
    });
    if (!sure) return;
    try {
      await deletion.mutateAsync(dashboard.id);
      showSuccess(t('dashboard.delete.done', { name: dashboard.name }));
      onDeleted();
    } catch (error) {
      showError(error);
    }
  };
  const addWidget = () => {
    if (!draft) return;
    const widget: DashboardWidget = {
      id: newWidgetId(draft.widgets),
      source: 'devices',
      measure: 'count',
      groupBy: 'device_type',
      chartType: 'bar',
      layout: nextSlot(draft.widgets, 4, 3),
    };
    setSettingsOf(widget);
  };
  const applySettings = (widget: DashboardWidget) => {
    if (!draft) return;
    const known = draft.widgets.some((one) => one.id === widget.id);
    form.set(
      'widgets',
      known ? draft.widgets.map((one) => (one.id === widget.id ? widget : one)) : [...draft.widgets, widget],
    );
    setSettingsOf(null);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        {draft ? (
          <TextInput
            label={t('dashboard.edit.name')}
            value={draft.name}
            maxLength={80}
            required
            onChange={(event) => form.set('name', event.currentTarget.value)}
            error={form.error('name')}
          />
        ) : (
          <Group align="flex-end" gap="sm">
            {choices.length > 1 && (
              <Select
                aria-label={t('dashboard.page.choose')}
                data={choices}
                value={String(dashboard.id)}
                allowDeselect={false}
                onChange={(value) => value && onChoose(Number(value))}
              />
            )}
          </Group>
        )}
        {mayEdit && !draft && (
          <Group gap="xs">
            <Button variant="default" onClick={onCreate}>
              {t('dashboard.page.new')}
            </Button>
            <Button variant="default" color="red" onClick={() => void remove()}>
              {t('dashboard.delete.button')}
            </Button>
            <Button onClick={startEditing}>{t('dashboard.edit.button')}</Button>
          </Group>
        )}
        {draft && (
          <Group gap="xs">
            <Button
              variant="default"
              onClick={addWidget}
              disabled={draft.widgets.length >= DASHBOARD_MAX_WIDGETS}
            >
              {t('dashboard.edit.add')}
            </Button>
            <Button variant="default" onClick={onEnd}>
              {t('common.actions.cancel')}
            </Button>
            <Button onClick={() => void save()} loading={form.busy} disabled={!draft.name.trim() || !dirty}>
              {t('dashboard.edit.save')}
            </Button>
          </Group>
        )}
      </Group>
      {!draft && <Text c="dimmed">{t('dashboard.page.intro', { name: dashboard.name })}</Text>}
      {draft && <Text c="dimmed">{t('dashboard.edit.intro')}</Text>}
      {draft && (
        <ValidationText
          message={
            form.failure
              ? { kind: 'error', text: widgetsRefused ? `${form.failure} ${widgetsRefused}` : form.failure }
              : null
          }
        />
      )}
      {widgets.length === 0 ? (
        <Text c="dimmed">{t('dashboard.page.no_widgets')}</Text>
      ) : (
        <DashboardGrid
          widgets={widgets}
          call={call}
          colours={colours}
          editing={
            draft
              ? {
                  onChange: (changed) => form.set('widgets', changed),
                  onSettings: setSettingsOf,
                  onRemove: (widget) => form.set('widgets', without(draft.widgets, widget.id)),
                }
              : undefined
          }
        />
      )}
      <WidgetSettings widget={settingsOf} onApply={applySettings} onClose={() => setSettingsOf(null)} />
    </Stack>
  );
}

/** Route /dashboard: the dashboards of the user's company, the one last opened first. */
export function DashboardPage() {
  const { t } = useTranslation();
  const mayEdit = useCanUse('DASHBOARD.EDIT');
  const creation = useMutation(createDashboardMutation);
  const [search, setSearch] = useSearchParams();
  const list = useQuery(dashboardListQuery);
  const asked = Number(search.get('id')) || null;
  const known = list.data?.data ?? [];
  const chosen =
    known.find((one) => one.id === asked)?.id ??
    known.find((one) => one.id === list.data?.lastViewed)?.id ??
    known[0]?.id ??
    null;
  const dashboard = useQuery(dashboardQuery(chosen));
  const choose = (id: number | null) =>
    setSearch((params) => {
      if (id === null) params.delete('id');
      else params.set('id', String(id));
      return params;
    });

  const create = async () => {
    const answer = await prompt({
      title: t('dashboard.page.new'),
      label: t('dashboard.edit.name'),
      confirmLabel: t('dashboard.page.create'),
      validate: (name) =>
        name.trim() && name.trim().length <= 80 ? null : { error: t('dashboard.page.name_rule') },
    });
    if (!answer?.value.trim()) return;
    try {
      const created = await creation.mutateAsync({
        name: answer.value.trim(),
        widgets: dashboardWidgetsSchema.parse(DASHBOARD_TEMPLATE),
      });
      choose(created.id);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <PageFrame title={t('dashboard.page.title')}>
      <CallState call={list}>
        {(answer) =>
          answer.data.length === 0 ? (
            <Stack gap="sm" align="flex-start">
              <Text c="dimmed">{t(mayEdit ? 'dashboard.page.none_editor' : 'dashboard.page.none')}</Text>
              {mayEdit && <Button onClick={() => void create()}>{t('dashboard.page.new')}</Button>}
            </Stack>
          ) : (
            <CallState call={dashboard}>
              {(shown) => (
                <DashboardScreen
                  key={shown.id}
                  dashboard={shown}
                  choices={answer.data.map((one) => ({ value: String(one.id), label: one.name }))}
                  onChoose={choose}
                  onCreate={() => void create()}
                  // The list has reloaded without it: the screen opens another.
                  onDeleted={() => choose(null)}
                />
              )}
            </CallState>
          )
        }
      </CallState>
    </PageFrame>
  );
}
