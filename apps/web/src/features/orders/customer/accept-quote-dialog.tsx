import { quoteAcceptBodySchema, type CalibrationOptions } from '@fleet/contract';
import { Anchor, Checkbox, Radio, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../../components/dialogs/open-dialog';
import { ContractFormFrame } from '../../../components/records/record-form';
import { termsLink } from '../../../config/paths';
import { useContractForm } from '../../../hooks/use-contract-form';
import { i18n } from '../../../lib/i18n';
import { messageKey } from '../../../lib/message-key';
import { orderActionMutation } from '../../../lib/endpoints/orders';

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
  methodError,
  error,
}: {
  options: CalibrationOptions;
  method: string;
  onMethod: (method: string) => void;
  /** The problem of the method chosen, if any. */
  methodError?: string;
  accepted: boolean;
  onAccepted: (accepted: boolean) => void;
  /** The problem of the terms: not accepted, or a version the server refused. */
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Radio.Group label={t('orders.payment.method')} value={method} onChange={onMethod} error={methodError}>
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

interface AcceptValues {
  paymentMethodType: string;
  accepted: boolean;
}

function AcceptQuoteForm({
  options,
  orderId,
  finish,
}: {
  options: CalibrationOptions;
  orderId: number;
  finish: (done: PaymentChoice | null) => void;
}) {
  const { t } = useTranslation();
  const accept = useMutation(orderActionMutation('customer'));
  // The terms are accepted by ticking them: their version is sent only then.
  const form = useContractForm<typeof quoteAcceptBodySchema, AcceptValues>(
    quoteAcceptBodySchema,
    { paymentMethodType: options.paymentMethodTypes[0]?.code ?? '', accepted: false },
    ({ paymentMethodType, accepted }) => ({
      paymentMethodType,
      acceptedTermsVersion: accepted ? options.termsVersion : '',
    }),
  );
  const termsError = form.error('acceptedTermsVersion');
  return (
    <ContractFormFrame
      form={form}
      save={async (body) => {
        await accept.mutateAsync({ id: orderId, action: 'AcceptQuote', body });
        return body;
      }}
      onSaved={finish}
      onCancel={() => finish(null)}
      confirmLabel={t('orders.quote.accept')}
    >
      <Text size="sm">{t('orders.quote.accept_text')}</Text>
      <PaymentChoiceFields
        options={options}
        method={form.values.paymentMethodType}
        onMethod={(method) => form.set('paymentMethodType', method)}
        methodError={form.error('paymentMethodType')}
        accepted={form.values.accepted}
        onAccepted={(accepted) => form.set('accepted', accepted)}
        error={termsError && !form.values.accepted ? t('orders.payment.terms_required') : termsError}
      />
    </ContractFormFrame>
  );
}

/** Accepts the quote of this order with a payment method and the current terms; answers the choice, or null. */
export function openAcceptQuote(options: CalibrationOptions, orderId: number) {
  return openDialog<PaymentChoice | null>(
    i18n.t('orders.quote.accept_title'),
    (finish) => <AcceptQuoteForm options={options} orderId={orderId} finish={finish} />,
    null,
    'wide',
  );
}
