import {
  formatAddress,
  STORE_ARCHIVED,
  type DeviceStatusCode,
  type Store,
  type storeDeviceSchema,
} from '@fleet/contract';
import { ActionIcon, Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { SideDrawer } from '../../components/side-drawer';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { confirm, dialogErrorText, prompt } from '../../components/dialogs';
import { CallState } from '../../components/call-state';
import { CrossIcon } from '../../components/icons';
import { Pager } from '../../components/list/pager';
import { SerialNumberLink } from '../../components/serial-number-link';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { useRegionName } from '../../hooks/use-region-name';
import { deviceStatusKey } from '../../lib/device-status-key';
import {
  attachDeviceMutation,
  deleteStoreMutation,
  detachDeviceMutation,
  storeDevicesQueryOptions,
  storeQueryOptions,
} from './api';
import { openStoreForm } from './store-form-dialog';
import { useStoreNames, type StoreRights } from './store-rights';

const DEVICES_PAGE_SIZE = 10;

type StoreDevice = z.infer<typeof storeDeviceSchema>;

function StoreDevices({ store, rights }: { store: Store; rights: StoreRights }) {
  const { t } = useTranslation();
  const detachCall = useMutation(detachDeviceMutation);
  const [pageNumber, setPageNumber] = useState(1);
  const devices = useQuery(storeDevicesQueryOptions(store.id, pageNumber, DEVICES_PAGE_SIZE));
  const detach = async (serialNumber: string) => {
    const sure = await confirm({
      title: t('stores.devices.detach_title'),
      message: t('stores.devices.detach_message', { serialNumber, code: store.officialStoreCode }),
      confirmLabel: t('stores.devices.detach'),
      danger: true,
    });
    if (!sure) return;
    try {
      await detachCall.mutateAsync({ id: store.id, serialNumber });
      showSuccess(t('stores.devices.detached', { serialNumber }));
    } catch (error) {
      showError(error, 'stores.detach');
    }
  };
  const columns: DataColumn<StoreDevice>[] = [
    {
      prop: 'serialNumber',
      labelLang: 'stores.devices.serial_number',
      cell: (device) => <SerialNumberLink serialNumber={device.serialNumber} />,
    },
    { prop: 'deviceType', labelLang: 'stores.devices.type', cell: (device) => device.deviceType },
    {
      prop: 'deviceStatus',
      labelLang: 'stores.devices.status',
      cell: (device) => t(deviceStatusKey(device.deviceStatus as DeviceStatusCode)),
    },
    // The attach right (a feature and a role together) also governs the attach button: one check for both.
    ...(rights.attach
      ? [
          {
            prop: 'actions',
            labelLang: 'stores.devices.actions',
            type: 'action' as const,
            cell: (device: StoreDevice) => (
              <Tooltip label={t('stores.devices.detach_of', { serialNumber: device.serialNumber })}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('stores.devices.detach_of', { serialNumber: device.serialNumber })}
                  onClick={() => void detach(device.serialNumber)}
                >
                  <CrossIcon size={16} />
                </ActionIcon>
              </Tooltip>
            ),
          },
        ]
      : []),
  ];
  return (
    <Stack gap="xs">
      <CallState call={devices}>
        {(answer) =>
          answer.totalCount === 0 ? (
            <Text c="dimmed">{t('stores.devices.none')}</Text>
          ) : (
            <DataTable
              label={t('stores.devices.title')}
              columns={columns}
              items={answer.data}
              rowKey={(device) => device.serialNumber}
            />
          )
        }
      </CallState>
      {(devices.data?.totalCount ?? 0) > DEVICES_PAGE_SIZE && (
        <Pager
          pageNumber={pageNumber}
          pageSize={DEVICES_PAGE_SIZE}
          totalCount={devices.data?.totalCount ?? null}
          onPage={setPageNumber}
        />
      )}
    </Stack>
  );
}

