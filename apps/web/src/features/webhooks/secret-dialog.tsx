import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { DIALOG_MIN_WIDTH, openModal } from '../../components/dialogs/open-dialog';
import { useCopyText } from '../../hooks/use-copy-text';
import { i18n } from '../../lib/i18n';

function SecretBody({ url, secret, onClose }: { url: string; secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = useCopyText();
  return (
    <Stack gap="sm">
      <Alert color="orange" title={t('webhooks.secret.shown_once_title')}>
        {t('webhooks.secret.shown_once', { url })}
      </Alert>
      <Code
        block
        aria-label={t('webhooks.secret.label')}
        style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
      >
        {secret}
      </Code>
      <Text size="sm" c="dimmed">
        {t('webhooks.secret.how')}
      </Text>
      <Group justify="flex-end" gap="sm">
        {copy.state !== 'idle' && (
          <Text size="sm" role="status" c={copy.state === 'copied' ? 'teal' : 'red'}>
            {t(copy.state === 'copied' ? 'webhooks.secret.copied' : 'webhooks.secret.copy_failed')}
          </Text>
        )}
        <Button variant="light" onClick={() => void copy.copy(secret)}>
          {t('webhooks.secret.copy')}
        </Button>
        <Button onClick={onClose}>{t('common.actions.close')}</Button>
      </Group>
    </Stack>
  );
}

/**
 * Shows an endpoint's signing secret, this once: closing the dialog forgets it. A click beside the
 * dialog does not close it, so the secret is not lost by a stray click.
 */
export function showSecret(url: string, secret: string): void {
  const id = openModal({
    title: i18n.t('webhooks.secret.title'),
    miw: DIALOG_MIN_WIDTH.wide,
    size: 'lg',
    closeOnClickOutside: false,
    children: <SecretBody url={url} secret={secret} onClose={() => modals.close(id)} />,
  });
}
