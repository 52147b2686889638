import { Alert, Button, Code, FileInput, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A file of the header row alone: what a user fills in. */
function downloadTemplate(name: string, columns: readonly string[]) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([`\uFEFF${columns.join(',')}\r\n`], { type: 'text/csv' }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

interface ImportFilePickerProps {
  /** Where the texts are: `<prefix>.intro` (with `max`), `.columns`, `.file`, `.choose`, `.template`, `.failed`. */
  prefix: string;
  maxRows: number;
  /** The columns a file may have, in the template's order. */
  columns: readonly string[];
  templateName: string;
  file: File | null;
  onFile: (file: File | null) => void;
  busy: boolean;
  failure: string | null;
}

/** What an import screen starts with: what a file holds, the file to read, a template, and why it failed. */
export function ImportFilePicker(props: ImportFilePickerProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text>{t(`${props.prefix}.intro`, { max: props.maxRows })}</Text>
      <Text size="sm" c="dimmed">
        {t(`${props.prefix}.columns`)} <Code>{props.columns.join(', ')}</Code>
      </Text>
      <Group align="end" gap="sm">
        <FileInput
          label={t(`${props.prefix}.file`)}
          placeholder={t(`${props.prefix}.choose`)}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={props.file}
          onChange={props.onFile}
          clearable
          w={{ base: '100%', sm: 360 }}
          disabled={props.busy}
        />
        <Button
          variant="default"
          onClick={() => downloadTemplate(props.templateName, props.columns)}
          disabled={props.columns.length === 0}
        >
          {t(`${props.prefix}.template`)}
        </Button>
      </Group>
      {props.failure && (
        <Alert color="red" title={t(`${props.prefix}.failed`)} role="alert">
          {props.failure}
        </Alert>
      )}
    </Stack>
  );
}