function StoreFacts({ store, rights }: { store: Store; rights: StoreRights }) {
  const { t } = useTranslation();
  const regionName = useRegionName();
  const names = useStoreNames();
  const address = store.storeAddress ? formatAddress(store.storeAddress, regionName) : [];
  const field = (label: string, value: string | null) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text>{value || '—'}</Text>
    </div>
  );
  return (
    <Stack gap="sm">
      {field(t('stores.fields.dealer_code'), store.dealerCode)}
      {rights.internal && field(t('stores.fields.company'), names.company(store.companyId))}
      {field(t('stores.fields.group'), names.group(store.groupId))}
      {store.storeAddress !== undefined && (
        <div>
          <Text size="xs" c="dimmed">
            {t('stores.fields.address')}
          </Text>
          {address.length ? address.map((line, index) => <Text key={index}>{line}</Text>) : <Text>—</Text>}
        </div>
      )}
    </Stack>
  );
}

function StoreActions({
  store,
  rights,
  onDeleted,
}: {
  store: Store;
  rights: StoreRights;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const deleteCall = useMutation(deleteStoreMutation);
  const attachCall = useMutation(attachDeviceMutation);
  const archived = store.storeStatus === STORE_ARCHIVED;
  const edit = async () => {
    const saved = await openStoreForm(store, rights);
    if (saved) showSuccess(t('stores.form.saved', { code: saved.officialStoreCode }));
  };
  const remove = async () => {
    const sure = await confirm({
      title: t('stores.delete.title'),
      message: t('stores.delete.message', { code: store.officialStoreCode }),
      confirmLabel: t('stores.delete.confirm'),
      danger: true,
    });
    if (!sure) return;
    try {
      await deleteCall.mutateAsync(store.id);
      showSuccess(t('stores.delete.done', { code: store.officialStoreCode }));
      onDeleted();
    } catch (error) {
      showError(error, 'stores.delete');
    }
  };
  const attach = async () => {
    const answer = await prompt({
      title: t('stores.devices.attach_title', { code: store.officialStoreCode }),
      label: t('stores.devices.serial_number'),
      confirmLabel: t('stores.devices.attach'),
      asyncValidate: async (value) => {
        try {
          await attachCall.mutateAsync({ id: store.id, serialNumber: value.trim() });
          return { status: 'valid' };
        } catch (error) {
          return { status: 'invalid', error: dialogErrorText(error) };
        }
      },
    });
    if (answer) showSuccess(t('stores.devices.attached', { serialNumber: answer.value.trim() }));
  };
  if (!rights.edit && !rights.attach) return null;
  return (
    <Group gap="xs">
      {rights.edit && (
        <Button variant="light" onClick={() => void edit()}>
          {t('stores.actions.edit')}
        </Button>
      )}
      {rights.attach && !archived && (
        <Button variant="light" onClick={() => void attach()}>
          {t('stores.devices.attach')}
        </Button>
      )}
      {rights.edit && store.deviceCount === 0 && (
        <Button variant="light" color="red" onClick={() => void remove()}>
          {t('stores.actions.delete')}
        </Button>
      )}
    </Group>
  );
}

/** A store opened from the list (`?storeId=`): its facts, its devices, and what the user may do. */
export function StoreDrawer({
  storeId,
  rights,
  onClose,
}: {
  storeId: number | null;
  rights: StoreRights;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const store = useQuery({ ...storeQueryOptions(storeId ?? 0), enabled: storeId !== null });
  return (
    <SideDrawer
      opened={storeId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('stores.drawer.title')}
    >
      <CallState call={store}>
        {(current) => (
          <Stack gap="md">
            <Group justify="space-between" align="flex-start">
              <div>
                <Title order={2} size="h3">
                  {current.name}
                </Title>
                <Text c="dimmed">{current.officialStoreCode}</Text>
              </div>
              {current.storeStatus === STORE_ARCHIVED && (
                <Badge color="gray">{t('stores.status.archived')}</Badge>
              )}
            </Group>
            <StoreActions store={current} rights={rights} onDeleted={onClose} />
            <StoreFacts store={current} rights={rights} />
            <Title order={3} size="h4">
              {t('stores.devices.title_count', { count: current.deviceCount })}
            </Title>
            <StoreDevices store={current} rights={rights} />
          </Stack>
        )}
      </CallState>
    </SideDrawer>
  );
}
