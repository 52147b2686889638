import { deviceTypeNameSchema } from '@fleet/contract';
import { Badge, Button, Grid, NavLink, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CallState } from '../../components/call-state';
import { PageFrame } from '../../components/page-frame';
import { dialogErrorText, prompt } from '../../components/dialogs';
import { showSuccess } from '../../components/show-success';
import { useCanUse } from '../../hooks/use-can-use';
import { useErrorToastOnce } from '../../hooks/use-error-toast-once';
import { declareDeviceTypeMutation, deviceTypesQueryOptions } from './api';
import { DeviceTypeVersions } from './device-type-versions';

/**
 * Asks for a new type's name, checked by the contract's rule, and declares it; the server's refusal (a
 * type that exists) stays in the dialog. Answers the type declared, or null.
 */
async function declareType(
  t: (key: string) => string,
  declareDeviceType: (type: string) => Promise<{ type: string }>,
): Promise<string | null> {
  let declared: string | null = null;
  await prompt({
    title: t('versions.types.declare'),
    label: t('versions.types.name'),
    description: t('versions.types.name_hint'),
    confirmLabel: t('versions.types.declare_confirm'),
    validate: (value) =>
      value.trim() === '' || deviceTypeNameSchema.safeParse(value).success
        ? null
        : { error: t('versions.types.name_invalid') },
    asyncValidate: async (value) => {
      const name = deviceTypeNameSchema.safeParse(value);
      if (!name.success) return { status: 'invalid', error: t('versions.types.name_invalid') };
      try {
        declared = (await declareDeviceType(name.data)).type;
        return { status: 'valid' };
      } catch (error) {
        return { status: 'invalid', error: dialogErrorText(error) };
      }
    },
  });
  return declared;
}

/** Route /version: device types on one side, the chosen type's versions and rollouts on the other. */
export function VersionsPage() {
  const { t } = useTranslation();
  const declaring = useMutation(declareDeviceTypeMutation);
  const [searchParams, setSearchParams] = useSearchParams();
  const types = useQuery(deviceTypesQueryOptions());
  useErrorToastOnce(types, { action: 'versions.types' });
  const canDeclare = useCanUse('VERSIONS.UPLOAD');
  const list = types.data?.deviceTypes;
  const chosen = searchParams.get('type');
  const selected = list?.find((type) => type.type === chosen)?.type ?? list?.[0]?.type ?? null;

  // A bare /version (or an unknown type) shows the first type, without a history entry of its own.
  useEffect(() => {
    if (selected && selected !== chosen) setSearchParams({ type: selected }, { replace: true });
  }, [selected, chosen, setSearchParams]);

  const declare = async () => {
    const type = await declareType(t, declaring.mutateAsync);
    if (!type) return;
    showSuccess(t('versions.types.declared', { type }));
    setSearchParams({ type });
  };

  return (
    <PageFrame
      title={t('versions.page.title')}
      actions={
        canDeclare && (
          <Button variant="default" onClick={() => void declare()}>
            {t('versions.types.declare')}
          </Button>
        )
      }
    >
      <CallState call={types}>
        {(answer) => (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Stack gap={4} component="nav" aria-label={t('versions.types.title')}>
                <Text size="sm" c="dimmed">
                  {t('versions.types.count', { count: answer.totalCount, max: answer.typeMaxLength })}
                </Text>
                {answer.deviceTypes.map((type) => (
                  <NavLink
                    key={type.type}
                    active={type.type === selected}
                    aria-current={type.type === selected ? 'page' : undefined}
                    label={type.type}
                    description={t('versions.types.devices', { count: type.devices })}
                    // The theme's dimmed grey is too pale on the active entry's tint.
                    styles={{ description: { color: 'var(--mantine-color-text)' } }}
                    rightSection={
                      type.declared ? (
                        <Badge size="xs" variant="light">
                          {t('versions.types.declared_badge')}
                        </Badge>
                      ) : null
                    }
                    onClick={() => setSearchParams({ type: type.type })}
                  />
                ))}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9 }}>
              {selected ? (
                <DeviceTypeVersions type={selected} />
              ) : (
                <Text c="dimmed">{t('versions.types.none')}</Text>
              )}
            </Grid.Col>
          </Grid>
        )}
      </CallState>
    </PageFrame>
  );
}
