import { Button, CopyButton, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A delivery's e-mail as text to copy: what staff send themselves when the server could not. */
export function DeliveryEmail({
  email,
}: {
  email: { subject: string; text: string; linksValidUntil: string };
}) {
  const { t } = useTranslation();
  const whole = `${email.subject}\n\n${email.text}`;
  return (
    <Stack gap="xs">
      <Text size="sm">{t('certificates.delivery.email_text_hint', { date: email.linksValidUntil })}</Text>
      <Textarea
        label={t('certificates.delivery.email_text')}
        value={whole}
        readOnly
        autosize
        minRows={6}
        maxRows={16}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
      />
      <CopyButton value={whole}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} w="fit-content">
            {copied ? t('certificates.delivery.copied') : t('certificates.delivery.copy')}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}
