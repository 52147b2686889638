import { orderCreateBodySchema, type CalibrationDevice, type CalibrationOptions } from '@fleet/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Select,
  Stack,
  Stepper,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AddressBlock } from '../../../components/address/address-block';
import { CalibrationBadge } from '../../../components/calibration-badge';
import { CallState } from '../../../components/call-state';
import { dialogErrorText } from '../../../components/dialogs';
import { Pager } from '../../../components/list/pager';
import { PageFrame } from '../../../components/page-frame';
import { orderPath, paths } from '../../../config/paths';
import { useContractForm } from '../../../hooks/use-contract-form';
import { useDateFormat } from '../../../hooks/use-date-format';
import { useMoney } from '../../../hooks/use-money';
import { openAddressDialog } from '../address-book/address-dialog';
import {
  addressBookQuery,
  calibrationDevicesQuery,
  calibrationOptionsQuery,
  checkoutMutation,
  createOrderMutation,
  previewOrderMutation,
} from '../api';
import { OrderLines } from '../order-view/order-lines';
import { PaymentChoiceFields } from './accept-quote-dialog';

const PAGE_SIZE = 20;

/** The order's fields the customer fills in on the review: a refusal of one is said under it. */
const reviewFieldsSchema = orderCreateBodySchema.pick({
  paymentMethodType: true,
  acceptedTermsVersion: true,
  quoteMessage: true,
  purchaseOrder: true,
});

interface ReviewValues {
  paymentMethodType: string;
  accepted: boolean;
  quoteMessage: string;
  purchaseOrder: string;
}

