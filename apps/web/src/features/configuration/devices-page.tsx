import { CONFIGURED_DEVICE_LIST, CONFIGURED_DEVICE_TOKENS } from '@fleet/contract';
import { Anchor, Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import { useDateFormat } from '../../hooks/use-date-format';
import { configuredDevicesQueryOptions } from './api';
import { DeviceConfigurationPanel } from './device-configuration-panel';

const SERIAL = 'serialNumber';

/**
 * Devices (CONFIGURATION.DEVICES, docs/company-tools.md): one device's reported and desired configuration,
 * opened by its serial number (kept in the URL), and the devices with settings of their own.
 */
export function DevicesPage() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const [searchParams, setSearchParams] = useSearchParams();
  const serialNumber = searchParams.get(SERIAL)?.trim().toUpperCase() ?? '';
  const [typed, setTyped] = useState(serialNumber);
  const openDevice = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(searchParams);
    if (typed.trim()) next.set(SERIAL, typed.trim().toUpperCase());
    else next.delete(SERIAL);
    setSearchParams(next);
  };
  const linkTo = (serial: string) => {
    const next = new URLSearchParams(searchParams);
    next.set(SERIAL, serial);
    return `?${next}`;
  };
  const devices = useTokenList({
    definition: CONFIGURED_DEVICE_LIST,
    rememberAs: 'configured-devices',
    keep: [SERIAL],
    tokens: CONFIGURED_DEVICE_TOKENS,
    query: configuredDevicesQueryOptions,
    errorAction: 'configuration.devices',
  });

  return (
    <Stack gap="lg">
      <Text>{t('configuration.devices.intro')}</Text>
      <form onSubmit={openDevice}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('configuration.devices.serial_number')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            maxLength={32}
            w={{ base: '100%', sm: 280 }}
          />
          <Button type="submit">{t('configuration.devices.open')}</Button>
        </Group>
      </form>
      {serialNumber && <DeviceConfigurationPanel key={serialNumber} serialNumber={serialNumber} />}
      <Title order={2} size="h4">
        {t('configuration.devices.list_title')}
      </Title>
      <TokenListFrame
        state={devices}
        items={(data) => data.devices}
        summary={(count) => t('configuration.devices.total', { count })}
        empty={{ title: t('configuration.devices.empty_title'), text: t('configuration.devices.empty_text') }}
        freeTextType="SerialNumber"
      >
        {(page) => (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label={t('configuration.devices.list_title')}>
              <Table.Thead>
                <Table.Tr>
                  {['device', 'set', 'state'].map((column) => (
                    <Table.Th key={column}>{t(`configuration.devices.columns.${column}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.map((device) => (
                  <Table.Tr key={device.serialNumber}>
                    <Table.Td>
                      <Anchor component={Link} to={linkTo(device.serialNumber)} ff="monospace">
                        {device.serialNumber}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {t('configuration.desired.set_by', {
                        name: device.setBy,
                        date: date.long(device.setAt),
                      })}
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        color={device.differenceCount ? 'orange' : 'green'}
                        variant="light"
                        miw="max-content"
                      >
                        {device.differenceCount
                          ? t('configuration.devices.pending', { count: device.differenceCount })
                          : t('configuration.devices.state_reported')}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </TokenListFrame>
    </Stack>
  );
}
