import { CONFIGURED_DEVICE_LIST, CONFIGURED_DEVICE_TOKENS, type ConfiguredDeviceList } from '@fleet/contract';
import { Anchor, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import type { DataColumn } from '../../components/table/data-table';
import { useDateFormat } from '../../hooks/use-date-format';
import { configuredDevicesQueryOptions } from './api';
import { DeviceConfigurationPanel } from './device-configuration-panel';

const SERIAL = 'serialNumber';

type ConfiguredDevice = ConfiguredDeviceList['devices'][number];

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
  const columns: DataColumn<ConfiguredDevice>[] = [
    {
      prop: 'device',
      labelLang: 'configuration.devices.columns.device',
      cell: (device) => (
        <Anchor component={Link} to={linkTo(device.serialNumber)} ff="monospace">
          {device.serialNumber}
        </Anchor>
      ),
    },
    {
      prop: 'set',
      labelLang: 'configuration.devices.columns.set',
      forceNormalWordBreak: true,
      cell: (device) =>
        t('configuration.desired.set_by', { name: device.setBy, date: date.long(device.setAt) }),
    },
    {
      prop: 'state',
      labelLang: 'configuration.devices.columns.state',
      type: 'status',
      cell: (device) => (
        <Badge color={device.differenceCount ? 'orange' : 'green'} variant="light" miw="max-content">
          {device.differenceCount
            ? t('configuration.devices.pending', { count: device.differenceCount })
            : t('configuration.devices.state_reported')}
        </Badge>
      ),
    },
  ];

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
        table={{
          label: t('configuration.devices.list_title'),
          columns,
          rowKey: (device) => device.serialNumber,
          minWidth: 640,
        }}
      />
    </Stack>
  );
}