/** Step 1: the company's devices, the due ones first, chosen by ticking them. */
function DeviceStep({
  currency,
  chosen,
  onToggle,
}: {
  currency: string;
  chosen: ReadonlyMap<string, CalibrationDevice>;
  onToggle: (device: CalibrationDevice) => void;
}) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const money = useMoney();
  const [search, setSearch] = useState('');
  const [all, setAll] = useState(false);
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = new URLSearchParams({
    PageNumber: String(page),
    PageSize: String(PAGE_SIZE),
    Due: all ? 'all' : 'due',
  });
  if (debounced) query.set('Search', debounced);
  const devices = useQuery(calibrationDevicesQuery(query));
  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <TextInput
          label={t('calibration_request.devices.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maxLength={100}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Switch
          label={t('calibration_request.devices.all')}
          checked={all}
          onChange={(event) => {
            setAll(event.currentTarget.checked);
            setPage(1);
          }}
        />
      </Group>
      <CallState call={devices}>
        {(data) =>
          data.devices.length === 0 ? (
            <Text c="dimmed">
              {all ? t('calibration_request.devices.none') : t('calibration_request.devices.none_due')}
            </Text>
          ) : (
            <>
              <Table.ScrollContainer minWidth={640}>
                <Table verticalSpacing="xs" aria-label={t('calibration_request.devices.table')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>
                        <VisuallyHidden>{t('calibration_request.devices.choose')}</VisuallyHidden>
                      </Table.Th>
                      <Table.Th>{t('calibration_request.devices.device')}</Table.Th>
                      <Table.Th>{t('calibration_request.devices.status')}</Table.Th>
                      <Table.Th>{t('calibration_request.devices.valid_until')}</Table.Th>
                      <Table.Th ta="right">{t('calibration_request.devices.price')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.devices.map((device) => {
                      const blocked = device.openOrder
                        ? t('calibration_request.devices.in_order', { number: device.openOrder.number })
                        : device.priceMinor === null
                          ? t('calibration_request.devices.not_sold', { currency })
                          : null;
                      return (
                        <Table.Tr key={device.serialNumber} data-testid="calibration-device">
                          <Table.Td>
                            <Checkbox
                              aria-label={t('calibration_request.devices.choose_device', {
                                serialNumber: device.serialNumber,
                              })}
                              checked={chosen.has(device.serialNumber)}
                              disabled={blocked !== null}
                              onChange={() => onToggle(device)}
                            />
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm" fw={500}>
                              {device.serialNumber}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {device.deviceType}
                              {device.description ? ` · ${device.description}` : ''}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            {device.status ? (
                              <CalibrationBadge
                                status={device.status}
                                label={t(`series.detail.certificates.status.${device.status.toLowerCase()}`)}
                              />
                            ) : (
                              <Text size="sm">{t('calibration_request.devices.never')}</Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            {device.endOfValidityDate ? date.short(device.endOfValidityDate) : '—'}
                          </Table.Td>
                          <Table.Td ta="right">
                            {blocked ? (
                              <Text size="xs" c="dimmed">
                                {blocked}
                              </Text>
                            ) : (
                              money(device.priceMinor!, currency)
                            )}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Pager pageNumber={page} pageSize={PAGE_SIZE} totalCount={data.totalCount} onPage={setPage} />
            </>
          )
        }
      </CallState>
    </Stack>
  );
}

interface Where {
  serviceCenterId: string | null;
  pickupAddressId: string | null;
  billingAddressId: string | null;
}

/** Step 2: the service center that calibrates every chosen device type, and the pick-up address. */
function WhereStep({
  options,
  deviceTypes,
  where,
  onChange,
}: {
  options: CalibrationOptions;
  deviceTypes: readonly string[];
  where: Where;
  onChange: (where: Where) => void;
}) {
  const { t } = useTranslation();
  const book = useQuery(addressBookQuery);
  const centers = options.serviceCenters.filter((center) =>
    deviceTypes.every((type) => center.deviceTypes.includes(type)),
  );
  const center = centers.find((c) => String(c.id) === where.serviceCenterId);
  const addresses = book.data?.addresses ?? [];
  const pickup = addresses.find((a) => String(a.id) === where.pickupAddressId);
  const billing = addresses.find((a) => String(a.id) === where.billingAddressId);
  // The defaults, once the book is read.
  useEffect(() => {
    if (!book.data || where.pickupAddressId) return;
    const byDefault = (flag: 'defaultPickup' | 'defaultBilling') =>
      book.data.addresses.find((a) => a[flag]) ?? book.data.addresses[0];
    const first = byDefault('defaultPickup');
    if (first)
      onChange({
        ...where,
        pickupAddressId: String(first.id),
        billingAddressId: String(byDefault('defaultBilling')?.id ?? first.id),
      });
  }, [book.data, where, onChange]);
  const add = async () => {
    const saved = await openAddressDialog(null);
    if (!saved) return;
    onChange({
      ...where,
      pickupAddressId: String(saved.id),
      billingAddressId: where.billingAddressId ?? String(saved.id),
    });
  };
  const addressData = addresses.map((a) => ({ value: String(a.id), label: a.label }));
  return (
    <Stack gap="md">
      {centers.length === 0 ? (
        <Alert color="orange">{t('calibration_request.where.no_center')}</Alert>
      ) : (
        <Group align="flex-start" grow>
          <Stack gap="xs">
            <Select
              label={t('calibration_request.where.center')}
              data={centers.map((c) => ({ value: String(c.id), label: c.name }))}
              value={where.serviceCenterId}
              onChange={(value) => onChange({ ...where, serviceCenterId: value })}
              required
            />
            {center && <AddressBlock address={center.address} />}
          </Stack>
        </Group>
      )}
      <CallState call={book}>
        {() =>
          addresses.length === 0 ? (
            <Alert color="orange" title={t('calibration_request.where.no_address_title')}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('calibration_request.where.no_address_text')}</Text>
                <Button size="xs" onClick={() => void add()}>
                  {t('services.address_book.add')}
                </Button>
              </Stack>
            </Alert>
          ) : (
            <Group align="flex-start" grow>
              <Stack gap="xs">
                <Select
                  label={t('calibration_request.where.pickup')}
                  data={addressData}
                  value={where.pickupAddressId}
                  onChange={(value) => onChange({ ...where, pickupAddressId: value })}
                  required
                />
                {pickup && <AddressBlock address={pickup.address} />}
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => void add()}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('calibration_request.where.add_address')}
                </Button>
              </Stack>
              <Stack gap="xs">
                <Select
                  label={t('calibration_request.where.billing')}
                  data={addressData}
                  value={where.billingAddressId}
                  onChange={(value) => onChange({ ...where, billingAddressId: value })}
                  required
                />
                {billing && <AddressBlock address={billing.address} />}
              </Stack>
            </Group>
          )
        }
      </CallState>
    </Stack>
  );
}

/** Route /services/calibration-request: devices, where, then the priced review to pay or to be quoted. */
export function CalibrationRequestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const money = useMoney();
  const options = useQuery(calibrationOptionsQuery);
  const [step, setStep] = useState(0);
  const [chosen, setChosen] = useState<Map<string, CalibrationDevice>>(new Map());
  const [where, setWhere] = useState<Where>({
    serviceCenterId: null,
    pickupAddressId: null,
    billingAddressId: null,
  });
  // How the customer pays, the terms (their version is sent once ticked) and, for a quote request, what
  // they need and their reference; the rest of the order is chosen on the steps before.
  const form = useContractForm<typeof reviewFieldsSchema, ReviewValues>(
    reviewFieldsSchema,
    { paymentMethodType: 'card', accepted: false, quoteMessage: '', purchaseOrder: '' },
    ({ paymentMethodType, accepted, quoteMessage, purchaseOrder }) => ({
      paymentMethodType,
      acceptedTermsVersion: accepted ? (options.data?.termsVersion ?? '') : '',
      ...(quoteMessage.trim() ? { quoteMessage: quoteMessage.trim() } : {}),
      ...(purchaseOrder.trim() ? { purchaseOrder: purchaseOrder.trim() } : {}),
    }),
  );
  const method = form.values.paymentMethodType;
  const termsError = form.error('acceptedTermsVersion');
  const previewing = useMutation(previewOrderMutation);
  const preview = previewing.data;
  const creation = useMutation(createOrderMutation);
  const checkout = useMutation(checkoutMutation);
  // Placing the order, or placed and leaving for the payment provider: the button keeps turning until then.
  const placing = form.busy || checkout.isSuccess ? (creation.variables?.intent ?? null) : null;
  const deviceTypes = useMemo(() => [...new Set([...chosen.values()].map((d) => d.deviceType))], [chosen]);

  const toggle = (device: CalibrationDevice) =>
    setChosen((current) => {
      const next = new Map(current);
      if (next.has(device.serialNumber)) next.delete(device.serialNumber);
      else next.set(device.serialNumber, device);
      return next;
    });
  const base = () => ({
    serialNumbers: [...chosen.keys()],
    serviceCenterId: Number(where.serviceCenterId),
    pickupAddressId: Number(where.pickupAddressId),
  });
  const review = () => previewing.mutate(base(), { onSuccess: () => setStep(2) });
  const place = (intent: 'pay' | 'quote') =>
    form.submit(async ({ quoteMessage, purchaseOrder, ...payment }) => {
      const created = await creation.mutateAsync({
        ...base(),
        billingAddressId: Number(where.billingAddressId ?? where.pickupAddressId),
        ...payment,
        intent,
        ...(intent === 'quote' ? { quoteMessage, purchaseOrder } : {}),
      });
      if (intent === 'quote') await navigate(orderPath(paths.orderRequestQuote, created.id));
      else if (method === 'card') await checkout.mutateAsync(created.id);
      else await navigate(orderPath(paths.userOrder, created.id));
    });

  return (
    <PageFrame title={t('calibration_request.page.title')} intro={t('calibration_request.page.intro')}>
      <CallState call={options}>
        {(data) => (
          <Stepper active={step} onStepClick={(next) => next < step && setStep(next)} size="sm">
            <Stepper.Step label={t('calibration_request.steps.devices')}>
              <Stack gap="sm" mt="md">
                <DeviceStep currency={data.currency} chosen={chosen} onToggle={toggle} />
                <Group justify="space-between">
                  <Text size="sm" aria-live="polite">
                    {t('calibration_request.devices.chosen', { count: chosen.size })}
                  </Text>
                  <Button disabled={chosen.size === 0} onClick={() => setStep(1)}>
                    {t('calibration_request.next')}
                  </Button>
                </Group>
              </Stack>
            </Stepper.Step>
            <Stepper.Step label={t('calibration_request.steps.where')}>
              <Stack gap="sm" mt="md">
                <WhereStep options={data} deviceTypes={deviceTypes} where={where} onChange={setWhere} />
                {previewing.isError && step === 1 && (
                  <Text c="red" size="sm" role="alert">
                    {dialogErrorText(previewing.error)}
                  </Text>
                )}
                <Group justify="space-between">
                  <Button variant="default" onClick={() => setStep(0)}>
                    {t('calibration_request.back')}
                  </Button>
                  <Button
                    loading={previewing.isPending}
                    disabled={!where.serviceCenterId || !where.pickupAddressId}
                    onClick={review}
                  >
                    {t('calibration_request.next')}
                  </Button>
                </Group>
              </Stack>
            </Stepper.Step>
            <Stepper.Step label={t('calibration_request.steps.review')}>
              {preview && (
                <Stack gap="md" mt="md">
                  <OrderLines
                    lines={preview.lines}
                    totalMinor={preview.totalMinor}
                    currency={preview.currency}
                  />
                  <PaymentChoiceFields
                    options={data}
                    method={method}
                    onMethod={(next) => form.set('paymentMethodType', next)}
                    methodError={form.error('paymentMethodType')}
                    accepted={form.values.accepted}
                    onAccepted={(accepted) => form.set('accepted', accepted)}
                    error={
                      termsError && !form.values.accepted ? t('orders.payment.terms_required') : termsError
                    }
                  />
                  {form.failure && (
                    <Text c="red" size="sm" role="alert">
                      {form.failure}
                    </Text>
                  )}
                  <Group justify="space-between" align="flex-end">
                    <Button variant="default" onClick={() => setStep(1)}>
                      {t('calibration_request.back')}
                    </Button>
                    <Button
                      loading={placing === 'pay'}
                      disabled={placing !== null}
                      onClick={() => void place('pay')}
                    >
                      {method === 'card'
                        ? t('calibration_request.review.pay', {
                            amount: money(preview.totalMinor, preview.currency),
                          })
                        : t('calibration_request.review.place')}
                    </Button>
                  </Group>
                  <Stack
                    gap="xs"
                    p="sm"
                    style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
                  >
                    <Text fw={600} size="sm">
                      {t('calibration_request.review.quote_title')}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('calibration_request.review.quote_text')}
                    </Text>
                    <Textarea
                      label={t('orders.quote.message')}
                      value={form.values.quoteMessage}
                      onChange={(event) => form.set('quoteMessage', event.currentTarget.value)}
                      error={form.error('quoteMessage')}
                      maxLength={2000}
                      autosize
                      minRows={2}
                    />
                    <TextInput
                      label={t('orders.quote.purchase_order')}
                      value={form.values.purchaseOrder}
                      onChange={(event) => form.set('purchaseOrder', event.currentTarget.value)}
                      error={form.error('purchaseOrder')}
                      maxLength={60}
                    />
                    <Button
                      variant="light"
                      loading={placing === 'quote'}
                      disabled={placing !== null}
                      onClick={() => void place('quote')}
                      style={{ alignSelf: 'flex-start' }}
                    >
                      {t('calibration_request.review.quote')}
                    </Button>
                  </Stack>
                </Stack>
              )}
            </Stepper.Step>
          </Stepper>
        )}
      </CallState>
    </PageFrame>
  );
}
