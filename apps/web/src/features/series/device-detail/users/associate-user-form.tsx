import { associateUsersBodySchema } from '@fleet/contract';
import { Button, Group, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../../components/show-success';
import { useContractForm } from '../../../../hooks/use-contract-form';
import { deviceMutations } from '../../api/device-actions';

const LABEL_OFFSET =
  'calc(var(--mantine-font-size-sm) * var(--mantine-line-height) + var(--mantine-spacing-xs) / 2)';

/** Spec §5: the username is required; the server's refusal (already associated) shows under the field. */
export function AssociateUserForm({ serialNumber }: { serialNumber: string }) {
  const [round, setRound] = useState(0);
  // A user associated starts a new form: a new round opens it on an empty field.
  return (
    <UsernameForm
      key={round}
      serialNumber={serialNumber}
      onAssociated={() => setRound((current) => current + 1)}
    />
  );
}

function UsernameForm({ serialNumber, onAssociated }: { serialNumber: string; onAssociated: () => void }) {
  const { t } = useTranslation();
  const associate = useMutation(deviceMutations(serialNumber).associateUser);
  const form = useContractForm<typeof associateUsersBodySchema, { username: string }>(
    associateUsersBodySchema,
    { username: '' },
    ({ username }) => ({ userNames: [username] }),
  );
  const submit = () =>
    void form.submit(async ({ userNames: [name = ''] }) => {
      await associate.mutateAsync(name);
      showSuccess(t('series.detail.users.associated', { username: name, serialNumber }));
      onAssociated();
    });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group align="flex-start" gap="sm">
        <TextInput
          label={t('series.detail.users.username')}
          value={form.values.username}
          onChange={(event) => form.set('username', event.currentTarget.value)}
          error={
            form.refused('userNames')
              ? t('series.detail.users.username_required')
              : (form.failure ?? undefined)
          }
          maxLength={128}
          w={320}
        />
        {/* Level with the input, below its label, whether an error shows under the input or not. */}
        <Button type="submit" loading={form.busy} style={{ marginTop: LABEL_OFFSET }}>
          {t('series.detail.users.associate')}
        </Button>
      </Group>
    </form>
  );
}
