import { quoteBodySchema, type Order } from '@fleet/contract';
import { ActionIcon, Button, Group, NumberInput, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../../components/dialogs/open-dialog';
import { CrossIcon } from '../../../components/icons';
import { ContractFormFrame } from '../../../components/records/record-form';
import { useContractForm } from '../../../hooks/use-contract-form';
import { minorDigits } from '../../../hooks/use-money';
import { i18n } from '../../../lib/i18n';
import { orderActionMutation } from '../../../lib/endpoints/orders';

interface Part {
  skuCode: string;
  quantity: number;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Staff's answer to a quote request: parts by SKU code and quantity (the server prices them from the
 * catalogue and names a code it does not know), a discount, a validity and a note to the customer.
 */
interface QuoteValues {
  parts: Part[];
  discount: number | string;
  validUntil: string;
  note: string;
}

/** The parts sent: those with a SKU code (a row left empty is no part). */
const sentParts = (parts: readonly Part[]) =>
  parts.filter((part) => part.skuCode.trim()).map((part) => ({ ...part, skuCode: part.skuCode.trim() }));

function QuoteForm({ order, finish }: { order: Order; finish: (sent: Order | null) => void }) {
  const { t } = useTranslation();
  const digits = minorDigits(order.currency);
  const currentDiscount = -(order.lines.find((line) => line.kind === 'discount')?.amountMinor ?? 0);
  const form = useContractForm<typeof quoteBodySchema, QuoteValues>(
    quoteBodySchema,
    {
      parts: order.lines
        .filter((line) => line.kind === 'part' || line.kind === 'service')
        .map((line) => ({ skuCode: line.skuCode ?? '', quantity: line.quantity })),
      discount: currentDiscount / 10 ** digits,
      validUntil: order.quote.validUntil ?? inDays(30),
      note: order.quote.note ?? '',
    },
    (values) => ({
      parts: sentParts(values.parts),
      discountMinor: Math.round(Number(values.discount || 0) * 10 ** digits),
      validUntil: values.validUntil,
      ...(values.note.trim() ? { note: values.note.trim() } : {}),
    }),
  );
  const parts = form.values.parts;
  const setParts = (next: Part[]) => form.set('parts', next);
  const setPart = (index: number, part: Partial<Part>) =>
    setParts(parts.map((p, i) => (i === index ? { ...p, ...part } : p)));
  /** A row's problem: the body names the parts sent, which skip the rows left empty. */
  const partError = (index: number, field: keyof Part) => {
    if (!parts[index]?.skuCode.trim()) return undefined;
    return form.error(`parts.${sentParts(parts.slice(0, index)).length}.${field}`);
  };
  const send = useMutation(orderActionMutation('staff'));
  return (
    <ContractFormFrame
      form={form}
      // A quote sent already is changed: it is sent again once something changed.
      editing={order.status === 'quoted'}
      save={(body) => send.mutateAsync({ id: order.id, action: 'Quote', body })}
      onSaved={finish}
      onCancel={() => finish(null)}
      confirmLabel={t('orders_management.quote.send')}
    >
      {order.quote.message && (
        <Text size="sm">
          {t('orders_management.quote.customer_asks')} “{order.quote.message}”
        </Text>
      )}
      <Text fw={600} size="sm">
        {t('orders_management.quote.parts')}
      </Text>
      {parts.map((part, index) => (
        <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={t('orders_management.quote.sku')}
            description={index === 0 ? t('orders_management.quote.sku_hint') : undefined}
            value={part.skuCode}
            onChange={(event) => setPart(index, { skuCode: event.currentTarget.value })}
            error={partError(index, 'skuCode')}
            maxLength={40}
            style={{ flex: 1 }}
          />
          <NumberInput
            label={t('orders_management.quote.quantity')}
            value={part.quantity}
            onChange={(value) => setPart(index, { quantity: Number(value) || 1 })}
            error={partError(index, 'quantity')}
            min={1}
            max={1000}
            w={100}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={4}
            aria-label={t('orders_management.quote.remove_part', { number: index + 1 })}
            onClick={() => setParts(parts.filter((_, i) => i !== index))}
          >
            <CrossIcon />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        size="xs"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => setParts([...parts, { skuCode: '', quantity: 1 }])}
      >
        {t('orders_management.quote.add_part')}
      </Button>
      <Group grow>
        <NumberInput
          label={t('orders_management.quote.discount', { currency: order.currency })}
          value={form.values.discount}
          onChange={(value) => form.set('discount', value)}
          error={form.error('discountMinor')}
          min={0}
          decimalScale={digits}
        />
        <TextInput
          label={t('orders_management.quote.valid_until')}
          description={t('orders_management.date_hint')}
          value={form.values.validUntil}
          onChange={(event) => form.set('validUntil', event.currentTarget.value)}
          error={form.error('validUntil')}
          maxLength={10}
        />
      </Group>
      <Textarea
        label={t('orders_management.quote.note')}
        value={form.values.note}
        onChange={(event) => form.set('note', event.currentTarget.value)}
        error={form.error('note')}
        maxLength={2000}
        autosize
        minRows={2}
      />
    </ContractFormFrame>
  );
}

export function openQuoteDialog(order: Order) {
  return openDialog<Order | null>(
    i18n.t('orders_management.quote.title', { number: order.number }),
    (finish) => <QuoteForm order={order} finish={finish} />,
    null,
    'wide',
  );
}
