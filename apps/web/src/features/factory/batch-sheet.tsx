import type { FactoryBatchCreated } from '@fleet/contract';
import { Alert, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../hooks/use-date-format';
import classes from './batch-sheet.module.css';

function downloadKeys(batch: FactoryBatchCreated) {
  const lines = [
    'serialNumber,privateKey',
    ...batch.devices.map((device) => `${device.serialNumber},${device.privateKey}`),
  ];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }));
  link.download = `batch-${batch.id}-keys.csv`;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** A new batch's sheet: its serial numbers and the devices' private keys, shown this once. */
export function BatchSheet({ batch, onClose }: { batch: FactoryBatchCreated; onClose: () => void }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  return (
    <Paper
      withBorder
      p="md"
      className={classes.sheet}
      component="section"
      aria-label={t('factory.sheet.title', { id: batch.id })}
    >
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('factory.sheet.title', { id: batch.id })}
        </Title>
        <Text size="sm">
          {t('factory.sheet.summary', {
            count: batch.devices.length,
            partNumber: batch.partNumber,
            deviceType: batch.deviceType,
            date: date.long(batch.createdAt),
            user: batch.createdBy,
          })}
        </Text>
        <Alert color="orange" title={t('factory.sheet.once_title')} className={classes.noPrint}>
          {t('factory.sheet.once')}
        </Alert>
        <Group gap="sm" className={classes.noPrint}>
          <Button onClick={() => downloadKeys(batch)}>{t('factory.sheet.download')}</Button>
          <Button variant="default" onClick={() => window.print()}>
            {t('factory.sheet.print')}
          </Button>
          <Button variant="subtle" onClick={onClose}>
            {t('factory.sheet.close')}
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={t('factory.sheet.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('factory.sheet.serial_number')}</Table.Th>
                <Table.Th>{t('factory.sheet.private_key')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {batch.devices.map((device) => (
                <Table.Tr key={device.serialNumber}>
                  <Table.Td ff="monospace">{device.serialNumber}</Table.Td>
                  <Table.Td>
                    <Code>{device.privateKey}</Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
