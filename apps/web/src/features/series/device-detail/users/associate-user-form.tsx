import { associateUsersBodySchema } from '@fleet/contract';
import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogErrorText } from '../../../../components/dialogs';
import { associateUser } from '../../api/device-actions';
import { useDeviceChange } from '../info/use-device-change';

const LABEL_OFFSET =
  'calc(var(--mantine-font-size-sm) * var(--mantine-line-height) + var(--mantine-spacing-xs) / 2)';

/** Spec §5: the username is required; the server's refusal (already associated) shows under the field. */
export function AssociateUserForm({ serialNumber }: { serialNumber: string }) {
  const { t } = useTranslation();
  const change = useDeviceChange(serialNumber);
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const checked = associateUsersBodySchema.safeParse({ userNames: [username] });
    if (!checked.success) {
      setError(t('series.detail.users.username_required'));
      return;
    }
    setBusy(true);
    try {
      const [name = ''] = checked.data.userNames;
      await change(
        await associateUser(serialNumber, name),
        t('series.detail.users.associated', { username: name, serialNumber }),
      );
      setUsername('');
      setError(null);
    } catch (failure) {
      setError(dialogErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Group align="flex-start" gap="sm">
        <TextInput
          label={t('series.detail.users.username')}
          value={username}
          onChange={(event) => {
            setUsername(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={128}
          w={320}
        />
        {/* Level with the input, below its label, whether an error shows under the input or not. */}
        <Button type="submit" loading={busy} style={{ marginTop: LABEL_OFFSET }}>
          {t('series.detail.users.associate')}
        </Button>
      </Group>
    </form>
  );
}
