import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../../components/call-state';
import { useCanUse } from '../../../hooks/use-can-use';
import { accessoryDataQueryOptions } from '../api/accessory-detail';
import { KeyValueTree } from '../../../components/key-value-tree';
import { DatasetEditor } from './dataset-editor';
import { useAccessory } from './use-accessory';

function Dataset({ id, serialNumber }: { id: number; serialNumber: string }) {
  const { t } = useTranslation();
  const data = useQuery(accessoryDataQueryOptions(id));
  // docs/series.md: the data set configures the accessory, so editing it needs the configuration feature.
  const mayEdit = useCanUse('SERIES.DETAILS.CONFIGURATION');
  const [editing, setEditing] = useState(false);
  return (
    <CallState call={data}>
      {(dataset) =>
        editing ? (
          <DatasetEditor
            id={id}
            serialNumber={serialNumber}
            data={dataset}
            onClose={() => setEditing(false)}
          />
        ) : (
          <Stack gap="sm">
            {Object.keys(dataset).length === 0 ? (
              <Text c="dimmed">{t('series.accessory_detail.dataset.empty')}</Text>
            ) : (
              <KeyValueTree value={dataset} label={t('series.accessory_detail.tabs.dataset')} />
            )}
            {mayEdit && (
              <Group>
                <Button variant="light" onClick={() => setEditing(true)}>
                  {t('series.accessory_detail.dataset.edit')}
                </Button>
              </Group>
            )}
          </Stack>
        )
      }
    </CallState>
  );
}

/** The accessory's data set, as keys and values; editable as JSON by those who may configure devices. */
export function AccessoryDatasetTab() {
  const { accessory } = useAccessory();
  return (
    <CallState call={accessory}>
      {(found) => <Dataset id={found.id} serialNumber={found.serialNumber} />}
    </CallState>
  );
}
