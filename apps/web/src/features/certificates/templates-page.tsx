import {
  ANY_DEVICE_TYPE,
  CERTIFICATE_TEMPLATE_FIELDS,
  CERTIFICATE_TEMPLATE_MAX_LENGTH,
  DEFAULT_CERTIFICATE_TEMPLATE,
  certificateTemplateBodySchema,
  fillTemplate,
  sampleTemplateValues,
  unknownPlaceholders,
  type CertificateTemplate,
} from '@fleet/contract';
import { Button, Code, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { confirm } from '../../components/dialogs';
import { openDialog } from '../../components/dialogs/open-dialog';
import { ContractFormFrame } from '../../components/records/record-form';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { useContractForm } from '../../hooks/use-contract-form';
import { useDateFormat } from '../../hooks/use-date-format';
import { i18n } from '../../lib/i18n';
import {
  certificateTemplatesQueryOptions,
  deleteCertificateTemplateMutation,
  saveCertificateTemplateMutation,
} from './api';

const typeName = (deviceType: string) =>
  deviceType === ANY_DEVICE_TYPE ? i18n.t('certificates.templates.any_type') : deviceType;

interface FormProps {
  /** The template's device type, or the types a new template may be for. */
  target: { deviceType: string; body: string } | { choices: string[] };
  finish: (saved: CertificateTemplate | null) => void;
}

function TemplateForm({ target, finish }: FormProps) {
  const { t } = useTranslation();
  const [deviceType, setDeviceType] = useState<string | null>(
    'deviceType' in target ? target.deviceType : (target.choices[0] ?? null),
  );
  const form = useContractForm(certificateTemplateBodySchema, {
    body: 'body' in target ? target.body : DEFAULT_CERTIFICATE_TEMPLATE,
  });
  const save = useMutation(saveCertificateTemplateMutation);
  const body = form.values.body ?? '';
  const unknown = unknownPlaceholders(body);
  const problem =
    body.trim() === ''
      ? t('certificates.templates.required')
      : unknown.length
        ? t('certificates.templates.unknown', { names: unknown.map((name) => `{{${name}}}`).join(', ') })
        : null;

  return (
    <ContractFormFrame
      form={form}
      editing={'body' in target}
      save={(checked) => save.mutateAsync({ deviceType: deviceType ?? '', body: checked.body })}
      onSaved={finish}
      onCancel={() => finish(null)}
      confirmLabel={t('certificates.templates.save')}
      // Save waits for a text it can write a document from, for a device type too.
      held={problem !== null || !deviceType}
    >
      {'choices' in target && (
        <Select
          label={t('certificates.templates.device_type')}
          data={target.choices.map((value) => ({ value, label: typeName(value) }))}
          value={deviceType}
          onChange={setDeviceType}
          allowDeselect={false}
          data-autofocus
        />
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Textarea
          label={t('certificates.templates.text')}
          value={body}
          onChange={(event) => form.set('body', event.currentTarget.value)}
          error={problem ?? form.error('body')}
          autosize
          minRows={10}
          maxRows={24}
          maxLength={CERTIFICATE_TEMPLATE_MAX_LENGTH}
          spellCheck={false}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('certificates.templates.preview')}
          </Text>
          <Paper withBorder p="md" style={{ whiteSpace: 'pre-wrap' }}>
            <Text size="sm">{fillTemplate(body, sampleTemplateValues(deviceType ?? ANY_DEVICE_TYPE))}</Text>
          </Paper>
        </Stack>
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('certificates.templates.placeholders')}{' '}
        {CERTIFICATE_TEMPLATE_FIELDS.map((field) => (
          <Code key={field} mr={4}>{`{{${field}}}`}</Code>
        ))}
      </Text>
    </ContractFormFrame>
  );
}

const openTemplate = (title: string, target: FormProps['target']) =>
  openDialog<CertificateTemplate | null>(
    title,
    (finish) => <TemplateForm target={target} finish={finish} />,
    null,
    'wide',
  );

/** The templates table's columns; a template is changed in its dialog or deleted, once confirmed. */
function useTemplateColumns(
  saved: (template: CertificateTemplate | null) => Promise<void>,
): DataColumn<CertificateTemplate>[] {
  const { t } = useTranslation();
  const date = useDateFormat();
  const deletion = useMutation(deleteCertificateTemplateMutation);
  const remove = async (template: CertificateTemplate) => {
    const type = typeName(template.deviceType);
    const confirmed = await confirm({
      title: t('certificates.templates.delete_title'),
      message: t('certificates.templates.delete_message', { type }),
      confirmLabel: t('certificates.templates.delete'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await deletion.mutateAsync(template.deviceType);
      showSuccess(t('certificates.templates.deleted', { type }));
    } catch (error) {
      showError(error, 'certificates.templates.delete');
    }
  };

  return [
    {
      prop: 'deviceType',
      labelLang: 'certificates.templates.columns.device_type',
      cell: (template) => (
        <Text span size="sm" fw={600}>
          {typeName(template.deviceType)}
        </Text>
      ),
    },
    {
      prop: 'updated',
      labelLang: 'certificates.templates.columns.updated',
      forceNormalWordBreak: true,
      cell: (template) =>
        t('certificates.templates.updated_by', {
          name: template.updatedBy,
          date: date.long(template.updatedAt),
        }),
    },
    {
      prop: 'actions',
      labelLang: 'certificates.templates.columns.actions',
      type: 'action',
      cell: (template) => {
        const type = typeName(template.deviceType);
        return (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="compact-sm"
              variant="light"
              aria-label={t('certificates.templates.edit_of', { type })}
              onClick={() =>
                void openTemplate(t('certificates.templates.edit_title', { type }), {
                  deviceType: template.deviceType,
                  body: template.body,
                }).then(saved)
              }
            >
              {t('certificates.templates.edit')}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={t('certificates.templates.delete_of', { type })}
              onClick={() => void remove(template)}
            >
              {t('certificates.templates.delete')}
            </Button>
          </Group>
        );
      },
    },
  ];
}

/**
 * Templates (CERTIFICATES.TEMPLATES, docs/company-tools.md): a certificate document's text per device type,
 * with placeholders; a certificate registered without a document gets one written from it.
 */
export function TemplatesPage() {
  const { t } = useTranslation();
  const templates = useQuery(certificateTemplatesQueryOptions);

  const saved = async (template: CertificateTemplate | null) => {
    if (!template) return;
    showSuccess(t('certificates.templates.saved', { type: typeName(template.deviceType) }));
  };
  const columns = useTemplateColumns(saved);

  return (
    <Stack gap="md">
      <Text>{t('certificates.templates.intro')}</Text>
      <CallState call={templates}>
        {(data) => {
          const taken = new Set(data.templates.map((template) => template.deviceType));
          const choices = [ANY_DEVICE_TYPE, ...data.deviceTypes].filter((type) => !taken.has(type));
          return (
            <Stack gap="sm">
              <Group>
                <Button
                  disabled={choices.length === 0}
                  onClick={() =>
                    void openTemplate(t('certificates.templates.new_title'), { choices }).then(saved)
                  }
                >
                  {t('certificates.templates.new')}
                </Button>
              </Group>
              {data.templates.length === 0 ? (
                <Text c="dimmed">{t('certificates.templates.none')}</Text>
              ) : (
                <DataTable
                  label={t('certificates.templates.table')}
                  columns={columns}
                  items={data.templates}
                  rowKey={(template) => template.deviceType}
                  minWidth={560}
                />
              )}
            </Stack>
          );
        }}
      </CallState>
    </Stack>
  );
}
