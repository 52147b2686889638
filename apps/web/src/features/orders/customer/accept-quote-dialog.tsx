import { Anchor, Checkbox, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../../../lib/message-key';
import { dialogErrorText } from '../../../components/dialogs';
import { DialogButtons } from '../../../components/dialogs/dialog-buttons';
import { openDialog } from '../../../components/dialogs/open-dialog';
import { ValidationText } from '../../../components/dialogs/validation-text';
import { termsLink } from '../../../config/paths';
import { i18n } from '../../../lib/i18n';
import type { CalibrationOptions } from '@fleet/contract';

export interface PaymentChoice {
  paymentMethodType: string;
  acceptedTermsVersion: string;
}

/** The payment method and the terms an order is placed or a quote accepted with. */
export function PaymentChoiceFields({
  options,
  method,
  onMethod,
  accepted,
  onAccepted,
  error,
}: {
  options: CalibrationOptions;
  method: string;
  onMethod: (method: string) => void;
  accepted: boolean;
  onAccepted: (accepted: boolean) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Radio.Group label={t('orders.payment.method')} value={method} onChange={onMethod}>
        <Stack gap={6} mt={4}>
          {options.paymentMethodTypes.map((type) => (
            <Radio
              key={type.code}
              value={type.code}
              label={t(`orders.payment.methods.${messageKey(type.code)}`, { defaultValue: type.name })}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Checkbox
        checked={accepted}
        onChange={(event) => onAccepted(event.currentTarget.checked)}
        error={error}
        label={
          <>
            {t('orders.payment.accept_terms')}{' '}
            <Anchor
              href={`${import.meta.env.BASE_URL.replace(/\/$/, '')}${termsLink(options.termsVersion)}`}
              target="_blank"
              rel="noopener"
            >
              {t('orders.payment.terms_link', { version: options.termsVersion })}
            </Anchor>
          </>
        }
      />
    </Stack>
  );
}

function AcceptQuoteForm({
  options,
  accept,
  finish,
}: {
  options: CalibrationOptions;
  accept: (choice: PaymentChoice) => Promise<void>;
  finish: (done: PaymentChoice | null) => void;
}) {
  const { t } = useTranslation();
  const [method, setMethod] = useState(options.paymentMethodTypes[0]?.code ?? '');
  const [accepted, setAccepted] = useState(false);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    setTried(true);
    if (!accepted || !method) return;
    setBusy(true);
    setFailure(null);
    const choice = { paymentMethodType: method, acceptedTermsVersion: options.termsVersion };
    try {
      await accept(choice);
      finish(choice);
    } catch (error) {
      setFailure(dialogErrorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">{t('orders.quote.accept_text')}</Text>
      <PaymentChoiceFields
        options={options}
        method={method}
        onMethod={setMethod}
        accepted={accepted}
        onAccepted={setAccepted}
        error={tried && !accepted ? t('orders.payment.terms_required') : undefined}
      />
      <ValidationText message={failure ? { kind: 'error', text: failure } : null} />
      <DialogButtons
        onCancel={() => finish(null)}
        onConfirm={() => void submit()}
        confirmLabel={t('orders.quote.accept')}
        busy={busy}
      />
    </Stack>
  );
}

/** Accepts a quote with a payment method and the current terms; answers the choice, or null. */
export function openAcceptQuote(
  options: CalibrationOptions,
  accept: (choice: PaymentChoice) => Promise<void>,
) {
  return openDialog<PaymentChoice | null>(
    i18n.t('orders.quote.accept_title'),
    (finish) => <AcceptQuoteForm options={options} accept={accept} finish={finish} />,
    null,
    'wide',
  );
}
