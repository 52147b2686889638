import {
  DESCRIPTION_MAX_LENGTH,
  VARIANTS,
  descriptionBodySchema,
  type SeriesDetail,
  type Variant,
} from '@fleet/contract';
import { Badge, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAppSettings } from '../../../../hooks/use-app-settings';
import { useCanUse } from '../../../../hooks/use-can-use';
import { deviceMutations } from '../../api/device-actions';
import { FieldList } from '../../detail/field-list';
import { Section } from '../../detail/section';
import { deviceStatusColour, deviceStatusKey } from '../../devices/device-status';
import { DeviceKeyAction } from './device-key-action';
import { PromptActionButton } from './prompt-action-button';
import { StatusActions } from './status-actions';

/** The device's status and description, with the actions that change them. */
export function StatusSection({ device }: { device: SeriesDetail }) {
  const { t } = useTranslation();
  const { serialNumber } = device;
  const mayEditDescription = device.allowedActions.includes('editDescription');
  const mayIssueDeviceKey = useCanUse('FACTORY');
  const describe = useMutation(deviceMutations(serialNumber).description);
  const describeForProduct = useMutation(deviceMutations(serialNumber).productDescription);
  const { variant } = useAppSettings();
  const productName = (product: Variant) =>
    t(`series.detail.description.products.${product.replace('-', '_')}`);
  // This console's product first, then any other product's description the device has.
  const products = VARIANTS.filter(
    (product) => product === variant || device.productDescriptions[product] !== undefined,
  ).sort((a, b) => Number(b === variant) - Number(a === variant));
  const describedAs = (text: string | null | undefined) =>
    text ? (
      <Text style={{ whiteSpace: 'pre-wrap' }}>{text}</Text>
    ) : (
      <Text c="dimmed">{t('series.devices.no_description')}</Text>
    );
  const descriptionProblem = (value: string) =>
    descriptionBodySchema.safeParse({ description: value }).success
      ? null
      : { error: t('series.detail.description.too_long', { max: DESCRIPTION_MAX_LENGTH }) };

  return (
    <Section
      title={t('series.detail.status.title')}
      actions={
        <>
          {mayEditDescription && (
            <PromptActionButton
              label={t('series.detail.description.edit')}
              dialog={{
                title: t('series.detail.description.edit'),
                label: t('series.detail.description.label'),
                initialValue: device.description ?? '',
                validate: descriptionProblem,
              }}
              call={(description) => describe.mutateAsync(description)}
              done={t('series.detail.description.done', { serialNumber })}
            />
          )}
          {mayEditDescription && (
            <PromptActionButton
              label={t('series.detail.description.product_edit', { product: productName(variant) })}
              dialog={{
                title: t('series.detail.description.product_edit', { product: productName(variant) }),
                label: t('series.detail.description.product_label', { product: productName(variant) }),
                initialValue: device.productDescriptions[variant] ?? '',
                validate: descriptionProblem,
              }}
              call={(description) => describeForProduct.mutateAsync({ product: variant, description })}
              done={t('series.detail.description.product_done', {
                serialNumber,
                product: productName(variant),
              })}
            />
          )}
          <StatusActions device={device} />
          {mayIssueDeviceKey && <DeviceKeyAction serialNumber={serialNumber} />}
        </>
      }
    >
      <FieldList
        fields={[
          {
            label: t('series.detail.status.label'),
            value: (
              <Badge color={deviceStatusColour(device.deviceStatus)} variant="light" tt="none">
                {t(deviceStatusKey(device.deviceStatus))}
              </Badge>
            ),
          },
          { label: t('series.detail.description.label'), value: describedAs(device.description) },
          ...products.map((product) => ({
            label: t('series.detail.description.product_label', { product: productName(product) }),
            value: describedAs(device.productDescriptions[product]),
          })),
        ]}
      />
    </Section>
  );
}
