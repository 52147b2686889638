import type { Order } from '@fleet/contract';
import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogErrorText } from '../../../components/dialogs';
import { DialogButtons } from '../../../components/dialogs/dialog-buttons';
import { openDialog } from '../../../components/dialogs/open-dialog';
import { ValidationText } from '../../../components/dialogs/validation-text';
import { CrossIcon } from '../../../components/icons';
import { minorDigits } from '../../../hooks/use-money';
import { i18n } from '../../../lib/i18n';
import { orderAction } from '../api';

interface Part {
  skuCode: string;
  quantity: number;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Staff's answer to a quote request: parts by SKU code and quantity (the server prices them from the
 * catalogue and names a code it does not know), a discount, a validity and a note to the customer.
 */
function QuoteForm({ order, finish }: { order: Order; finish: (sent: Order | null) => void }) {
  const { t } = useTranslation();
  const digits = minorDigits(order.currency);
  const [parts, setParts] = useState<Part[]>(
    order.lines
      .filter((line) => line.kind === 'part' || line.kind === 'service')
      .map((line) => ({
        skuCode: line.skuCode ?? '',
        quantity: line.quantity,
      })),
  );
  const currentDiscount = -(order.lines.find((line) => line.kind === 'discount')?.amountMinor ?? 0);
  const [discount, setDiscount] = useState<number | string>(currentDiscount / 10 ** digits);
  const [validUntil, setValidUntil] = useState(order.quote.validUntil ?? inDays(30));
  const [note, setNote] = useState(order.quote.note ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const setPart = (index: number, part: Partial<Part>) =>
    setParts((current) => current.map((p, i) => (i === index ? { ...p, ...part } : p)));
  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      finish(
        await orderAction('staff', order.id, 'Quote', {
          parts: parts
            .filter((part) => part.skuCode.trim())
            .map((part) => ({ ...part, skuCode: part.skuCode.trim() })),
          discountMinor: Math.round(Number(discount || 0) * 10 ** digits),
          validUntil,
          ...(note.trim() ? { note: note.trim() } : {}),
        }),
      );
    } catch (error) {
      setFailure(dialogErrorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
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
            maxLength={40}
            style={{ flex: 1 }}
          />
          <NumberInput
            label={t('orders_management.quote.quantity')}
            value={part.quantity}
            onChange={(value) => setPart(index, { quantity: Number(value) || 1 })}
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
            onClick={() => setParts((current) => current.filter((_, i) => i !== index))}
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
          value={discount}
          onChange={setDiscount}
          min={0}
          decimalScale={digits}
        />
        <TextInput
          label={t('orders_management.quote.valid_until')}
          description={t('orders_management.date_hint')}
          value={validUntil}
          onChange={(event) => setValidUntil(event.currentTarget.value)}
          maxLength={10}
        />
      </Group>
      <Textarea
        label={t('orders_management.quote.note')}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        maxLength={2000}
        autosize
        minRows={2}
      />
      <ValidationText message={failure ? { kind: 'error', text: failure } : null} />
      <DialogButtons
        onCancel={() => finish(null)}
        onConfirm={() => void submit()}
        confirmLabel={t('orders_management.quote.send')}
        busy={busy}
      />
    </Stack>
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
