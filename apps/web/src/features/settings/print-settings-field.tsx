import {
  PDF_FORMATS,
  PDF_MARGINS,
  type PdfFormat,
  type PdfMargin,
  type PrintSettings,
} from '@fleet/contract';
import { Group, Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface PrintSettingsFieldProps {
  value: PrintSettings;
  onChange: (value: PrintSettings) => void;
}

export function PrintSettingsField({ value, onChange }: PrintSettingsFieldProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Radio.Group
        label={t('settings.print.format')}
        value={value.format}
        onChange={(format) => onChange({ ...value, format: format as PdfFormat })}
      >
        <Group mt="xs">
          {PDF_FORMATS.map((format) => (
            <Radio key={format} value={format} label={t(`settings.print.format_${format}`)} />
          ))}
        </Group>
      </Radio.Group>
      <Radio.Group
        label={t('settings.print.margins')}
        value={value.margins}
        onChange={(margins) => onChange({ ...value, margins: margins as PdfMargin })}
      >
        <Group mt="xs">
          {PDF_MARGINS.map((margins) => (
            <Radio key={margins} value={margins} label={t(`settings.print.margins_${margins}`)} />
          ))}
        </Group>
      </Radio.Group>
    </Stack>
  );
}
